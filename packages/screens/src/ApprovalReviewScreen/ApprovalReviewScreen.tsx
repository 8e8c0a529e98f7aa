import { requisitionQueries, type Schemas } from '@purchasing/api-client';
import {
  Breadcrumb,
  Button,
  Callout,
  EmptyState,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMoney,
  Spinner,
  StatusBadge,
} from '@purchasing/ui';
import {
  Box,
  Card,
  DataList,
  Flex,
  Grid,
  Heading,
  Button as RadixButton,
  Separator,
  Text,
} from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { FileSearch, FileText, Paperclip } from 'lucide-react';
import { type ReactElement, type ReactNode, useId } from 'react';
import { ApprovalActionForm } from '../ApprovalActionForm';
import { ApprovalWorkflowTimeline } from '../ApprovalWorkflowTimeline';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { BaseAmount } from '../shared/BaseAmount';
import { BudgetOverrunCallout } from '../shared/BudgetOverrun';
import { categoryLabel, codeAndName, fullName } from '../shared/display';
import { isMissingRecord } from '../shared/missingRecord';

type Requisition = Schemas['Requisition'];
type LineItem = Schemas['RequisitionLineItem'];

/** Props of {@link ApprovalReviewScreen}. */
export interface ApprovalReviewScreenProps {
  /** The id of the requisition under review (the `{id}` of `/approvals/{id}`). */
  requisitionId: string;
}

/** Product copy of the approval review (document 1 §2 "Approval review", §8). */
export const approvalReviewMessages = {
  loadError: 'Failed to load requisition details.',
  notFound: "Requisition not found or you don't have permission to view it.",
  noOrganization: 'Please select an organization from the header to review approvals',
  notSpecified: 'Not specified',
  takeAction: 'Take Action',
} as const;

/**
 * The approval review (`/approvals/{id}`): the requisition's details, line items, attachments and
 * approval workflow beside a sticky 'Take Action' panel holding the {@link ApprovalActionForm} (one
 * column on narrow screens). After a successful decision it returns to the approval queue. The form
 * itself asks the server whether the user has an open step and says so when not.
 */
export function ApprovalReviewScreen({ requisitionId }: ApprovalReviewScreenProps): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();

  if (organizationsLoading) {
    return (
      <Flex justify="center" py="9">
        <Spinner label="Loading organizations" />
      </Flex>
    );
  }
  if (!currentOrganization) {
    return (
      <ReviewFrame>
        <Callout variant="info">{approvalReviewMessages.noOrganization}</Callout>
      </ReviewFrame>
    );
  }
  return <ApprovalReview organizationId={currentOrganization.id} requisitionId={requisitionId} />;
}

/** The breadcrumb and page width shared by every state of the screen. */
function ReviewFrame({ current, children }: { current?: string; children: ReactNode }): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1280 }}>
      <Breadcrumb
        items={[{ label: 'Approvals', href: navigation.hrefs.approvals() }, { label: current ?? 'Review' }]}
        onNavigate={(href) => navigation.navigate(href)}
      />
      {children}
    </Flex>
  );
}

function ApprovalReview({
  organizationId,
  requisitionId,
}: {
  organizationId: string;
  requisitionId: string;
}): ReactElement {
  const { client, navigation } = usePurchasing();
  const detail = useQuery(requisitionQueries.detail(client, organizationId, requisitionId));
  const backToQueue = useLinkProps(navigation.hrefs.approvals());

  if (detail.isPending) {
    return (
      <ReviewFrame>
        <Flex justify="center" py="9">
          <Spinner label="Loading requisition" />
        </Flex>
      </ReviewFrame>
    );
  }
  if (detail.isError) {
    const notFound = isMissingRecord(detail.error);
    return (
      <ReviewFrame>
        {notFound ? (
          <Card size="3">
            <EmptyState
              icon={<FileSearch size={32} />}
              title="Requisition not found"
              description={approvalReviewMessages.notFound}
              action={
                <RadixButton asChild variant="soft" color="gray">
                  <a {...backToQueue}>Back to Approvals</a>
                </RadixButton>
              }
            />
          </Card>
        ) : (
          <Callout
            variant="error"
            action={
              <Button size="1" variant="secondary" onClick={() => void detail.refetch()}>
                Retry
              </Button>
            }
          >
            {approvalReviewMessages.loadError}
          </Callout>
        )}
      </ReviewFrame>
    );
  }

  const { requisition } = detail.data;
  return (
    <ReviewFrame current={requisition.requisition_number}>
      <ReviewHeader requisition={requisition} />
      <Grid columns={{ initial: '1', md: 'minmax(0, 1fr) minmax(320px, 380px)' }} gap="5" align="start">
        <Flex direction="column" gap="5" minWidth="0">
          <BudgetOverrunCallout requisition={requisition} />
          <DetailsPanel requisition={requisition} />
          <LineItemsPanel requisition={requisition} />
          <AttachmentsPanel requisition={requisition} />
          <Panel title="Approval Workflow">
            <ApprovalWorkflowTimeline steps={requisition.approval_workflow} currency={requisition.currency} />
          </Panel>
        </Flex>
        {/* Sticky on wide screens, so the decision stays at hand while the reader scrolls the details;
            below the host's sticky header when it has one (AppShell sets its height). */}
        <Box
          position={{ initial: 'static', md: 'sticky' }}
          style={{ top: 'calc(var(--app-shell-header-height, 0px) + var(--space-4))' }}
        >
          <Panel title={approvalReviewMessages.takeAction}>
            <ApprovalActionForm
              requisition={requisition}
              onDone={() => navigation.navigate(navigation.hrefs.approvals())}
            />
          </Panel>
        </Box>
      </Grid>
    </ReviewFrame>
  );
}

