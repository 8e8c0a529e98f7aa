import { currencyKeys, exchangeRateQueries, type Schemas, unwrap } from '@purchasing/api-client';
import { Button, formatDate, toast } from '@purchasing/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeftRight, Plus } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { ListScreen } from '../kit/list/ListScreen';
import { defineListResource, useListScreen } from '../kit/list/useListScreen';
import { useLocalListSearch } from '../kit/list/useLocalListSearch';
import { ScreenFrame } from '../kit/ScreenFrame';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { ExchangeRateFormDialog } from './ExchangeRateFormDialog';
import { ExchangeRateRows } from './ExchangeRateRows';

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

/** Today in UTC as `YYYY-MM-DD` (the day rates take effect on is a UTC day). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The organisation's rates (`GET /exchange-rates`), a short list shown whole: no search, one page. */
const exchangeRates = defineListResource({
  pageSize: Number.POSITIVE_INFINITY,
  parse: () => ({}),
  compact: (search: Record<string, never>) => search,
  query: (client, organizationId) => exchangeRateQueries.list(client, organizationId),
  page: ({ exchange_rates }) => ({ rows: exchange_rates, total: exchange_rates.length }),
});

/**
 * Exchange Rates (/admin/exchange-rates): the organisation's rates into its base currency, by
 * currency then newest first, marking the one each currency's submissions use today. Every member may
 * look; holders of `org.settings` add, edit and delete rates (the server enforces it).
 */
export function ExchangeRatesScreen(): ReactElement {
  return (
    <ScreenFrame
      title={exchangeRatesMessages.title}
      noOrganization={exchangeRatesMessages.noOrganization}
      maxWidth={1100}
    >
      {(organization) => <ExchangeRates organizationId={organization.id} />}
    </ScreenFrame>
  );
}

function ExchangeRates({ organizationId }: { organizationId: string }): ReactElement {
  const { client } = usePurchasing();
  const { hasPermission } = useSession();
  const queryClient = useQueryClient();
  const canManage = hasPermission('org.settings');
  const [editing, setEditing] = useState<{ rate: ExchangeRate | null } | null>(null);
  const remove = useMutation({
    mutationFn: (rate: ExchangeRate) =>
      unwrap(
        client.api.DELETE('/exchange-rates/{id}', {
          params: { path: { id: rate.id }, header: { 'X-Organization-Id': organizationId } },
        }),
      ),
    onSuccess: () => toast.success(exchangeRatesMessages.deleted),
    onError: (error) => toast.error(serverMessage(error) ?? exchangeRatesMessages.deleteFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: currencyKeys.all(organizationId) }),
  });
  // A refused delete keeps the dialog open, to try again or cancel.
  const list = useListScreen(
    exchangeRates,
    { ...useLocalListSearch({}), organizationId },
    { confirm: { run: remove.mutateAsync, keepOpenOnError: true } },
  );
  const base = list.data?.base_currency;

  return (
    <ListScreen<ExchangeRate>
      state={list}
      title={exchangeRatesMessages.title}
      {...(base ? { description: exchangeRatesMessages.description(base) } : {})}
      actions={
        canManage && base ? (
          <Button onClick={() => setEditing({ rate: null })}>
            <Plus aria-hidden size={16} /> Add Rate
          </Button>
        ) : null
      }
      renderRows={(rates) => (
        <ExchangeRateRows
          rates={rates}
          base={base ?? ''}
          caption={exchangeRatesMessages.title}
          canManage={canManage}
          onEdit={(rate) => setEditing({ rate })}
          onDelete={(rate) => list.confirm?.ask(rate)}
        />
      )}
      empty={{
        icon: <ArrowLeftRight aria-hidden />,
        title: exchangeRatesMessages.empty,
        description: base ? exchangeRatesMessages.emptyDescription(base) : undefined,
      }}
      pagerOnlyWhenPaged
      messages={{
        loading: 'Loading exchange rates',
        loadFailed: exchangeRatesMessages.loadFailed,
        pager: 'Exchange rate pages',
      }}
      confirm={{
        title: exchangeRatesMessages.deleteTitle,
        message: exchangeRatesMessages.deleteConfirm,
        confirmLabel: 'Delete',
        variant: 'danger',
      }}
    >
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
    </ListScreen>
  );
}
