import { Breadcrumb, Callout, Spinner } from '@purchasing/ui';
import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';
import { usePurchasing } from '../../PurchasingProvider';
import { LoadFailed } from '../LoadFailed';
import { pageMaxWidth, stickyTop } from '../themeVariables';
import type { DetailScreenState } from './useDetailScreen';
import { WayBackCard } from './WayBackCard';

/** The texts of a detail screen's states (the spec's words, passed in by each screen). */
export interface DetailMessages {
  /** The spinner's name while the record loads, e.g. 'Loading requisition'. */
  loading: string;
  /** Asks the user to choose an organisation. */
  noOrganization: string;
  /** The not-found state's title, e.g. 'Requisition not found'. */
  notFound: string;
  /** The line under it. */
  notFoundDescription: string;
  /** The load failure, e.g. 'Failed to load requisition details.'. */
  loadFailed: string;
  /** The failure's button; 'Retry' when absent. */
  retry?: string;
}

/** Props of {@link DetailScreen}. */
export interface DetailScreenProps<TRecord> {
  state: DetailScreenState<TRecord>;
  /** The list the record belongs to: the breadcrumb's first step and the not-found state's way back. */
  backTo: { label: string; href: string; backLabel: string; asButton?: boolean };
  /** The not-found state's picture; a magnifier on a page when absent. */
  notFoundIcon?: ReactNode;
  /** The breadcrumb's last step: the record's name once loaded, `placeholder` before. */
  crumb: (record: TRecord) => string;
  /** The breadcrumb's last step while there is no record ('Review'); the trail shows only `backTo` when absent. */
  placeholder?: string;
  messages: DetailMessages;
  /** The page's widest extent in pixels, unless the host sets `--purchasing-page-max-width`. */
  maxWidth?: number;
  /** The loaded record's screen, usually a {@link DetailLayout}: a component, so it may hold hooks. */
  children: (record: TRecord, organizationId: string) => ReactNode;
}

/**
 * Only the record prints: the host's shell and everything marked `data-print="hide"` (breadcrumb,
 * actions) are hidden, and cards and table rows do not split across pages.
 */
const PRINT_STYLES = `
@media print {
  [data-print="hide"] { display: none !important; }
  html, body { background: #fff !important; }
  main { padding: 0 !important; }
  [data-detail-screen] { max-width: none !important; }
  [data-detail-screen] .rt-Card { break-inside: avoid; }
  [data-detail-screen] tr { break-inside: avoid; }
}
`;

/**
 * The frame of a screen about one record: the breadcrumb back to its list, then the state of
 * {@link useDetailScreen} written once for every detail: a spinner while loading, the request to choose
 * an organisation, 'not found' with a way back ({@link WayBackCard}: no Retry, asking again cannot
 * help), the load failure with a Retry ({@link LoadFailed}: a refusal shows the server's reason and no
 * Retry), or the loaded record through `children`.
 */
export function DetailScreen<TRecord>({
  state,
  backTo,
  crumb,
  placeholder,
  messages,
  maxWidth = 1200,
  notFoundIcon,
  children,
}: DetailScreenProps<TRecord>): ReactElement {
  const { navigation } = usePurchasing();
  const current = state.record === undefined ? placeholder : crumb(state.record);
  return (
    <Flex direction="column" gap="5" data-detail-screen="" style={{ maxWidth: pageMaxWidth(maxWidth) }}>
      <style>{PRINT_STYLES}</style>
      <Box data-print="hide">
        <Breadcrumb
          items={[
            { label: backTo.label, href: backTo.href },
            ...(current === undefined ? [] : [{ label: current }]),
          ]}
          onNavigate={(href) => navigation.navigate(href)}
        />
      </Box>
      <DetailBody state={state} backTo={backTo} messages={messages} notFoundIcon={notFoundIcon}>
        {children}
      </DetailBody>
    </Flex>
  );
}

