import { zodResolver } from '@hookform/resolvers/zod';
import {
  purchaseOrderKeys,
  queryKeys,
  requisitionKeys,
  requisitionQueries,
  type Schemas,
  unwrap,
  vendorQueries,
} from '@purchasing/api-client';
import { Breadcrumb, Callout, formatDate, formatMoney, SelectDropdown, Spinner, toast } from '@purchasing/ui';
import {
  Box,
  DataList,
  Flex,
  Link,
  Button as RadixButton,
  Skeleton,
  Table,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useRef, useState } from 'react';
import {
  type Control,
  type UseFormGetFieldState,
  type UseFormSetValue,
  useController,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { todayIsoDate } from '../RequisitionFormScreen/requisitionFormSchema';
import { messageOf } from '../RequisitionFormScreen/serverErrors';
import { useSession } from '../SessionProvider';
import { codeAndName, fullName } from '../shared/display';
import { FormActionBar } from '../shared/FormActionBar';
import { Panel } from '../shared/Panel';
import {
  emptyPurchaseOrderForm,
  type PurchaseOrderFormOutput,
  type PurchaseOrderFormValues,
  PurchaseOrderTermsFields,
  purchaseOrderFormSchema,
  showServerFieldErrors,
  toPurchaseOrderCreate,
} from '../shared/purchaseOrderForm';
import { purchaseOrderMessages } from '../shared/purchaseOrders';
import { useFocusFirstInvalid } from '../shared/useFocusFirstInvalid';
import { useUnsavedChangesGuard } from '../shared/useUnsavedChangesGuard';

type Requisition = Schemas['Requisition'];
type Vendor = Schemas['Vendor'];

/** How many approved requisitions the choice lists (the contract's largest page). */
export const APPROVED_REQUISITION_LIMIT = 100;

/** Product copy of the create screen (DECISIONS §6 and our own wording). */
export const purchaseOrderCreateMessages = {
  title: 'New Purchase Order',
  intro:
    'Raise an order from an approved requisition. Its lines and totals are copied as approved; choose the vendor and the terms.',
  noOrganization: 'Please select an organization to create a purchase order.',
  noPermission: purchaseOrderMessages.noManagePermission,
  noApproved: 'No approved requisitions are waiting for an order.',
  requisitionsFailed: 'Failed to load approved requisitions.',
  vendorsFailed: 'Failed to load vendors.',
  noVendors: 'There are no active vendors yet. Add one before raising an order.',
  created: (poNumber: string) => `Purchase order ${poNumber} created`,
  createFailed: purchaseOrderMessages.createFailed,
} as const;

function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1000 }}>
      {children}
    </Flex>
  );
}

/**
 * New purchase order (DECISIONS §6, /purchase-orders/create): a buyer picks an approved requisition
 * (its lines, quantities, prices and totals shown read-only, as the server will copy them) and an
 * active vendor, then the delivery date (not in the past), payment terms, shipping address (prefilled
 * from the requisition), billing address (prefilled with the organisation's) and notes. The new draft
 * opens on its detail page; the requisition becomes po_created. Needs `purchase_order.manage`.
 */
export function PurchaseOrderCreateScreen(): ReactElement {
  const { navigation } = usePurchasing();
  const { currentOrganization, organizationsLoading, hasPermission } = useSession();
  const backToList = useLinkProps(navigation.hrefs.purchaseOrders());

  let body: ReactNode;
  if (organizationsLoading) {
    body = (
      <Flex justify="center" py="9">
        <Spinner label="Loading organizations" />
      </Flex>
    );
  } else if (!currentOrganization) {
    body = <Callout variant="info">{purchaseOrderCreateMessages.noOrganization}</Callout>;
  } else if (!hasPermission('purchase_order.manage')) {
    body = (
      <Callout
        variant="warning"
        action={
          <RadixButton asChild size="1" variant="soft" color="gray">
            <a {...backToList}>Back to Purchase Orders</a>
          </RadixButton>
        }
      >
        {purchaseOrderCreateMessages.noPermission(currentOrganization.name)}
      </Callout>
    );
  } else {
    body = (
      <CreateForm
        // Another organisation has other requisitions and vendors: start over.
        key={currentOrganization.id}
        organizationId={currentOrganization.id}
        billingAddress={currentOrganization.address ?? ''}
      />
    );
  }

  return (
    <Page>
      <Box>
        <Breadcrumb
          items={[
            { label: 'Purchase Orders', href: navigation.hrefs.purchaseOrders() },
            { label: purchaseOrderCreateMessages.title },
          ]}
          onNavigate={(href) => navigation.navigate(href)}
        />
        <Text as="p" color="gray" mt="2">
          {purchaseOrderCreateMessages.intro}
        </Text>
      </Box>
      {body}
    </Page>
  );
}

