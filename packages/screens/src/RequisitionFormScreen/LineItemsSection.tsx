import { productQueries, type Schemas } from '@purchasing/api-client';
import { Button } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Wallet } from 'lucide-react';
import { type ReactElement, useCallback } from 'react';
import { useFieldArray } from 'react-hook-form';
import { usePurchasing } from '../PurchasingProvider';
import { Panel } from '../shared/Panel';
import { BudgetCheckResult, type useBudgetCheck } from './BudgetCheck';
import { LineItemFields, type LineItemsFormBinding } from './LineItemFields';
import { emptyLine } from './requisitionFormSchema';

type Product = Schemas['Product'];

/** Props of {@link LineItemsSection}. */
export interface LineItemsSectionProps extends LineItemsFormBinding {
  /** The budget check of the form's cost centre and total. */
  budget: ReturnType<typeof useBudgetCheck>;
  /** The message about the line items as a whole (validation or server), if any. */
  error?: string;
  disabled: boolean;
}

/**
 * Line Items: one group of fields per line (with product search and prefill), Add Item, Check Budget
 * and the budget check's result.
 */
export function LineItemsSection({ budget, error, disabled, ...form }: LineItemsSectionProps): ReactElement {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const lines = useFieldArray({ control: form.control, name: 'line_items' });
  // Loaded up front so the first product search answers at once.
  useQuery(productQueries.list(client));

  const searchProducts = useCallback(
    async (text: string): Promise<Product[]> => {
      const { products } = await queryClient.ensureQueryData(productQueries.list(client));
      const needle = text.toLowerCase();
      return products.filter((product) =>
        [product.name, product.sku ?? '', product.description ?? ''].some((field) =>
          field.toLowerCase().includes(needle),
        ),
      );
    },
    [client, queryClient],
  );

  return (
    <Panel
      headingLevel={2}
      headingId="requisition-lines"
      title="Line Items"
      description="Search the catalogue to fill in a line, or describe the item yourself."
    >
      <Flex direction="column" gap="4">
        {lines.fields.map((line, index) => (
          <LineItemFields
            key={line.id}
            index={index}
            {...form}
            searchProducts={searchProducts}
            canRemove={lines.fields.length > 1}
            onRemove={() => lines.remove(index)}
            disabled={disabled}
          />
        ))}
        {error ? (
          <Text as="p" size="2" color="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Flex gap="3" wrap="wrap" align="center">
          <Button
            type="button"
            variant="outline"
            onClick={() => lines.append(emptyLine())}
            disabled={disabled}
          >
            <Plus size={16} aria-hidden />
            Add Item
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => void budget.checkNow()}
            loading={budget.checking}
            disabled={disabled}
          >
            {budget.checking ? null : <Wallet size={16} aria-hidden />}
            {budget.checking ? 'Checking budget...' : 'Check Budget'}
          </Button>
        </Flex>
        <div aria-live="polite">
          <BudgetCheckResult state={budget.state} />
        </div>
      </Flex>
    </Panel>
  );
}
