import { requisitionKeys, requisitionQueries, type Schemas, unwrap } from '@purchasing/api-client';
import {
  Breadcrumb,
  Button,
  Callout,
  ConfirmDialog,
  EmptyState,
  formatDate,
  formatDateTime,
  formatMoney,
  Modal,
  Spinner,
  StatusBadge,
  toast,
} from '@purchasing/ui';
import {
  Box,
  DataList,
  Flex,
  Grid,
  Heading,
  Button as RadixButton,
  Callout as RadixCallout,
  Card as RadixCard,
  Table,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  ClipboardCheck,
  Download,
  FileSearch,
  FileText,
  MessageCircleQuestion,
  Paperclip,
  Pencil,
  Printer,
  Send,
  Trash2,
} from 'lucide-react';
import { type ReactElement, type ReactNode, useId, useState } from 'react';
import { ApprovalActionForm } from '../ApprovalActionForm';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { ApprovalWorkflowTimeline } from '../ApprovalWorkflowTimeline';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { downloadAttachment } from '../shared/attachments';
import { BaseAmount } from '../shared/BaseAmount';
import { BudgetOverrunCallout } from '../shared/BudgetOverrun';
import { categoryLabel, fullName } from '../shared/display';
import { isMissingRecord } from '../shared/missingRecord';
import { Panel } from '../shared/Panel';

type Requisition = Schemas['Requisition'];
type Attachment = Schemas['Attachment'];

/** Props of {@link RequisitionDetailScreen}. */
export interface RequisitionDetailScreenProps {
  /** The requisition's id, from the route (`/requisitions/{id}`). */
  requisitionId: string;
}

/** Product copy of the requisition detail screen (document 1 §2, §8). */
export const requisitionDetailMessages = {
  loadFailed: 'Failed to load requisition details.',
  notFound: 'Requisition not found',
  notFoundDescription:
    "It may have been deleted, or it belongs to someone else and you don't have access to it.",
  noOrganization: 'Please select an organization to view this requisition.',
  infoRequestedFallback: 'An approver has requested additional information for this requisition.',
  submitted: 'Requisition submitted successfully',
  submitFailed: 'Failed to submit requisition',
  deleted: 'Requisition deleted successfully',
  deleteFailed: 'Failed to delete requisition',
  deleteConfirm: (number: string) =>
    `Are you sure you want to delete requisition ${number}? This action cannot be undone.`,
} as const;

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

