import { zodResolver } from '@hookform/resolvers/zod';
import { productMutations, type Schemas } from '@purchasing/api-client';
import { Button, Callout, ConfirmDialog, toast } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { type ReactElement, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { Panel } from '../kit/detail/Panel';
import { FormActionBar } from '../kit/form/FormActionBar';
import { useUnsavedChangesGuard } from '../kit/form/useUnsavedChangesGuard';
import { usePurchasing } from '../PurchasingProvider';
import { productMessages } from '../shared/products';
import { useFocusFirstInvalid } from '../shared/useFocusFirstInvalid';
import { ProductDetailsSection, ProductPricesSection, ProductPricingSection } from './ProductFormFields';
import {
  emptyProductForm,
  type ProductFormOutput,
  type ProductFormValues,
  placeProductErrors,
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
  const formRef = useRef<HTMLFormElement>(null);
  const [defaultValues] = useState(() =>
    product ? productToFormValues(product) : emptyProductForm(baseCurrency),
  );
  const [problems, setProblems] = useState<string[]>([]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isDirty },
  } = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: zodResolver(productFormSchema),
    defaultValues,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const guard = useUnsavedChangesGuard({
    dirty: isDirty,
    recordName: product ? product.name : 'this product',
  });
  const create = useMutation(productMutations.create(client, organizationId));
  const update = useMutation(productMutations.update(client, organizationId));
  const [saved, setSaved] = useState(false);
  const busy = create.isPending || update.isPending || saved;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);

  const save = handleSubmit(async (values) => {
    setProblems([]);
    const input = toProductInput(values);
    try {
      const answer = product
        ? await update.mutateAsync({ id: product.id, input })
        : await create.mutateAsync(input);
      setSaved(true);
      toast.success(
        product ? productMessages.updated(answer.product.name) : productMessages.created(answer.product.name),
      );
      guard.leave(navigation.hrefs.products(), { replace: true });
    } catch (error) {
      const { placed, unplaced } = placeProductErrors(error, setError);
      setProblems(unplaced);
      if (placed > 0) focusFirstInvalid();
      toast.error(
        serverMessage(error) ?? (product ? productMessages.updateFailed : productMessages.createFailed),
      );
    }
  }, focusFirstInvalid);

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={product ? `Edit ${product.name}` : 'New product'}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Flex direction="column" gap="5">
        {problems.length > 0 ? <Callout variant="error">{problems.join(' · ')}</Callout> : null}
        <ProductDetailsSection control={control} disabled={busy} />
        <ProductPricingSection control={control} disabled={busy} organizationId={organizationId} />
        <ProductPricesSection control={control} disabled={busy} organizationId={organizationId} />
        {product ? (
          <ActivationPanel product={product} organizationId={organizationId} disabled={busy} />
        ) : null}
        <FormActionBar
          cancelHref={navigation.hrefs.products()}
          guard={guard}
          busy={busy}
          submitLabel={product ? 'Save Changes' : 'Create Product'}
          busyLabel={product ? 'Saving...' : 'Creating...'}
          submitDisabled={product !== undefined && !isDirty}
          onSubmit={() => void save()}
        />
      </Flex>
    </form>
  );
}

/** Whether new requisitions may use the product: Deactivate (after a confirmation) or Reactivate. */
function ActivationPanel({
  product,
  organizationId,
  disabled,
}: {
  product: Product;
  organizationId: string;
  disabled: boolean;
}): ReactElement {
  const { client } = usePurchasing();
  const [asking, setAsking] = useState(false);
  const deactivateBase = productMutations.deactivate(client, organizationId);
  const deactivate = useMutation({
    ...deactivateBase,
    onSuccess: (...args) => {
      deactivateBase.onSuccess?.(...args);
      toast.success(productMessages.deactivated(product.name));
      setAsking(false);
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
    <Panel title="Status">
      <Flex justify="between" align="center" gap="4" wrap="wrap">
        <Text as="p" size="2" color="gray" style={{ maxWidth: 560 }}>
          {product.is_active
            ? 'Active: new requisitions can pick this product.'
            : "Inactive: lines already raised keep this product; new requisitions can't pick it."}
        </Text>
        {product.is_active ? (
          <Button type="button" variant="danger" disabled={disabled} onClick={() => setAsking(true)}>
            Deactivate
          </Button>
        ) : (
          <Button
            type="button"
            variant="secondary"
            loading={reactivate.isPending}
            disabled={disabled || reactivate.isPending}
            onClick={() =>
              reactivate.mutate({
                id: product.id,
                input: {
                  ...toProductInput(productFormSchema.parse(productToFormValues(product))),
                  is_active: true,
                },
              })
            }
          >
            Reactivate
          </Button>
        )}
      </Flex>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        onConfirm={() => deactivate.mutate(product.id)}
        variant="danger"
        title={productMessages.deactivateTitle}
        message={productMessages.deactivateMessage(product.name)}
        confirmLabel="Deactivate"
        loading={deactivate.isPending}
      />
    </Panel>
  );
}
