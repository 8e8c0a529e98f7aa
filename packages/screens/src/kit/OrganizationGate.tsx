import type { Schemas } from '@purchasing/api-client';
import { Callout, Spinner } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';
import { useSession } from '../SessionProvider';

type Organization = Schemas['Organization'];

/** Props of {@link OrganizationGate}. */
export interface OrganizationGateProps {
  /** Asks the user to choose an organisation, e.g. 'Please select an organization from the header to view your dashboard'. */
  noOrganization: string;
  /**
   * What to show instead of the screen when the user may not use it in `organization` (a missing
   * permission), e.g. a callout; `undefined` or `null` when they may.
   */
  refusal?(organization: Organization): ReactNode;
  /** The screen's body for the current organisation. */
  children(organization: Organization): ReactNode;
}

/**
 * The body of a screen that needs an organisation, under a heading the screen keeps: a spinner while
 * the user's organisations load, the request to choose one when there is none, the refusal when the
 * user may not use the screen there, else `children`. (`ScreenFrame` is the same gate with the list
 * kit's heading.)
 */
export function OrganizationGate({ noOrganization, refusal, children }: OrganizationGateProps): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();
  if (organizationsLoading) {
    return (
      <Flex justify="center" py="9">
        <Spinner label="Loading organizations" />
      </Flex>
    );
  }
  if (!currentOrganization) return <Callout variant="info">{noOrganization}</Callout>;
  const refused = refusal?.(currentOrganization);
  return <>{refused === undefined || refused === null ? children(currentOrganization) : refused}</>;
}