const kilobytes = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The approver's latest request for information, if any (the banner quotes it). */
function latestInfoRequest(requisition: Requisition): Schemas['ApprovalStep'] | null {
  const requests = requisition.approval_workflow.filter((step) => step.action === 'request_info');
  requests.sort(
    (a, b) =>
      new Date(b.actioned_at ?? b.created_at).getTime() - new Date(a.actioned_at ?? a.created_at).getTime(),
  );
  return requests[0] ?? null;
}

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
  const { client, navigation } = usePurchasing();
  const { user, hasPermission } = useSession();
  const queryClient = useQueryClient();
  const editLink = useLinkProps(navigation.hrefs.requisitionEdit(requisition.id));
  const [reviewOpen, setReviewOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const { status } = requisition;
  const isRequestor = user !== null && user.id === requisition.requestor.id;
  // Hides what the server would refuse anyway (document 1 §4); the server still decides.
  const requestorMayChange = isRequestor && (status === 'draft' || status === 'info_requested');
  const mayReview = status === 'under_review' && !isRequestor && hasPermission('approval.act');
  const header = { 'X-Organization-Id': organizationId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) });

  const submit = useMutation({
    mutationFn: () =>
      unwrap(
        client.api.POST('/requisitions/{id}/submit', { params: { path: { id: requisition.id }, header } }),
      ),
    onSuccess: () => {
      toast.success(requisitionDetailMessages.submitted);
      void refresh();
    },
    onError: (error) => {
      toast.error(serverMessage(error) ?? requisitionDetailMessages.submitFailed);
    },
  });

  const remove = useMutation({
    mutationFn: () =>
      unwrap(client.api.DELETE('/requisitions/{id}', { params: { path: { id: requisition.id }, header } })),
    onSuccess: () => {
      toast.success(requisitionDetailMessages.deleted);
      setDeleteOpen(false);
      // Drop the deleted record rather than refetch it into a 'not found' while the host navigates away.
      queryClient.removeQueries({ queryKey: requisitionKeys.detail(organizationId, requisition.id) });
      void queryClient.invalidateQueries({
        queryKey: requisitionKeys.all(organizationId),
        refetchType: 'none',
      });
      navigation.navigate(navigation.hrefs.requisitions());
    },
    onError: (error) => {
      toast.error(serverMessage(error) ?? requisitionDetailMessages.deleteFailed);
      setDeleteOpen(false);
    },
  });

  return (
    <Flex direction="column" gap="5" data-requisition-detail="" style={{ maxWidth: 1200 }}>
      <style>{SCREEN_STYLES}</style>
      <Box data-print="hide">
        <Breadcrumb
          items={[
            { label: 'Requisitions', href: navigation.hrefs.requisitions() },
            { label: requisition.requisition_number },
          ]}
          onNavigate={(href) => navigation.navigate(href)}
        />
      </Box>

      <Flex justify="between" align="start" gap="4" wrap="wrap">
        <Flex direction="column" gap="1" minWidth="0">
          <Flex align="center" gap="3" wrap="wrap">
            <Heading as="h2" size={{ initial: '6', sm: '7' }}>
              {requisition.requisition_number}
            </Heading>
            <StatusBadge status={status} />
          </Flex>
          <Text size="2" color="gray">
            Created {formatDate(requisition.created_at)} by {fullName(requisition.requestor)}
          </Text>
        </Flex>
        <Flex gap="2" wrap="wrap" data-print="hide">
          <Button variant="secondary" onClick={() => window.print()}>
            <Printer size={16} aria-hidden />
            Print
          </Button>
          {requestorMayChange ? (
            <>
              <RadixButton asChild variant="soft">
                <a {...editLink}>
                  <Pencil size={16} aria-hidden />
                  Edit
                </a>
              </RadixButton>
              <Button variant="secondary" color="red" onClick={() => setDeleteOpen(true)}>
                <Trash2 size={16} aria-hidden />
                Delete
              </Button>
              <Button onClick={() => submit.mutate()} loading={submit.isPending}>
                <Send size={16} aria-hidden />
                {status === 'info_requested' ? 'Resubmit' : 'Submit'}
              </Button>
            </>
          ) : null}
          {mayReview ? (
            <Button onClick={() => setReviewOpen(true)}>
              <ClipboardCheck size={16} aria-hidden />
              Review
            </Button>
          ) : null}
        </Flex>
      </Flex>

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

function InfoRequestedBanner({
  requisition,
  showUpdate,
}: {
  requisition: Requisition;
  showUpdate: boolean;
}): ReactElement {
  const { navigation } = usePurchasing();
  const editLink = useLinkProps(navigation.hrefs.requisitionEdit(requisition.id));
  const request = latestInfoRequest(requisition);
  const comment = request?.comments?.trim();
  const titleId = useId();
  return (
    <RadixCallout.Root
      color="orange"
      highContrast
      role="status"
      aria-labelledby={titleId}
      // Radix sizes the text column to its content; the action belongs at the far right, so the
      // columns are explicit and each child is placed in its own.
      style={{ gridTemplateColumns: 'auto minmax(0, 1fr)' }}
    >
      <RadixCallout.Icon style={{ gridColumnStart: 1 }}>
        <MessageCircleQuestion size={16} aria-hidden />
      </RadixCallout.Icon>
      <Flex align="center" justify="between" gap="3" wrap="wrap" style={{ gridColumnStart: 2 }}>
        <Flex direction="column" gap="1" minWidth="0" style={{ flex: '1 1 320px' }}>
          <RadixCallout.Text weight="bold" id={titleId}>
            Additional information requested
          </RadixCallout.Text>
          <RadixCallout.Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {comment ? `“${comment}”` : requisitionDetailMessages.infoRequestedFallback}
          </RadixCallout.Text>
          {comment && request?.approver ? (
            <RadixCallout.Text size="1">
              {fullName(request.approver)}, {request.level_title}
              {request.actioned_at ? `, ${formatDateTime(request.actioned_at)}` : ''}
            </RadixCallout.Text>
          ) : null}
        </Flex>
        {showUpdate ? (
          <RadixButton asChild color="orange" highContrast data-print="hide">
            <a {...editLink}>
              <Pencil size={16} aria-hidden />
              Update Requisition
            </a>
          </RadixButton>
        ) : null}
      </Flex>
    </RadixCallout.Root>
  );
}

function Muted({ children }: { children: ReactNode }): ReactElement {
  return <Text color="gray">{children}</Text>;
}

function DetailsPanel({ requisition }: { requisition: Requisition }): ReactElement {
  const { cost_center: costCenter, gl_account: glAccount, requestor } = requisition;
  const longText = (value: string | null) =>
    value?.trim() ? (
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</Text>
    ) : (
      <Muted>Not provided</Muted>
    );
  return (
    <Panel title="Requisition Details">
      <DataList.Root
        orientation="vertical"
        size="2"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
          gap: 'var(--space-4) var(--space-5)',
        }}
      >
        <DataList.Item>
          <DataList.Label>Requestor</DataList.Label>
          <DataList.Value>
            <Flex direction="column" minWidth="0">
              <Text weight="medium">{fullName(requestor)}</Text>
              <Text size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
                {requestor.email}
              </Text>
            </Flex>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Cost Center</DataList.Label>
          <DataList.Value>{`${costCenter.code} - ${costCenter.name}`}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>GL Account</DataList.Label>
          <DataList.Value>{`${glAccount.code} - ${glAccount.name}`}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Category</DataList.Label>
          <DataList.Value>{categoryLabel(requisition.category)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Total Amount</DataList.Label>
          <DataList.Value>
            <Box>
              <Text weight="bold">{formatMoney(requisition.total_amount, requisition.currency)}</Text>
              <Text color="gray">&nbsp;{requisition.currency}</Text>
              <BaseAmount requisition={requisition} />
            </Box>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Delivery Date</DataList.Label>
          <DataList.Value>{formatDate(requisition.delivery_date, 'Not specified')}</DataList.Value>
        </DataList.Item>
        <DataList.Item style={{ gridColumn: '1 / -1' }}>
          <DataList.Label>Justification</DataList.Label>
          <DataList.Value>{longText(requisition.justification)}</DataList.Value>
        </DataList.Item>
        <DataList.Item style={{ gridColumn: '1 / -1' }}>
          <DataList.Label>Shipping Address</DataList.Label>
          <DataList.Value>{longText(requisition.shipping_address)}</DataList.Value>
        </DataList.Item>
        <DataList.Item style={{ gridColumn: '1 / -1' }}>
          <DataList.Label>Notes</DataList.Label>
          <DataList.Value>{longText(requisition.notes)}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </Panel>
  );
}

