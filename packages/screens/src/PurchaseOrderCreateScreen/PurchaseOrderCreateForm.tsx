import type { Schemas } from '@purchasing/api-client';
import { Callout, formatMoney } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { FormFrame } from '../kit/form/FormFrame';
import { usePurchasing } from '../PurchasingProvider';
import { Panel } from '../shared/Panel';
import { PurchaseOrderTermsFields } from '../shared/purchaseOrderForm';
import { RequisitionChoice, VendorChoice } from './PurchaseOrderChoices';
import { RequisitionPreview, VendorPreview } from './PurchaseOrderCreatePreviews';
import { purchaseOrderCreateMessages } from './purchaseOrderCreateMessages';
import { usePurchaseOrderCreate } from './usePurchaseOrderCreate';

/** The new purchase order form: requisition, vendor and order terms panels, and the action bar. */
export function CreateForm({
  organizationId,
  addressDefaults,
}: {
  organizationId: string;
  /** The addresses a new order gets, from the settings answer. */
  addressDefaults: Schemas['PurchaseOrderAddressDefaults'];
}): ReactElement {
  const { navigation } = usePurchasing();
  const po = usePurchaseOrderCreate({ organizationId, addressDefaults });
  const { form, requisition } = po;
  const { control, busy } = form;

  return (
    <FormFrame
      form={form}
      label="New purchase order"
      bar={{
        cancelHref: navigation.hrefs.purchaseOrders(),
        submitLabel: 'Create Purchase Order',
        busyLabel: 'Creating...',
        summary: requisition.data ? (
          <Flex direction="column">
            <Text size="1" color="gray" id="po-create-total">
              Order total
            </Text>
            <Text size="5" weight="bold" aria-labelledby="po-create-total" role="status">
              {formatMoney(requisition.data.requisition.total_amount, requisition.data.requisition.currency)}
            </Text>
          </Flex>
        ) : undefined,
      }}
    >
      <Panel title="Requisition" description="The approved requisition this order fulfils.">
        <Flex direction="column" gap="4">
          <RequisitionChoice
            control={control}
            options={po.requisitionOptions}
            loading={po.approved.isPending}
            failed={po.approved.isError}
            disabled={busy}
            onChosen={po.chooseRequisition}
          />
          {po.approved.isSuccess && po.requisitionOptions.length === 0 ? (
            <Callout variant="info">{purchaseOrderCreateMessages.noApproved}</Callout>
          ) : null}
          {po.requisitionId ? (
            <RequisitionPreview
              requisition={requisition.data?.requisition}
              loading={requisition.isPending}
              failed={requisition.isError}
            />
          ) : null}
        </Flex>
      </Panel>

      <Panel title="Vendor" description="Active vendors only. The order is emailed to the vendor when sent.">
        <Flex direction="column" gap="4">
          <VendorChoice
            control={control}
            options={po.vendorOptions}
            loading={po.vendors.isPending}
            failed={po.vendors.isError}
            disabled={busy}
            onChosen={po.chooseVendor}
          />
          {po.vendors.isSuccess && po.vendorOptions.length === 0 ? (
            <Callout variant="warning">{purchaseOrderCreateMessages.noVendors}</Callout>
          ) : null}
          {po.vendor ? <VendorPreview vendor={po.vendor} /> : null}
        </Flex>
      </Panel>

      <Panel title="Order Terms">
        <PurchaseOrderTermsFields control={control} requireDeliveryDate disabled={busy} />
      </Panel>
    </FormFrame>
  );
}