function CreateForm({
  organizationId,
  billingAddress,
}: {
  organizationId: string;
  billingAddress: string;
}): ReactElement {
  const { client, navigation } = usePurchasing();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [defaultValues] = useState(() => emptyPurchaseOrderForm(billingAddress));
  const [problems, setProblems] = useState<string[]>([]);
  const [created, setCreated] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    formState: { isDirty, isSubmitting },
  } = useForm<PurchaseOrderFormValues, unknown, PurchaseOrderFormOutput>({
    resolver: zodResolver(purchaseOrderFormSchema('create')),
    defaultValues,
    shouldFocusError: false,
  });
  const dirty = isDirty && !created;
  useUnsavedChangesGuard(dirty);
  const busy = isSubmitting || created;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);

  const requisitionId = useWatch({ control, name: 'requisition_id' });
  const vendorId = useWatch({ control, name: 'vendor_id' });

  const approved = useQuery(
    requisitionQueries.list(client, organizationId, {
      status: ['approved'],
      limit: APPROVED_REQUISITION_LIMIT,
      offset: 0,
    }),
  );
  const vendors = useQuery(vendorQueries.list(client, organizationId));
  const requisition = useQuery({
    ...requisitionQueries.detail(client, organizationId, requisitionId),
    enabled: requisitionId !== '',
  });
  const vendor = vendors.data?.vendors.find((entry) => entry.id === vendorId) ?? null;

  const create = handleSubmit(async (values) => {
    setProblems([]);
    try {
      const { purchase_order: order } = await unwrap(
        client.api.POST('/purchase-orders', {
          params: { header: { 'X-Organization-Id': organizationId } },
          body: toPurchaseOrderCreate(values),
        }),
      );
      setCreated(true);
      queryClient.setQueryData(purchaseOrderKeys.detail(organizationId, order.id), { purchase_order: order });
      void queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all(organizationId) });
      // The requisition is now po_created: lists and the approval history show it so.
      void queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.organizationSummary(organizationId) });
      toast.success(purchaseOrderCreateMessages.created(order.po_number));
      navigation.navigate(navigation.hrefs.purchaseOrderDetail(order.id), { replace: true });
    } catch (error) {
      const { placed, unplaced } = showServerFieldErrors(error, setError);
      setProblems(unplaced);
      if (placed.length > 0) focusFirstInvalid();
      toast.error(messageOf(error, purchaseOrderCreateMessages.createFailed));
      // Someone else may have raised an order from this requisition meanwhile.
      void approved.refetch();
    }
  }, focusFirstInvalid);

  const requisitionOptions = (approved.data?.requisitions ?? []).map((entry) => ({
    value: entry.id,
    label: [
      entry.requisition_number,
      entry.justification?.trim() || 'No justification',
      formatMoney(entry.total_amount, entry.currency),
    ].join(' · '),
  }));
  const vendorOptions = (vendors.data?.vendors ?? []).map((entry) => ({
    value: entry.id,
    label: entry.email ? entry.name : `${entry.name} (no email)`,
  }));

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="New purchase order"
      onSubmit={(event) => {
        event.preventDefault();
        void create();
      }}
    >
      <Flex direction="column" gap="5">
        {problems.length > 0 ? <Callout variant="error">{problems.join(' · ')}</Callout> : null}

        <Panel title="Requisition" description="The approved requisition this order fulfils.">
          <Flex direction="column" gap="4">
            <RequisitionChoice
              control={control}
              options={requisitionOptions}
              loading={approved.isPending}
              failed={approved.isError}
              disabled={busy}
              onChosen={(id) => {
                const summary = approved.data?.requisitions.find((entry) => entry.id === id);
                if (summary) prefillFromRequisition(summary, setValue, getFieldState);
              }}
            />
            {approved.isSuccess && requisitionOptions.length === 0 ? (
              <Callout variant="info">{purchaseOrderCreateMessages.noApproved}</Callout>
            ) : null}
            {requisitionId ? (
              <RequisitionPreview
                requisition={requisition.data?.requisition}
                loading={requisition.isPending}
                failed={requisition.isError}
              />
            ) : null}
          </Flex>
        </Panel>

        <Panel
          title="Vendor"
          description="Active vendors only. The order is emailed to the vendor when sent."
        >
          <Flex direction="column" gap="4">
            <VendorChoice
              control={control}
              options={vendorOptions}
              loading={vendors.isPending}
              failed={vendors.isError}
              disabled={busy}
              onChosen={(id) => {
                const chosen = vendors.data?.vendors.find((entry) => entry.id === id);
                // The vendor's usual terms, unless the buyer already chose some.
                if (chosen?.payment_terms && !getFieldState('payment_terms').isDirty) {
                  setValue('payment_terms', chosen.payment_terms);
                }
              }}
            />
            {vendors.isSuccess && vendorOptions.length === 0 ? (
              <Callout variant="warning">{purchaseOrderCreateMessages.noVendors}</Callout>
            ) : null}
            {vendor ? <VendorPreview vendor={vendor} /> : null}
          </Flex>
        </Panel>

        <Panel title="Order Terms">
          <PurchaseOrderTermsFields control={control} requireDeliveryDate disabled={busy} />
        </Panel>

        <FormActionBar
          cancelHref={navigation.hrefs.purchaseOrders()}
          dirty={dirty}
          busy={busy}
          submitLabel="Create Purchase Order"
          busyLabel="Creating..."
          onSubmit={() => void create()}
          recordName="this purchase order"
          summary={
            requisition.data ? (
              <Flex direction="column">
                <Text size="1" color="gray" id="po-create-total">
                  Order total
                </Text>
                <Text size="5" weight="bold" aria-labelledby="po-create-total" role="status">
                  {formatMoney(
                    requisition.data.requisition.total_amount,
                    requisition.data.requisition.currency,
                  )}
                </Text>
              </Flex>
            ) : undefined
          }
        />
      </Flex>
    </form>
  );
}