function DetailBody<TRecord>({
  state,
  backTo,
  messages,
  children,
  notFoundIcon,
}: Pick<
  DetailScreenProps<TRecord>,
  'state' | 'backTo' | 'messages' | 'children' | 'notFoundIcon'
>): ReactElement {
  switch (state.status) {
    case 'no-organization':
      return <Callout variant="info">{messages.noOrganization}</Callout>;
    case 'not-found':
      return (
        <WayBackCard
          icon={notFoundIcon}
          title={messages.notFound}
          description={messages.notFoundDescription}
          href={backTo.href}
          label={backTo.backLabel}
          asButton={backTo.asButton}
        />
      );
    case 'error':
      return (
        <LoadFailed
          error={state.error}
          message={messages.loadFailed}
          retryLabel={messages.retry}
          onRetry={state.retry}
        />
      );
    case 'ready':
      return <>{state.record === undefined ? null : children(state.record, state.organizationId)}</>;
    default:
      return (
        <Flex justify="center" py="9">
          <Spinner label={messages.loading} />
        </Flex>
      );
  }
}

/** Props of {@link DetailLayout}. */
export interface DetailLayoutProps {
  /** The record's name, the page's heading (its one h1). */
  title: string;
  /** Beside the title: the status badge. */
  status?: ReactNode;
  /** One line under the title, e.g. 'Created 14 Nov 2026 by Uma Patel'. */
  subtitle?: ReactNode;
  /** The record's actions, at the right of the heading (under it on a phone, in one row). */
  actions?: ReactNode;
  /** Banners between the heading and the panels (info requested, budget overrun, sent…). */
  callouts?: ReactNode;
  /** The record's panels, in reading order. */
  main: ReactNode;
  /** Panels beside the main ones on a wide screen, after them on a phone. */
  aside?: ReactNode;
  /** Keep the aside in view while the main panels scroll (a decision panel). */
  stickyAside?: boolean;
  /** What happened to the record (a timeline), after the main panels. */
  history?: ReactNode;
  /** Dialogs of the actions. */
  children?: ReactNode;
}

/**
 * A loaded record: heading with status, subtitle and actions; callouts; the main panels with an aside
 * (two columns from the `md` breakpoint, one below it) and the history under the main panels.
 */
export function DetailLayout({
  title,
  status,
  subtitle,
  actions,
  callouts,
  main,
  aside,
  stickyAside = false,
  history,
  children,
}: DetailLayoutProps): ReactElement {
  return (
    <>
      <Flex justify="between" align="start" gap="4" wrap="wrap">
        <Flex direction="column" gap="1" minWidth="0">
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h1" size={{ initial: '6', sm: '7' }} style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Heading>
            {status}
          </Flex>
          {subtitle ? (
            <Text size="2" color="gray">
              {subtitle}
            </Text>
          ) : null}
        </Flex>
        {actions ? (
          <Flex gap="2" wrap="wrap" data-print="hide" data-detail-actions="">
            {actions}
          </Flex>
        ) : null}
      </Flex>
      {callouts}
      <Grid
        columns={{ initial: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(300px, 1fr)' }}
        rows={{ initial: 'auto', md: 'auto 1fr' }}
        areas={
          aside
            ? { initial: '"main" "aside" "history"', md: '"main aside" "history aside"' }
            : { initial: '"main" "history"', md: '"main main" "history history"' }
        }
        gap="5"
        align="start"
      >
        <Flex direction="column" gap="5" gridArea="main" minWidth="0">
          {main}
        </Flex>
        {aside ? (
          <Flex
            direction="column"
            gap="5"
            gridArea="aside"
            minWidth="0"
            position={stickyAside ? { initial: 'static', md: 'sticky' } : undefined}
            // Below the host's sticky header when it has one (AppShell or the host sets its height).
            style={stickyAside ? { top: `calc(${stickyTop} + var(--space-4))` } : undefined}
          >
            {aside}
          </Flex>
        ) : null}
        {history ? (
          <Flex direction="column" gap="5" gridArea="history" minWidth="0">
            {history}
          </Flex>
        ) : null}
      </Grid>
      {children}
    </>
  );
}
