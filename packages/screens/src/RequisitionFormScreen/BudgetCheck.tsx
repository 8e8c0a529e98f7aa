import { budgetQueries, type Schemas } from '@purchasing/api-client';
import { formatMoney } from '@purchasing/ui';
import { Box, Flex, Grid, Callout as RadixCallout, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import { type ReactElement, useCallback, useEffect, useRef, useState } from 'react';
import { usePurchasing } from '../PurchasingProvider';
import { messageOf } from './serverErrors';

/** How long the form waits after the cost centre or the total changes before checking (document 1 §9). */
export const BUDGET_CHECK_DEBOUNCE_MS = 1000;

/** Where a budget stands against a requisition total. */
export type BudgetLevel = 'warning' | 'notice' | 'within';

/**
 * Budget Warning when available is below the total, Budget Notice when it is below 110% of it
 * (document 1 §9, DECISIONS §5), compared in whole cents with integer arithmetic (×10 against ×11), so
 * a budget exactly at a boundary is never misread through floating point.
 */
export function budgetLevel(available: number, total: number): BudgetLevel {
  const availableCents = Math.round(available * 100);
  const totalCents = Math.round(total * 100);
  if (availableCents < totalCents) return 'warning';
  if (availableCents * 10 < totalCents * 11) return 'notice';
  return 'within';
}

/** The state of the budget check of the form. */
export type BudgetCheckState =
  | { status: 'idle' }
  | { status: 'missing'; message: string }
  | { status: 'checking'; explicit: boolean; previous: BudgetCheckDone | null }
  | BudgetCheckDone
  | { status: 'error'; explicit: boolean; message: string };

/** A finished budget check: the amount checked (in `currency`) and the server's figures (in the base currency). */
export interface BudgetCheckDone {
  status: 'done';
  explicit: boolean;
  amount: number;
  currency: string;
  result: Schemas['BudgetCheck'];
}

/**
 * Checks the cost centre's budget against the total with the real `GET /budgets/check`: 1 s after the
 * cost centre, the total or the currency last changed, and at once through `checkNow` (the Check
 * Budget button). A total in another currency is converted by the server at today's rate. Only the
 * latest check's answer is kept.
 */
export function useBudgetCheck(
  organizationId: string,
  costCenterId: string,
  amount: number,
  currency: string,
) {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const [state, setState] = useState<BudgetCheckState>({ status: 'idle' });
  const latest = useRef(0);
  // The pending background check: Check Budget cancels it, so it cannot overtake the answer asked for.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const run = useCallback(
    async (explicit: boolean) => {
      latest.current += 1;
      const request = latest.current;
      if (!costCenterId) {
        setState(
          explicit
            ? { status: 'missing', message: 'Choose a cost center to check the budget.' }
            : { status: 'idle' },
        );
        return;
      }
      if (amount <= 0) {
        setState(
          explicit
            ? { status: 'missing', message: 'Add an item with a price to check the budget.' }
            : { status: 'idle' },
        );
        return;
      }
      setState((current) => ({
        status: 'checking',
        explicit,
        previous:
          current.status === 'done' ? current : current.status === 'checking' ? current.previous : null,
      }));
      try {
        const budget = await queryClient.fetchQuery({
          ...budgetQueries.check(
            client,
            organizationId,
            costCenterId,
            amount,
            currency as Schemas['CurrencyCode'],
          ),
          // A check the user asks for reads the figures now, not a cached answer.
          staleTime: 0,
        });
        if (request !== latest.current) return;
        setState({ status: 'done', explicit, amount, currency, result: budget });
      } catch (error) {
        if (request !== latest.current) return;
        if (!explicit) {
          // A background check that fails must not alarm: the Check Budget button reports failures.
          console.warn('Budget check failed', error);
          setState({ status: 'idle' });
          return;
        }
        setState({
          status: 'error',
          explicit,
          message: messageOf(error, 'The budget could not be checked. Please try again.'),
        });
      }
    },
    [client, queryClient, organizationId, costCenterId, amount, currency],
  );

  useEffect(() => {
    if (!costCenterId || amount <= 0) {
      latest.current += 1;
      setState({ status: 'idle' });
      return;
    }
    timer.current = setTimeout(() => void run(false), BUDGET_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [costCenterId, amount, run]);

  const checkNow = useCallback(() => {
    clearTimeout(timer.current);
    return run(true);
  }, [run]);
  return { state, checkNow, checking: state.status === 'checking' && state.explicit };
}

/** Props of {@link BudgetCheckResult}. */
export interface BudgetCheckResultProps {
  state: BudgetCheckState;
}

const levelCopy = {
  warning: {
    title: 'Budget Warning',
    color: 'red',
    Icon: XCircle,
    text: (total: string, available: string, year: number) =>
      `The estimated total of ${total} is more than the ${available} available in this cost center's budget for fiscal year ${year}.`,
  },
  notice: {
    title: 'Budget Notice',
    color: 'amber',
    Icon: AlertTriangle,
    text: (total: string, available: string, year: number) =>
      `The estimated total of ${total} would use most of the ${available} still available in this cost center's budget for fiscal year ${year}.`,
  },
  within: {
    title: 'Within budget',
    color: 'green',
    Icon: CheckCircle2,
    text: (total: string, available: string, year: number) =>
      `The estimated total of ${total} fits within the ${available} available for fiscal year ${year}.`,
  },
} as const;

/**
 * The outcome of the budget check: 'Budget Warning' or 'Budget Notice' with allocated, spent,
 * committed and available amounts whenever a check finds them; 'Within budget' only after the user
 * asked (Check Budget), so a quiet budget stays quiet.
 */
export function BudgetCheckResult({ state }: BudgetCheckResultProps): ReactElement | null {
  if (state.status === 'missing') {
    return (
      <Flex align="center" gap="2" role="status">
        <Info size={16} aria-hidden color="var(--gray-11)" />
        <Text size="2" color="gray">
          {state.message}
        </Text>
      </Flex>
    );
  }
  if (state.status === 'error') {
    return (
      <Text as="p" size="2" color="red" role="alert">
        {state.message}
      </Text>
    );
  }
  const done = state.status === 'done' ? state : state.status === 'checking' ? state.previous : null;
  if (!done) return null;
  const { result, amount } = done;
  const level = budgetLevel(Number(result.available), Number(result.amount_in_base));
  if (level === 'within' && !done.explicit) return null;
  const copy = levelCopy[level];
  const money = (value: number | string) => formatMoney(value, result.currency);
  // A total in another currency is named in it, with its base amount at today's rate beside it.
  const totalText =
    result.exchange_rate === null
      ? money(result.amount_in_base)
      : `${formatMoney(amount, done.currency)} (${money(result.amount_in_base)} at today's rate)`;
  const figures = [
    ['Allocated', result.allocated],
    ['Spent', result.spent],
    ['Committed', result.committed],
    ['Available', result.available],
  ] as const;
  return (
    <RadixCallout.Root color={copy.color} highContrast role={level === 'within' ? 'status' : 'alert'}>
      <RadixCallout.Icon>
        <copy.Icon size={16} aria-hidden />
      </RadixCallout.Icon>
      <Flex direction="column" gap="2" width="100%">
        <Box>
          <Text as="p" size="2" weight="bold">
            {copy.title}
          </Text>
          <Text as="p" size="2">
            {copy.text(totalText, money(result.available), result.fiscal_year)}
          </Text>
        </Box>
        <Grid asChild columns={{ initial: '2', sm: '4' }} gapX="4" gapY="2">
          <dl style={{ margin: 0 }}>
            {figures.map(([label, value]) => (
              <Flex key={label} direction="column">
                <Text as="span" size="1" asChild>
                  <dt>{label}</dt>
                </Text>
                <Text as="span" size="2" weight="medium" asChild>
                  <dd style={{ margin: 0, whiteSpace: 'nowrap' }}>{money(value)}</dd>
                </Text>
              </Flex>
            ))}
          </dl>
        </Grid>
      </Flex>
    </RadixCallout.Root>
  );
}