function ReviewHeader({ requisition }: { requisition: Requisition }): ReactElement {
  const { navigation } = usePurchasing();
  const fullRecord = useLinkProps(navigation.hrefs.requisitionDetail(requisition.id));
  return (
    <Flex justify="between" align="start" gap="4" wrap="wrap">
      <Box minWidth="0">
        <Flex align="center" gap="3" wrap="wrap">
          <Heading as="h2" size={{ initial: '6', sm: '7' }} style={{ overflowWrap: 'anywhere' }}>
            {requisition.requisition_number}
          </Heading>
          <StatusBadge status={requisition.status} />
        </Flex>
        <Text as="p" color="gray" mt="1">
          {requisition.submitted_at
            ? `Submitted ${formatDate(requisition.submitted_at)} by ${fullName(requisition.requestor)}`
            : `Raised ${formatDate(requisition.created_at)} by ${fullName(requisition.requestor)}`}
        </Text>
      </Box>
      <RadixButton asChild variant="soft" color="gray">
        <a {...fullRecord}>
          <FileText size={16} aria-hidden />
          Open Requisition
        </a>
      </RadixButton>
    </Flex>
  );
}

/** A titled card that is a labelled region, so each part of the page is reachable by name. */
function Panel({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}): ReactElement {
  const headingId = useId();
  return (
    <Card asChild size="3">
      <section aria-labelledby={headingId}>
        <Flex justify="between" align="center" gap="3" mb="4">
          <Heading as="h3" size="4" id={headingId}>
            {title}
          </Heading>
          {aside}
        </Flex>
        {children}
      </section>
    </Card>
  );
}

function DetailsPanel({ requisition }: { requisition: Requisition }): ReactElement {
  const { requestor } = requisition;
  return (
    <Panel title="Requisition Details">
      <Flex direction="column" gap="4">
        <Box>
          <Text as="div" size="2" color="gray">
            Total amount
          </Text>
          <Text as="div" size="7" weight="bold">
            {formatMoney(requisition.total_amount, requisition.currency)}
          </Text>
          <BaseAmount requisition={requisition} />
        </Box>
        <DataList.Root size="2" orientation={{ initial: 'vertical', sm: 'horizontal' }}>
          <Detail label="Requestor">
            <Flex direction="column">
              <Text>{fullName(requestor)}</Text>
              <Text color="gray" size="1">
                {requestor.email}
              </Text>
            </Flex>
          </Detail>
          <Detail label="Cost center">{codeAndName(requisition.cost_center)}</Detail>
          <Detail label="GL account">{codeAndName(requisition.gl_account)}</Detail>
          <Detail label="Category">{categoryLabel(requisition.category)}</Detail>
          <Detail label="Delivery date">
            {requisition.delivery_date ? formatDate(requisition.delivery_date) : <NotSpecified />}
          </Detail>
          <Detail label="Submitted">
            {requisition.submitted_at ? formatDateTime(requisition.submitted_at) : <NotSpecified />}
          </Detail>
          <Detail label="Created">{formatDateTime(requisition.created_at)}</Detail>
        </DataList.Root>
        <Separator size="4" />
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <TextBlock label="Justification" value={requisition.justification} />
          <TextBlock label="Shipping address" value={requisition.shipping_address} />
          <TextBlock label="Notes" value={requisition.notes} />
        </Grid>
      </Flex>
    </Panel>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }): ReactElement {
  return (
    <DataList.Item align="start">
      <DataList.Label minWidth="120px">{label}</DataList.Label>
      <DataList.Value style={{ overflowWrap: 'anywhere' }}>{children}</DataList.Value>
    </DataList.Item>
  );
}

