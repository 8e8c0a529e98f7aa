import { zodResolver } from '@hookform/resolvers/zod';
import { productMutations, type Schemas } from '@purchasing/api-client';
import { toast } from '@purchasing/ui';
import { useMutation } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { ActivationPanel } from '../kit/form/ActivationPanel';
import { RecordFormFrame, useRecordForm } from '../kit/form/useRecordForm';
import { usePurchasing } from '../PurchasingProvider';
import { productMessages } from '../shared/products';
import { ProductDetailsSection, ProductPricesSection, ProductPricingSection } from './ProductFormFields';
import {
  acceptsProductField,
  emptyProductForm,
  productFormSchema,
  productToFormValues,
  toProductInput,
} from './productFormSchema';

type Product = Schemas['Product'];

/** Props of {@link ProductForm}. */
export interface ProductFormProps {
  organizationId: string;
  /** The organisation's base currency, a new product's. */
  baseCurrency: string;
  /** The product edited; absent for a new one. */
  product?: Product;
}

/**
 * The product form's sections and action bar. A save returns to the catalogue; a refusal marks the
 * fields the server named (a taken name on Name, a taken SKU on SKU, an overlapping window on its row).
 */
export function ProductForm({ organizationId, baseCurrency, product }: ProductFormProps): ReactElement {
  const { client, navigation } = usePurchasing();
  const form = useRecordForm({
    record: product,
    newRecordName: 'this product',
    defaultValues: () => (product ? productToFormValues(product) : emptyProductForm(baseCurrency)),
    resolver: zodResolver(productFormSchema),
    toInput: toProductInput,
    create: useMutation(productMutations.create(client, organizationId)),
    update: useMutation(productMutations.update(client, organizationId)),
    acceptsField: acceptsProductField,
    saved: ({ product: saved }) => ({
      message: product ? productMessages.updated(saved.name) : productMessages.created(saved.name),
      href: navigation.hrefs.products(),
    }),
    failed: { create: productMessages.createFailed, update: productMessages.updateFailed },
  });
  const { control, busy } = form;

  return (
    <RecordFormFrame
      form={form}
      label={product ? `Edit ${product.name}` : 'New product'}
      cancelHref={navigation.hrefs.products()}
      createLabel="Create Product"
    >
      <ProductDetailsSection control={control} disabled={busy} />
      <ProductPricingSection control={control} disabled={busy} organizationId={organizationId} />
      <ProductPricesSection control={control} disabled={busy} organizationId={organizationId} />
      {product ? (
        <ProductActivation product={product} organizationId={organizationId} disabled={busy} />
      ) : null}
    </RecordFormFrame>
  );
}

/** Whether new requisitions may use the product: Deactivate (after a confirmation) or Reactivate. */
function ProductActivation({
  product,
  organizationId,
  disabled,
}: {
  product: Product;
  organizationId: string;
  disabled: boolean;
}): ReactElement {
  const { client } = usePurchasing();
  const deactivateBase = productMutations.deactivate(client, organizationId);
  const deactivate = useMutation({
    ...deactivateBase,
    onSuccess: (...args) => {
      deactivateBase.onSuccess?.(...args);
      toast.success(productMessages.deactivated(product.name));
    },
    onError: (error) => toast.error(serverMessage(error) ?? productMessages.updateFailed),
  });
  const updateBase = productMutations.update(client, organizationId);
  const reactivate = useMutation({
    ...updateBase,
    onSuccess: (...args) => {
      updateBase.onSuccess?.(...args);
      toast.success(productMessages.reactivated(product.name));
    },
    onError: (error) => toast.error(serverMessage(error) ?? productMessages.updateFailed),
  });
  return (
    <ActivationPanel
      isActive={product.is_active}
      explanation={{
        active: 'Active: new requisitions can pick this product.',
        inactive: "Inactive: lines already raised keep this product; new requisitions can't pick it.",
      }}
      confirm={{
        title: productMessages.deactivateTitle,
        message: productMessages.deactivateMessage(product.name),
      }}
      deactivate={() => deactivate.mutateAsync(product.id)}
      deactivating={deactivate.isPending}
      reactivate={() =>
        reactivate.mutate({
          id: product.id,
          input: {
            ...toProductInput(productFormSchema.parse(productToFormValues(product))),
            is_active: true,
          },
        })
      }
      reactivating={reactivate.isPending}
      disabled={disabled}
    />
  );
}
