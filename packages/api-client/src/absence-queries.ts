import type { paths } from '@purchasing/contract';
import { queryOptions } from '@tanstack/react-query';
import type { PurchasingClient } from './client';
import { unwrap } from './errors';
import { type PurchasingQueryOptions, queryKeys } from './queries';

type AbsenceList = paths['/users/me/absences']['get']['responses'][200]['content']['application/json'];
type DelegateList =
  paths['/users/me/absence-delegates']['get']['responses'][200]['content']['application/json'];

/**
 * Query keys of the signed-in user's out-of-office periods in an organisation. Invalidate
 * `absenceKeys.all(org)` after one is set, changed or cancelled (and the approval queue with it).
 */
export const absenceKeys = {
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'absences'] as const,
  /** `GET /users/me/absences`. */
  mine: (organizationId: string) => [...absenceKeys.all(organizationId), 'mine'] as const,
  /** `GET /users/me/absence-delegates`. */
  delegates: (organizationId: string) => [...absenceKeys.all(organizationId), 'delegates'] as const,
};

/** The signed-in user's absences and who may approve for them meanwhile. */
export const absenceQueries = {
  /** `GET /users/me/absences`: `{ absences }`, those not ended, by start. */
  mine: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<AbsenceList, ReturnType<typeof absenceKeys.mine>> =>
    queryOptions({
      queryKey: absenceKeys.mine(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/users/me/absences', {
            params: { header: { 'X-Organization-Id': organizationId } },
            signal,
          }),
        ),
    }),
  /** `GET /users/me/absence-delegates`: `{ users }`, the members who can approve, except oneself. */
  delegates: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<DelegateList, ReturnType<typeof absenceKeys.delegates>> =>
    queryOptions({
      queryKey: absenceKeys.delegates(organizationId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/users/me/absence-delegates', {
            params: { header: { 'X-Organization-Id': organizationId } },
            signal,
          }),
        ),
    }),
};