function NotSpecified(): ReactElement {
  return <Text color="gray">{approvalReviewMessages.notSpecified}</Text>;
}

/** A free-text field, kept with its line breaks (addresses are written on several lines). */
function TextBlock({ label, value }: { label: string; value: string | null }): ReactElement {
  return (
    <Box minWidth="0">
      <Text as="div" size="2" weight="medium" mb="1">
        {label}
      </Text>
      {value ? (
        <Text as="p" size="2" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      ) : (
        <Text as="p" size="2" color="gray">
          {approvalReviewMessages.notSpecified}
        </Text>
      )}
    </Box>
  );
}

function LineItemsPanel({ requisition }: { requisition: Requisition }): ReactElement {
  const lines = requisition.line_items;
  return (
    <Panel
      title="Line Items"
      aside={
        <Text size="2" color="gray">
          {lines.length === 1 ? '1 item' : `${lines.length} items`}
        </Text>
      }
    >
      {lines.length === 0 ? (
        <Text as="p" size="2" color="gray">
          No line items
        </Text>
      ) : (
        <ul aria-label="Line items" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {lines.map((line, index) => (
            <LineItemRow key={line.id} line={line} first={index === 0} />
          ))}
        </ul>
      )}
      <Flex justify="between" align="center" pt="3" mt="1" style={{ borderTop: '1px solid var(--gray-a6)' }}>
        <Text size="3" weight="bold">
          Total
        </Text>
        <Text size="4" weight="bold">
          {formatMoney(requisition.total_amount, requisition.currency)}
        </Text>
      </Flex>
    </Panel>
  );
}

function LineItemRow({ line, first }: { line: LineItem; first: boolean }): ReactElement {
  const price = formatMoney(line.unit_price, line.currency);
  // 'each' goes without saying; any other unit tells what the price buys ('per box').
  const unit = line.unit_of_measure === 'each' ? '' : ` per ${line.unit_of_measure}`;
  return (
    <li style={{ borderTop: first ? undefined : '1px solid var(--gray-a4)' }}>
      <Flex justify="between" align="start" gap="4" py="3">
        <Flex direction="column" gap="1" minWidth="0">
          <Text size="2" weight="bold" style={{ overflowWrap: 'anywhere' }}>
            {line.description}
          </Text>
          <Text size="2" color="gray">
            {`${line.quantity} x ${price}${unit}`}
          </Text>
          {line.tax_amount > 0 ? (
            <Text size="2" color="gray">
              Tax: {formatMoney(line.tax_amount, line.currency)}
            </Text>
          ) : null}
          {line.product ? (
            <Text size="1" color="gray">
              {line.product.name}
              {line.product.sku ? ` · SKU ${line.product.sku}` : ''}
            </Text>
          ) : null}
          {line.notes ? (
            <Text size="1" color="gray" style={{ fontStyle: 'italic', overflowWrap: 'anywhere' }}>
              {line.notes}
            </Text>
          ) : null}
        </Flex>
        <Text size="2" weight="bold" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(line.total_amount, line.currency)}
        </Text>
      </Flex>
    </li>
  );
}

function AttachmentsPanel({ requisition }: { requisition: Requisition }): ReactElement {
  const files = requisition.attachments;
  return (
    <Panel title="Attachments">
      {files.length === 0 ? (
        <Flex align="center" gap="2">
          <Paperclip size={16} aria-hidden style={{ color: 'var(--gray-10)' }} />
          <Text size="2" color="gray">
            No attachments
          </Text>
        </Flex>
      ) : (
        <ul aria-label="Attachments" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {files.map((file) => (
            <Flex asChild key={file.id} align="center" gap="2" py="1">
              <li>
                <FileText size={16} aria-hidden style={{ color: 'var(--gray-10)', flexShrink: 0 }} />
                <Text size="2" style={{ overflowWrap: 'anywhere' }}>
                  {file.file_name}
                </Text>
                <Text size="1" color="gray" style={{ whiteSpace: 'nowrap' }}>
                  {formatFileSize(file.file_size)}
                </Text>
              </li>
            </Flex>
          ))}
        </ul>
      )}
    </Panel>
  );
}
