import type { Schemas } from '@purchasing/api-client';
import { Callout, Spinner } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { Fragment, type ReactElement, type ReactNode } from 'react';
import { useSession } from '../SessionProvider';
import { ListHeading } from './list/ListHeading';
import { pageMaxWidth } from './themeVariables';

type Organization = Schemas['Organization'];

/** Props of {@link ScreenFrame}. */
export interface ScreenFrameProps {
  /** The screen's heading, shown alone while there is no organisation to show the screen for. */
  title: string;
  /** Asks the user to choose an organisation, e.g. 'Please select an organization from the header to view requisitions'. */
  noOrganization: string;
  /** The page's widest extent in pixels, unless the host sets `--purchasing-page-max-width`. */
  maxWidth?: number;
  /**
   * Why the user may not see the screen in `organization` (a missing permission), shown in place of
   * the screen under its title; `undefined` when they may.
   */
  refusal?(organization: Organization): string | undefined;
  /**
   * The screen for the current organisation. It is mounted afresh when the organisation changes, so no
   * state (a page, a dialog, a cursor) carries over from another organisation.
   */
  children(organization: Organization): ReactNode;
}

/**
 * The frame of an organisation's screen: a column of the page's width that waits for the user's
 * organisations (a spinner) and asks to choose one when there is none, showing only the title then;
 * with an organisation it renders `children` for it, unless `refusal` says why the user may not.
 */
export function ScreenFrame({
  title,
  noOrganization,
  maxWidth = 1400,
  refusal,
  children,
}: ScreenFrameProps): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();
  const refused = currentOrganization ? refusal?.(currentOrganization) : undefined;
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: pageMaxWidth(maxWidth) }}>
      {organizationsLoading || !currentOrganization || refused !== undefined ? (
        <>
          <ListHeading title={title} />
          {organizationsLoading ? (
            <Flex justify="center" py="9">
              <Spinner label="Loading organizations" />
            </Flex>
          ) : (
            <Callout variant="info">{refused ?? noOrganization}</Callout>
          )}
        </>
      ) : (
        <Fragment key={currentOrganization.id}>{children(currentOrganization)}</Fragment>
      )}
    </Flex>
  );
}
