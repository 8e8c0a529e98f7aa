import { currencyKeys, exchangeRateQueries, type Schemas, unwrap } from '@purchasing/api-client';
import {
  Button,
  Callout,
  ConfirmDialog,
  CURRENCIES,
  EmptyState,
  formatDate,
  Spinner,
  toast,
} from '@purchasing/ui';
import { Badge, Box, Card, Flex, Button as RadixButton, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { ListHeading } from '../kit/list/ListHeading';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { ExchangeRateFormDialog } from './ExchangeRateFormDialog';

type ExchangeRate = Schemas['ExchangeRate'];

/** Copy of the Exchange Rates screen. */
export const exchangeRatesMessages = {
  title: 'Exchange Rates',
  description: (base: string) =>
    `Rates into ${base}, the organization's base currency. Approval thresholds, budgets and the dashboard count every requisition in ${base}, at the rate in effect the day it was submitted.`,
  noOrganization: 'Please select an organization from the header to see its exchange rates',
  loadFailed: 'Failed to load exchange rates. Please try again.',
  empty: 'No exchange rates yet',
  emptyDescription: (base: string) =>
    `Requisitions can only be submitted in ${base} until a rate is added for another currency.`,
  deleteTitle: 'Delete Exchange Rate',
  deleteConfirm: (rate: Pick<ExchangeRate, 'currency' | 'effective_from'>) =>
    `Delete the ${rate.currency} rate from ${formatDate(rate.effective_from)}? Requisitions already submitted keep the rate they used.`,
  deleted: 'Exchange rate deleted',
  deleteFailed: 'Failed to delete the exchange rate',
} as const;

/** How each status of a rate (the server's) reads. */
const STATUS = {
  in_effect: { label: 'In effect', color: 'green' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  superseded: { label: 'Superseded', color: 'gray' },
} as const satisfies Record<ExchangeRate['status'], { label: string; color: 'green' | 'blue' | 'gray' }>;

const currencyName = (code: string) => CURRENCIES.find((currency) => currency.code === code)?.name ?? code;

/** Today in UTC as `YYYY-MM-DD` (the day rates take effect on is a UTC day). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1100 }}>
      {children}
    </Flex>
  );
}

/**
 * Exchange Rates (/admin/exchange-rates): the organisation's rates into its base currency, by
 * currency then newest first, marking the one each currency's submissions use today. Every member may
 * look; holders of `org.settings` add, edit and delete rates (the server enforces it).
 */
export function ExchangeRatesScreen(): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();
  if (organizationsLoading || !currentOrganization) {
    return (
      <Page>
        <ListHeading title={exchangeRatesMessages.title} />
        {organizationsLoading ? (
          <Flex justify="center" py="9">
            <Spinner label="Loading organizations" />
          </Flex>
        ) : (
          <Callout variant="info">{exchangeRatesMessages.noOrganization}</Callout>
        )}
      </Page>
    );
  }
  return <ExchangeRates key={currentOrganization.id} organizationId={currentOrganization.id} />;
}

function ExchangeRates({ organizationId }: { organizationId: string }): ReactElement {
  const { client } = usePurchasing();
  const { hasPermission } = useSession();
  const queryClient = useQueryClient();
  const canManage = hasPermission('org.settings');
  const list = useQuery(exchangeRateQueries.list(client, organizationId));
  const [editing, setEditing] = useState<{ rate: ExchangeRate | null } | null>(null);
  const [deleting, setDeleting] = useState<ExchangeRate | null>(null);

  const remove = useMutation({
    mutationFn: (rate: ExchangeRate) =>
      unwrap(
        client.api.DELETE('/exchange-rates/{id}', {
          params: { path: { id: rate.id }, header: { 'X-Organization-Id': organizationId } },
        }),
      ),
    onSuccess: () => {
      toast.success(exchangeRatesMessages.deleted);
      setDeleting(null);
    },
    onError: (error) => toast.error(serverMessage(error) ?? exchangeRatesMessages.deleteFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currencyKeys.all(organizationId) }),
  });

  const base = list.data?.base_currency;
  const rates = list.data?.exchange_rates ?? [];
  return (
    <Page>
      <ListHeading
        title={exchangeRatesMessages.title}
        {...(list.data ? { total: rates.length } : {})}
        {...(base ? { description: exchangeRatesMessages.description(base) } : {})}
        actions={
          canManage && base ? (
            <Button onClick={() => setEditing({ rate: null })}>
              <Plus aria-hidden size={16} /> Add Rate
            </Button>
          ) : null
        }
      />
      {list.isPending ? (
        <Flex justify="center" py="9">
          <Spinner label="Loading exchange rates" />
        </Flex>
      ) : list.isError ? (
        <Callout variant="error">{exchangeRatesMessages.loadFailed}</Callout>
      ) : rates.length === 0 ? (
        <EmptyState
          icon={<ArrowLeftRight aria-hidden />}
          title={exchangeRatesMessages.empty}
          description={exchangeRatesMessages.emptyDescription(list.data.base_currency)}
        />
      ) : (
        <>
          {/* A phone gets a card per rate: the table's four columns would hide the actions off screen. */}
          <Flex direction="column" gap="3" display={{ initial: 'flex', sm: 'none' }}>
            {rates.map((rate) => (
              <Card key={rate.id} size="2" asChild>
                <article aria-label={`${rate.currency} from ${formatDate(rate.effective_from)}`}>
                  <Flex justify="between" align="start" gap="3">
                    <Flex direction="column" gap="1">
                      <Text weight="bold">
                        {rate.currency}{' '}
                        <Text weight="regular" color="gray" size="2">
                          {currencyName(rate.currency)}
                        </Text>
                      </Text>
                      <Text style={{ fontVariantNumeric: 'tabular-nums' }}>
                        1 {rate.currency} = {rate.rate} {list.data.base_currency}
                      </Text>
                      <Flex gap="2" align="center" wrap="wrap">
                        <Text size="2" color="gray">
                          From {formatDate(rate.effective_from)}
                        </Text>
                        <Badge color={STATUS[rate.status].color} variant="soft">
                          {STATUS[rate.status].label}
                        </Badge>
                      </Flex>
                    </Flex>
                    {canManage ? (
                      <RateActions
                        rate={rate}
                        onEdit={() => setEditing({ rate })}
                        onDelete={() => setDeleting(rate)}
                      />
                    ) : null}
                  </Flex>
                </article>
              </Card>
            ))}
          </Flex>
          <Box display={{ initial: 'none', sm: 'block' }}>
            <Card size="1">
              <Table.Root variant="ghost">
                <VisuallyHidden asChild>
                  <caption>{exchangeRatesMessages.title}</caption>
                </VisuallyHidden>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Currency</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Rate</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Effective from</Table.ColumnHeaderCell>
                    {canManage ? (
                      <Table.ColumnHeaderCell>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.ColumnHeaderCell>
                    ) : null}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rates.map((rate) => (
                    <Table.Row key={rate.id} align="center">
                      <Table.RowHeaderCell>
                        <Flex direction="column">
                          <Text weight="bold">{rate.currency}</Text>
                          <Text size="1" color="gray">
                            {currencyName(rate.currency)}
                          </Text>
                        </Flex>
                      </Table.RowHeaderCell>
                      <Table.Cell>
                        <Text style={{ fontVariantNumeric: 'tabular-nums' }}>
                          1 {rate.currency} = {rate.rate} {list.data.base_currency}
                        </Text>
                      </Table.Cell>
                      <Table.Cell>
                        <Flex gap="2" align="center" wrap="wrap">
                          <Text>{formatDate(rate.effective_from)}</Text>
                          <Badge color={STATUS[rate.status].color} variant="soft">
                            {STATUS[rate.status].label}
                          </Badge>
                        </Flex>
                      </Table.Cell>
                      {canManage ? (
                        <Table.Cell justify="end">
                          <RateActions
                            rate={rate}
                            onEdit={() => setEditing({ rate })}
                            onDelete={() => setDeleting(rate)}
                          />
                        </Table.Cell>
                      ) : null}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Card>
          </Box>
        </>
      )}
      {base ? (
        <ExchangeRateFormDialog
          open={editing !== null}
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          organizationId={organizationId}
          baseCurrency={base}
          rate={editing?.rate ?? null}
          today={todayUtc()}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={exchangeRatesMessages.deleteTitle}
        message={deleting ? exchangeRatesMessages.deleteConfirm(deleting) : ''}
        confirmLabel="Delete"
        variant="danger"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      />
    </Page>
  );
}

/** Edit and Delete of one rate, named after it. */
function RateActions({
  rate,
  onEdit,
  onDelete,
}: {
  rate: ExchangeRate;
  onEdit(): void;
  onDelete(): void;
}): ReactElement {
  const name = `the ${rate.currency} rate from ${formatDate(rate.effective_from)}`;
  return (
    <Flex gap="3" justify="end">
      <RadixButton variant="ghost" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden size={16} />
      </RadixButton>
      <RadixButton variant="ghost" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
        <Trash2 aria-hidden size={16} />
      </RadixButton>
    </Flex>
  );
}