/**
 * A chosen requisition fills what it knows: its shipping address, and its delivery date when that is
 * still ahead. A field the buyer already worked on is left alone.
 */
function prefillFromRequisition(
  requisition: Schemas['RequisitionSummary'],
  setValue: UseFormSetValue<PurchaseOrderFormValues>,
  getFieldState: UseFormGetFieldState<PurchaseOrderFormValues>,
): void {
  const options = { shouldDirty: true } as const;
  if (!getFieldState('shipping_address').isTouched) {
    setValue('shipping_address', requisition.shipping_address ?? '', options);
  }
  const due = requisition.delivery_date;
  if (due && due >= todayIsoDate() && !getFieldState('delivery_date').isTouched) {
    setValue('delivery_date', due, options);
  }
}

interface ChoiceProps {
  control: Control<PurchaseOrderFormValues, unknown, PurchaseOrderFormOutput>;
  options: { value: string; label: string }[];
  loading: boolean;
  failed: boolean;
  disabled: boolean;
  onChosen(id: string): void;
}

function RequisitionChoice({ control, options, loading, failed, disabled, onChosen }: ChoiceProps) {
  const { field, fieldState } = useController({ control, name: 'requisition_id' });
  return (
    <SelectDropdown
      label="Approved Requisition"
      required
      clearable={false}
      options={options}
      placeholder={loading ? 'Loading...' : 'Select an approved requisition'}
      searchPlaceholder="Search by number or justification..."
      value={field.value || null}
      onChange={(value) => {
        field.onChange(value ?? '');
        if (value) onChosen(value);
      }}
      disabled={disabled}
      error={fieldState.error?.message}
      hint={failed ? purchaseOrderCreateMessages.requisitionsFailed : undefined}
    />
  );
}

function VendorChoice({ control, options, loading, failed, disabled, onChosen }: ChoiceProps) {
  const { field, fieldState } = useController({ control, name: 'vendor_id' });
  return (
    <SelectDropdown
      label="Vendor"
      required
      clearable={false}
      options={options}
      placeholder={loading ? 'Loading...' : 'Select a vendor'}
      searchPlaceholder="Search vendors..."
      value={field.value || null}
      onChange={(value) => {
        field.onChange(value ?? '');
        if (value) onChosen(value);
      }}
      disabled={disabled}
      error={fieldState.error?.message}
      hint={failed ? purchaseOrderCreateMessages.vendorsFailed : undefined}
    />
  );
}

