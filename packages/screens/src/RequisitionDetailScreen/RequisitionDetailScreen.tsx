import { requisitionQueries, type Schemas } from '@purchasing/api-client';
import { Button, Callout, ConfirmDialog, EmptyState, formatMoney, Modal, Spinner } from '@purchasing/ui';
import { Box, Flex, Grid, Button as RadixButton, Card as RadixCard } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileSearch } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { ApprovalActionForm } from '../ApprovalActionForm';
import { ApprovalWorkflowTimeline } from '../ApprovalWorkflowTimeline';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { BudgetOverrunCallout } from '../shared/BudgetOverrun';
import { fullName } from '../shared/display';
import { isMissingRecord } from '../shared/missingRecord';
import { Panel } from '../shared/Panel';
import { AttachmentsPanel } from './AttachmentsPanel';
import { DetailsPanel } from './DetailsPanel';
import { InfoRequestedBanner } from './InfoRequestedBanner';
import { LineItemsPanel } from './LineItemsPanel';
import { QuickInfoPanel } from './QuickInfoPanel';
import { RequisitionDetailHeader } from './RequisitionDetailHeader';
import { requisitionDetailMessages } from './requisitionDetailMessages';
import { useRequisitionDetailActions } from './useRequisitionDetailActions';

export { requisitionDetailMessages } from './requisitionDetailMessages';

type Requisition = Schemas['Requisition'];

/** Props of {@link RequisitionDetailScreen}. */
export interface RequisitionDetailScreenProps {
  /** The requisition's id, from the route (`/requisitions/{id}`). */
  requisitionId: string;
}

/**
 * Only the requisition prints: the shell (marked `data-print="hide"` by AppShell) and the screen's
 * own actions are hidden, and cards do not split across pages. In a narrow line-items panel the SKU
 * and notes move under the description instead of scrolling the table sideways.
 */
const SCREEN_STYLES = `
@container line-items (max-width: 640px) {
  [data-line-items] [data-wide-only] { display: none; }
  [data-line-items] [data-narrow-only] { display: block !important; }
}
@media print {
  [data-print="hide"] { display: none !important; }
  html, body { background: #fff !important; }
  main { padding: 0 !important; }
  [data-requisition-detail] { max-width: none !important; }
  [data-requisition-detail] .rt-Card { break-inside: avoid; }
  [data-requisition-detail] tr { break-inside: avoid; }
}
`;

/**
 * The requisition detail screen (document 1 §2 'Requisition detail'): breadcrumb, number, status and
 * created date; Print, Edit, Submit/Resubmit, Review and Delete as the status and the user allow; the
 * info-requested banner; the details, line items, attachments (with downloads), approval workflow and
 * quick info. Totals, statuses and permissions are the server's: the screen only hides what the user
 * cannot do.
 */
export function RequisitionDetailScreen({ requisitionId }: RequisitionDetailScreenProps): ReactElement {
  const { client, navigation } = usePurchasing();
  const { currentOrganization, organizationsLoading } = useSession();
  const organizationId = currentOrganization?.id ?? '';
  const backToList = useLinkProps(navigation.hrefs.requisitions());
  const detail = useQuery({
    ...requisitionQueries.detail(client, organizationId, requisitionId),
    enabled: organizationId !== '',
  });

  if (organizationsLoading) return <LoadingState />;
  if (!currentOrganization)
    return <Callout variant="info">{requisitionDetailMessages.noOrganization}</Callout>;
  if (detail.isPending) return <LoadingState />;
  if (detail.isError) {
    if (isMissingRecord(detail.error)) {
      return (
        <RadixCard size="3">
          <EmptyState
            icon={<FileSearch size={32} />}
            title={requisitionDetailMessages.notFound}
            description={requisitionDetailMessages.notFoundDescription}
            action={
              <RadixButton asChild variant="soft">
                <a {...backToList}>
                  <ArrowLeft size={16} aria-hidden />
                  Back to Requisitions
                </a>
              </RadixButton>
            }
          />
        </RadixCard>
      );
    }
    return (
      <Callout
        variant="error"
        action={
          <Button size="1" variant="secondary" onClick={() => void detail.refetch()}>
            Retry
          </Button>
        }
      >
        {requisitionDetailMessages.loadFailed}
      </Callout>
    );
  }
  return <RequisitionDetail requisition={detail.data.requisition} organizationId={organizationId} />;
}

