import type { Schemas } from '@purchasing/api-client';
import { Callout, formatMoney } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { FormActionBar } from '../kit/form/FormActionBar';
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
  const {
    formRef,
    control,
    problems,
    guard,
    busy,
    create,
    requisitionId,
    approved,
    vendors,
    requisition,
    vendor,
    requisitionOptions,
    vendorOptions,
    chooseRequisition,
    chooseVendor,
  } = usePurchaseOrderCreate({ organizationId, addressDefaults });

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
              onChosen={chooseRequisition}
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
              onChosen={chooseVendor}
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
          guard={guard}
          busy={busy}
          submitLabel="Create Purchase Order"
          busyLabel="Creating..."
          onSubmit={() => void create()}
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
