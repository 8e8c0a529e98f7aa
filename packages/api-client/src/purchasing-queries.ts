import type { operations, paths } from '@purchasing/contract';
import { queryOptions } from '@tanstack/react-query';
import { budgetKeys } from './budget-queries';
import type { PurchasingClient } from './client';
import { unwrap } from './errors';
import { type PurchasingQueryOptions, queryKeys } from './queries';

/** The JSON body of a path's successful GET. */
type GetBody<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer Body } } } };
}
  ? Body
  : never;

/**
 * The filters of `GET /requisitions` (search, status[], category[], cost_center_id[], dates, paging).
 * The `cursor` parameter is left out: it goes through {@link ListCursorHint}, outside the query key.
 */
export type RequisitionListFilters = Omit<
  NonNullable<operations['listRequisitions']['parameters']['query']>,
  'cursor'
>;

/** The filters of `GET /approvals/pending` (status, level[], dates, search, paging), without `cursor`. */
export type PendingApprovalFilters = Omit<
  NonNullable<operations['listPendingApprovals']['parameters']['query']>,
  'cursor'
>;

/**
 * A performance hint for a paged list query: `cursor` is read when the page is fetched and answers the
 * `pagination.cursor` of a page of the same list and filters (typically the page on screen), sent as
 * the `cursor` parameter so the server seeks from that page instead of skipping `offset` rows. The
 * answer is the same with or without it, so it is not part of the query key: caching and
 * invalidation see one query per filters and page.
 *
 * @example
 * const shown = useRef<string>();
 * const list = useQuery({
 *   ...requisitionQueries.list(client, organizationId, filters, { cursor: () => shown.current }),
 *   placeholderData: keepPreviousData,
 * });
 * useEffect(() => { shown.current = list.data?.pagination.cursor; }, [list.data]);
 */
export interface ListCursorHint {
  /** Answers the cursor to send, or `undefined` to read the page by its offset alone. */
  cursor?: () => string | undefined;
}

/** `query` with the hint's cursor, when it has one. */
function withCursor<Q extends object>(query: Q, hint: ListCursorHint): Q & { cursor?: string } {
  const cursor = hint.cursor?.();
  return cursor ? { ...query, cursor } : query;
}

/** The kind of record files are attached to. */
export type AttachmentEntityType = 'requisition' | 'purchase_order';

const scoped = (organizationId: string) => ({ 'X-Organization-Id': organizationId });

/**
 * Query keys of requisitions, approvals and attachments, under
 * `queryKeys.organization(id)` like every organisation-scoped key. Invalidate
 * `requisitionKeys.all(org)` after any requisition or approval change: lists, details and the queue
 * live under it.
 */
export const requisitionKeys = {
  /** Root of everything about requisitions and approvals of one organisation. */
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'requisitions'] as const,
  /** `GET /requisitions` with these filters. */
  list: (organizationId: string, filters: RequisitionListFilters) =>
    [...requisitionKeys.all(organizationId), 'list', filters] as const,
  /** `GET /requisitions/{id}`. */
  detail: (organizationId: string, id: string) =>
    [...requisitionKeys.all(organizationId), 'detail', id] as const,
  /**
   * `GET /requisitions/{id}/history/verify`: under the detail's key, so whatever refreshes the
   * requisition after a change checks its history again.
   */
  historyVerification: (organizationId: string, id: string) =>
    [...requisitionKeys.detail(organizationId, id), 'history-verification'] as const,
  /** `GET /approvals/pending` with these filters. */
  pendingApprovals: (organizationId: string, filters: PendingApprovalFilters) =>
    [...requisitionKeys.all(organizationId), 'approvals', 'pending', filters] as const,
  /** `GET /approvals/history`. */
  approvalHistory: (organizationId: string, paging: { limit?: number; offset?: number }) =>
    [...requisitionKeys.all(organizationId), 'approvals', 'history', paging] as const,
  /** `GET /approvals/{requisitionId}/delegates`. */
  delegateCandidates: (organizationId: string, requisitionId: string) =>
    [...requisitionKeys.all(organizationId), 'approvals', 'delegates', requisitionId] as const,
  /**
   * `GET /budgets/check` for one cost centre and amount.
   *
   * @deprecated Use `budgetKeys.check`, which this now answers: the check lives under
   * `budgetKeys.all(org)`, so invalidating the budgets after a change refreshes it too.
   */
  budgetCheck: (organizationId: string, costCenterId: string, amount: number, currency?: string) =>
    budgetKeys.check(organizationId, costCenterId, amount, currency),
  /** `GET /attachments/{entityType}/{entityId}`. */
  attachments: (organizationId: string, entityType: AttachmentEntityType, entityId: string) =>
    [...queryKeys.organization(organizationId), 'attachments', entityType, entityId] as const,
};