/** The read-only picture of the chosen requisition: who, what for, and its lines as the order copies them. */
function RequisitionPreview({
  requisition,
  loading,
  failed,
}: {
  requisition: Requisition | undefined;
  loading: boolean;
  failed: boolean;
}): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.requisitionDetail(requisition?.id ?? ''));
  if (failed) return <Callout variant="error">Failed to load the requisition's line items.</Callout>;
  if (loading || !requisition) {
    return (
      <Flex direction="column" gap="2" aria-hidden>
        <Skeleton height="20px" width="60%" />
        <Skeleton height="120px" />
      </Flex>
    );
  }
  const money = (amount: number) => formatMoney(amount, requisition.currency);
  const nowrap = { whiteSpace: 'nowrap' } as const;
  return (
    <Flex direction="column" gap="4">
      <DataList.Root
        orientation="vertical"
        size="2"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          gap: 'var(--space-3) var(--space-5)',
        }}
      >
        <DataList.Item>
          <DataList.Label>Requisition</DataList.Label>
          <DataList.Value>
            <Link {...link} weight="medium" target="_blank" rel="noopener">
              {requisition.requisition_number}
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </Link>
          </DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Requestor</DataList.Label>
          <DataList.Value>{fullName(requisition.requestor)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Cost Center</DataList.Label>
          <DataList.Value>{codeAndName(requisition.cost_center)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label>Approved</DataList.Label>
          <DataList.Value>{formatDate(requisition.approved_at)}</DataList.Value>
        </DataList.Item>
        {requisition.justification ? (
          <DataList.Item style={{ gridColumn: '1 / -1' }}>
            <DataList.Label>Justification</DataList.Label>
            <DataList.Value style={{ overflowWrap: 'anywhere' }}>{requisition.justification}</DataList.Value>
          </DataList.Item>
        ) : null}
      </DataList.Root>
      <Table.Root variant="surface" size="1">
        <VisuallyHidden asChild>
          <caption>{`Lines of ${requisition.requisition_number}`}</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Description</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell style={nowrap}>SKU</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end" style={nowrap}>
              Quantity × Unit Price
            </Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Total</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {requisition.line_items.map((line) => (
            <Table.Row key={line.id}>
              <Table.RowHeaderCell style={{ overflowWrap: 'anywhere' }}>
                {line.description}
              </Table.RowHeaderCell>
              <Table.Cell style={nowrap}>
                {line.product?.sku ?? (
                  <Text color="gray" aria-label="No SKU">
                    —
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell justify="end" style={nowrap}>
                {`${line.quantity} ${line.unit_of_measure} × ${money(line.unit_price)}`}
              </Table.Cell>
              <Table.Cell justify="end" style={nowrap}>
                {money(line.total_amount)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
        <tfoot>
          <Table.Row style={{ background: 'var(--gray-a2)' }}>
            <Table.RowHeaderCell colSpan={3} justify="end">
              <Text weight="bold">Total</Text>
            </Table.RowHeaderCell>
            <Table.Cell justify="end" style={nowrap}>
              <Text weight="bold">{money(requisition.total_amount)}</Text>
            </Table.Cell>
          </Table.Row>
        </tfoot>
      </Table.Root>
    </Flex>
  );
}

/** The chosen vendor's contact details, and a warning when it has no email to send the order to. */
function VendorPreview({ vendor }: { vendor: Vendor }): ReactElement {
  const place = [vendor.address, vendor.city, vendor.state_province, vendor.postal_code, vendor.country]
    .filter((part) => part?.trim())
    .join(', ');
  return (
    <Flex direction="column" gap="3">
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label minWidth="96px">Email</DataList.Label>
          <DataList.Value>{vendor.email ?? <Text color="gray">Not provided</Text>}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="96px">Phone</DataList.Label>
          <DataList.Value>{vendor.phone ?? <Text color="gray">Not provided</Text>}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="96px">Address</DataList.Label>
          <DataList.Value>{place || <Text color="gray">Not provided</Text>}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
      {vendor.email ? null : (
        <Callout variant="warning">
          {`${vendor.name} has no email address: the order can be created as a draft, but it cannot be sent until the vendor has one.`}
        </Callout>
      )}
    </Flex>
  );
}
