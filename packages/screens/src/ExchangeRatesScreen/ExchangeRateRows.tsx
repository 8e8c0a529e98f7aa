import type { Schemas } from '@purchasing/api-client';
import { CURRENCIES, formatDate } from '@purchasing/ui';
import { Badge, Box, Card, Flex, Button as RadixButton, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { Pencil, Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { ActionsHeaderCell } from '../kit/ActionsHeaderCell';

type ExchangeRate = Schemas['ExchangeRate'];

/** How each status of a rate (the server's) reads. */
const STATUS = {
  in_effect: { label: 'In effect', color: 'green' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  superseded: { label: 'Superseded', color: 'gray' },
} as const satisfies Record<ExchangeRate['status'], { label: string; color: 'green' | 'blue' | 'gray' }>;

const currencyName = (code: string) => CURRENCIES.find((currency) => currency.code === code)?.name ?? code;

/** Props of {@link ExchangeRateRows}. */
export interface ExchangeRateRowsProps {
  rates: readonly ExchangeRate[];
  /** The organisation's base currency, which every rate converts into. */
  base: string;
  /** The table's accessible name. */
  caption: string;
  /** Whether the rows offer Edit and Delete (`org.settings`; the server decides). */
  canManage: boolean;
  onEdit(rate: ExchangeRate): void;
  onDelete(rate: ExchangeRate): void;
}

/**
 * The rates as a table (currency, rate, effective day with its status, actions) and, on a phone, as a
 * card each: the table's four columns would hide the actions off screen.
 */
export function ExchangeRateRows({
  rates,
  base,
  caption,
  canManage,
  onEdit,
  onDelete,
}: ExchangeRateRowsProps): ReactElement {
  return (
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
                    1 {rate.currency} = {rate.rate} {base}
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
                  <RateActions rate={rate} onEdit={() => onEdit(rate)} onDelete={() => onDelete(rate)} />
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
              <caption>{caption}</caption>
            </VisuallyHidden>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Currency</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Rate</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Effective from</Table.ColumnHeaderCell>
                <ActionsHeaderCell show={canManage} />
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
                      1 {rate.currency} = {rate.rate} {base}
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
                      <RateActions rate={rate} onEdit={() => onEdit(rate)} onDelete={() => onDelete(rate)} />
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Card>
      </Box>
    </>
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