function LoadingState(): ReactElement {
  return (
    <Flex justify="center" py="9">
      <Spinner label="Loading requisition" />
    </Flex>
  );
}

function RequisitionDetail({
  requisition,
  organizationId,
}: {
  requisition: Requisition;
  organizationId: string;
}): ReactElement {
  const { user, hasPermission } = useSession();
  const [reviewOpen, setReviewOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const { submit, remove } = useRequisitionDetailActions(requisition, organizationId, () =>
    setDeleteOpen(false),
  );

  const { status } = requisition;
  const isRequestor = user !== null && user.id === requisition.requestor.id;
  // Hides what the server would refuse anyway (document 1 §4); the server still decides.
  const requestorMayChange = isRequestor && (status === 'draft' || status === 'info_requested');
  const mayReview = status === 'under_review' && !isRequestor && hasPermission('approval.act');

  return (
    <Flex direction="column" gap="5" data-requisition-detail="" style={{ maxWidth: 1200 }}>
      <style>{SCREEN_STYLES}</style>
      <RequisitionDetailHeader
        requisition={requisition}
        requestorMayChange={requestorMayChange}
        mayReview={mayReview}
        submitting={submit.isPending}
        onSubmit={() => submit.mutate()}
        onDelete={() => setDeleteOpen(true)}
        onReview={() => setReviewOpen(true)}
      />

      {status === 'info_requested' ? (
        <InfoRequestedBanner requisition={requisition} showUpdate={isRequestor} />
      ) : null}

      <BudgetOverrunCallout requisition={requisition} />

      {/* Beside the side panel the line items table would be too narrow for its six columns, so on wide
          screens it takes the full width under the details and attachments. */}
      <Grid
        columns={{ initial: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        // A tall side panel grows the attachments row, never the details row (no gap under the details).
        rows={{ initial: 'auto', lg: 'auto 1fr auto' }}
        areas={{
          initial: '"details" "lines" "attachments" "side"',
          lg: '"details side" "attachments side" "lines lines"',
        }}
        gap="5"
        align="start"
      >
        <Box gridArea="details" minWidth="0">
          <DetailsPanel requisition={requisition} />
        </Box>
        <Box gridArea="lines" minWidth="0">
          <LineItemsPanel requisition={requisition} />
        </Box>
        <Box gridArea="attachments" minWidth="0">
          <AttachmentsPanel requisition={requisition} organizationId={organizationId} />
        </Box>
        <Flex direction="column" gap="5" gridArea="side" minWidth="0">
          <QuickInfoPanel requisition={requisition} />
          <Panel title="Approval Workflow">
            <ApprovalWorkflowTimeline steps={requisition.approval_workflow} currency={requisition.currency} />
          </Panel>
        </Flex>
      </Grid>

      {mayReview ? (
        <Modal
          open={reviewOpen}
          onOpenChange={setReviewOpen}
          title={`Review ${requisition.requisition_number}`}
          description={`${fullName(requisition.requestor)} requests ${formatMoney(
            requisition.total_amount,
            requisition.currency,
          )}.`}
          size="lg"
        >
          <ApprovalActionForm
            requisition={requisition}
            onDone={() => setReviewOpen(false)}
            onCancel={() => setReviewOpen(false)}
          />
        </Modal>
      ) : null}

      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        onConfirm={() => remove.mutate()}
        title="Delete Requisition"
        message={requisitionDetailMessages.deleteConfirm(requisition.requisition_number)}
        confirmLabel="Delete"
        variant="danger"
        loading={remove.isPending}
      />
    </Flex>
  );
}