function LineItemsPanel({ requisition }: { requisition: Requisition }): ReactElement {
  const money = (amount: number) => formatMoney(amount, requisition.currency);
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Panel title="Line Items">
      <Box data-line-items="" style={{ containerType: 'inline-size', containerName: 'line-items' }}>
        <Table.Root variant="surface" size="2">
          <VisuallyHidden asChild>
            <caption>Line items</caption>
          </VisuallyHidden>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Description</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell data-wide-only="" style={nowrap}>
                Product SKU
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell data-wide-only="">Notes</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Quantity</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end" style={nowrap}>
                Unit Price
              </Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Total</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {requisition.line_items.map((line) => (
              <Table.Row key={line.id}>
                <Table.RowHeaderCell style={{ minWidth: 160 }}>
                  <Text weight="medium">{line.description}</Text>
                  {line.product && line.product.name !== line.description ? (
                    <Text as="div" size="1" color="gray">
                      {line.product.name}
                    </Text>
                  ) : null}
                  {line.product?.sku ? (
                    <Text as="div" size="1" color="gray" data-narrow-only="" style={{ display: 'none' }}>
                      SKU {line.product.sku}
                    </Text>
                  ) : null}
                  {line.notes ? (
                    <Text as="div" size="1" color="gray" data-narrow-only="" style={{ display: 'none' }}>
                      {line.notes}
                    </Text>
                  ) : null}
                </Table.RowHeaderCell>
                <Table.Cell data-wide-only="" style={nowrap}>
                  {line.product?.sku ?? <Muted>—</Muted>}
                </Table.Cell>
                <Table.Cell data-wide-only="" style={{ minWidth: 120 }}>
                  {line.notes ?? <Muted>—</Muted>}
                </Table.Cell>
                <Table.Cell justify="end" style={nowrap}>
                  {line.quantity} {line.unit_of_measure || 'each'}
                </Table.Cell>
                <Table.Cell justify="end" style={nowrap}>
                  {money(line.unit_price)}
                </Table.Cell>
                <Table.Cell justify="end" style={nowrap}>
                  <Text weight="medium">{money(line.total_amount)}</Text>
                  {line.tax_amount > 0 ? (
                    <Text as="div" size="1" color="gray">
                      incl. {money(line.tax_amount)} tax
                    </Text>
                  ) : null}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
          <tfoot>
            {/* One cell per column, so hiding the narrow-screen columns keeps the footer aligned. */}
            <Table.Row style={{ background: 'var(--gray-a2)' }}>
              <Table.Cell />
              <Table.Cell data-wide-only="" />
              <Table.Cell data-wide-only="" />
              <Table.RowHeaderCell colSpan={2} justify="end">
                <Text weight="bold">Total</Text>
              </Table.RowHeaderCell>
              <Table.Cell justify="end" style={nowrap}>
                <Text weight="bold">{money(requisition.total_amount)}</Text>
              </Table.Cell>
            </Table.Row>
          </tfoot>
        </Table.Root>
      </Box>
    </Panel>
  );
}

function AttachmentsPanel({
  requisition,
  organizationId,
}: {
  requisition: Requisition;
  organizationId: string;
}): ReactElement {
  const { attachments } = requisition;
  return (
    <Panel title="Attachments">
      {attachments.length === 0 ? (
        <Flex align="center" gap="2">
          <Paperclip size={16} aria-hidden style={{ color: 'var(--gray-10)' }} />
          <Muted>No attachments</Muted>
        </Flex>
      ) : (
        <Flex asChild direction="column" gap="2">
          <ul aria-label="Attachments" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {attachments.map((attachment) => (
              <AttachmentRow key={attachment.id} attachment={attachment} organizationId={organizationId} />
            ))}
          </ul>
        </Flex>
      )}
    </Panel>
  );
}

function AttachmentRow({
  attachment,
  organizationId,
}: {
  attachment: Attachment;
  organizationId: string;
}): ReactElement {
  const { client } = usePurchasing();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    await downloadAttachment(client, organizationId, attachment);
    setBusy(false);
  };
  return (
    <Flex
      asChild
      align="center"
      gap="3"
      p="3"
      style={{ border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-3)' }}
    >
      <li>
        <Flex
          aria-hidden
          align="center"
          justify="center"
          flexShrink="0"
          style={{
            width: 36,
            height: 36,
            borderRadius: 'var(--radius-2)',
            background: 'var(--accent-a3)',
            color: 'var(--accent-11)',
          }}
        >
          <FileText size={18} />
        </Flex>
        <Flex direction="column" minWidth="0" flexGrow="1">
          <Text size="2" weight="medium" truncate title={attachment.file_name}>
            {attachment.file_name}
          </Text>
          <Text size="1" color="gray">
            {kilobytes.format(attachment.file_size / 1024)} KB
          </Text>
        </Flex>
        <Button
          variant="secondary"
          size="1"
          onClick={() => void download()}
          loading={busy}
          aria-label={`Download ${attachment.file_name}`}
          data-print="hide"
        >
          {busy ? null : <Download size={14} aria-hidden />}
          Download
        </Button>
      </li>
    </Flex>
  );
}

function QuickInfoPanel({ requisition }: { requisition: Requisition }): ReactElement {
  return (
    <Panel title="Quick Info">
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label minWidth="100px">Created</DataList.Label>
          <DataList.Value>{formatDate(requisition.created_at)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="100px">Submitted</DataList.Label>
          <DataList.Value>{formatDate(requisition.submitted_at)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="100px">Approved</DataList.Label>
          <DataList.Value>{formatDate(requisition.approved_at)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="100px">Line Items</DataList.Label>
          <DataList.Value>{requisition.line_item_count}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </Panel>
  );
}