/** Shared queries about requisitions, for `useQuery` in screens and `ensureQueryData` in loaders. */
export const requisitionQueries = {
  /**
   * `GET /requisitions`: the answer `{ requisitions, pagination }`. `hint.cursor` is read at fetch time
   * and sent as `cursor` (see {@link ListCursorHint}); the key holds the filters only.
   */
  list: (
    client: PurchasingClient,
    organizationId: string,
    filters: RequisitionListFilters,
    hint: ListCursorHint = {},
  ): PurchasingQueryOptions<GetBody<'/requisitions'>, ReturnType<typeof requisitionKeys.list>> =>
    queryOptions({
      queryKey: requisitionKeys.list(organizationId, filters),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/requisitions', {
            params: { query: withCursor(filters, hint), header: scoped(organizationId) },
            signal,
          }),
        ),
    }),

  /** `GET /requisitions/{id}`: the answer `{ requisition }` with lines, attachments and workflow. */
  detail: (
    client: PurchasingClient,
    organizationId: string,
    id: string,
  ): PurchasingQueryOptions<GetBody<'/requisitions/{id}'>, ReturnType<typeof requisitionKeys.detail>> =>
    queryOptions({
      queryKey: requisitionKeys.detail(organizationId, id),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/requisitions/{id}', {
            params: { path: { id }, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),

  /**
   * `GET /requisitions/{id}/history/verify`: whether the requisition's entries of the tamper-evident
   * history chain are intact, `{ intact, checked, first_broken_sequence? }`.
   */
  historyVerification: (
    client: PurchasingClient,
    organizationId: string,
    id: string,
  ): PurchasingQueryOptions<
    GetBody<'/requisitions/{id}/history/verify'>,
    ReturnType<typeof requisitionKeys.historyVerification>
  > =>
    queryOptions({
      queryKey: requisitionKeys.historyVerification(organizationId, id),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/requisitions/{id}/history/verify', {
            params: { path: { id }, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),
};

/** Shared queries about the caller's approvals. */
export const approvalQueries = {
  /**
   * `GET /approvals/pending`: the answer `{ pending_approvals, pagination }`. `hint.cursor` is read at
   * fetch time and sent as `cursor` (see {@link ListCursorHint}); the key holds the filters only.
   */
  pending: (
    client: PurchasingClient,
    organizationId: string,
    filters: PendingApprovalFilters,
    hint: ListCursorHint = {},
  ): PurchasingQueryOptions<
    GetBody<'/approvals/pending'>,
    ReturnType<typeof requisitionKeys.pendingApprovals>
  > =>
    queryOptions({
      queryKey: requisitionKeys.pendingApprovals(organizationId, filters),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/approvals/pending', {
            params: { query: withCursor(filters, hint), header: scoped(organizationId) },
            signal,
          }),
        ),
    }),

  /**
   * `GET /approvals/history`: the answer `{ approvals, pagination }`. `hint.cursor` is read at fetch
   * time and sent as `cursor` (see {@link ListCursorHint}); the key holds the paging only.
   */
  history: (
    client: PurchasingClient,
    organizationId: string,
    paging: { limit?: number; offset?: number } = {},
    hint: ListCursorHint = {},
  ): PurchasingQueryOptions<
    GetBody<'/approvals/history'>,
    ReturnType<typeof requisitionKeys.approvalHistory>
  > =>
    queryOptions({
      queryKey: requisitionKeys.approvalHistory(organizationId, paging),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/approvals/history', {
            params: { query: withCursor(paging, hint), header: scoped(organizationId) },
            signal,
          }),
        ),
    }),

  /** `GET /approvals/{requisitionId}/delegates`: the answer `{ users }` the caller may delegate their open step to. */
  delegateCandidates: (
    client: PurchasingClient,
    organizationId: string,
    requisitionId: string,
  ): PurchasingQueryOptions<
    GetBody<'/approvals/{requisitionId}/delegates'>,
    ReturnType<typeof requisitionKeys.delegateCandidates>
  > =>
    queryOptions({
      queryKey: requisitionKeys.delegateCandidates(organizationId, requisitionId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/approvals/{requisitionId}/delegates', {
            params: { path: { requisitionId }, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),
};

/** Shared query of a record's attachments. */
export const attachmentQueries = {
  /** `GET /attachments/{entityType}/{entityId}`: the answer `{ attachments }`. */
  list: (
    client: PurchasingClient,
    organizationId: string,
    entityType: AttachmentEntityType,
    entityId: string,
  ): PurchasingQueryOptions<
    GetBody<'/attachments/{entityType}/{entityId}'>,
    ReturnType<typeof requisitionKeys.attachments>
  > =>
    queryOptions({
      queryKey: requisitionKeys.attachments(organizationId, entityType, entityId),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/attachments/{entityType}/{entityId}', {
            params: { path: { entityType, entityId }, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),
};

/** What {@link uploadAttachments} sends. */
export interface AttachmentUploadRequest {
  organizationId: string;
  entityType: AttachmentEntityType;
  entityId: string;
  /** Browser `File`s (or Blobs with a name) sent as repeated `files` parts. */
  files: readonly File[];
  signal?: AbortSignal;
}

/**
 * `POST /attachments/upload` as multipart/form-data (entity_type, entity_id, repeated files): resolves
 * to `{ attachments }` of the stored files, or rejects with an `ApiError` carrying the server's message.
 */
export function uploadAttachments(
  client: PurchasingClient,
  { organizationId, entityType, entityId, files, signal }: AttachmentUploadRequest,
) {
  const form = new FormData();
  form.append('entity_type', entityType);
  form.append('entity_id', entityId);
  for (const file of files) form.append('files', file, file.name);
  return unwrap(
    client.api.POST('/attachments/upload', {
      params: { header: scoped(organizationId) },
      // The typed body describes the parts; the FormData itself goes out (the browser sets the boundary).
      body: { entity_type: entityType, entity_id: entityId, files: files.map((f) => f.name) },
      bodySerializer: () => form,
      signal,
    }),
  );
}
