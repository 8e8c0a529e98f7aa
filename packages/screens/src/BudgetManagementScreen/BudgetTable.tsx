import type { Schemas } from '@purchasing/api-client';
import { Button, formatMoney } from '@purchasing/ui';
import { Badge, Box, Card, DataList, Flex, Heading, Progress, Table, Text } from '@radix-ui/themes';
import { Pencil } from 'lucide-react';
import { type ReactElement, type ReactNode, useId } from 'react';
import { ActionsHeaderCell } from '../kit/ActionsHeaderCell';
import { VISUALLY_HIDDEN } from '../kit/visuallyHidden';

type Budget = Schemas['Budget'];

/** The budgets of a page as a table (wide screens) or as cards (phones). */

function UtilizationBar({ budget }: { budget: Budget }): ReactElement {
  return (
    <Flex align="center" gap="2" style={{ minWidth: 140 }}>
      <Progress
        value={Math.min(budget.utilization, 100)}
        color={budget.utilization > 100 ? 'red' : budget.utilization >= 90 ? 'amber' : 'green'}
        aria-label={`Utilization of ${budget.cost_center.code}`}
        style={{ flex: 1 }}
      />
      <Text size="2">{budget.utilization.toFixed(1)}%</Text>
    </Flex>
  );
}

export function BudgetCard({
  budget,
  canManage,
  onEdit,
}: {
  budget: Budget;
  canManage: boolean;
  onEdit(): void;
}): ReactElement {
  const titleId = useId();
  const money = (amount: number) => formatMoney(amount, budget.currency);
  const rows: [string, ReactNode][] = [
    ['Allocated', money(budget.allocated)],
    ['Committed', money(budget.committed)],
    ['Spent', money(budget.spent)],
    ['Pending Approval', money(budget.pending)],
    [
      'Available',
      budget.available < 0 ? (
        <Badge key="available" color="red">
          {money(budget.available)}
        </Badge>
      ) : (
        money(budget.available)
      ),
    ],
  ];
  return (
    <Card size="2" asChild>
      <article aria-labelledby={titleId}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="start" gap="2">
            <Heading as="h2" size="3" id={titleId}>
              {budget.cost_center.code} {budget.cost_center.name}
            </Heading>
            {canManage ? (
              <Button
                size="1"
                variant="secondary"
                aria-label={`Edit budget of ${budget.cost_center.code}`}
                onClick={onEdit}
              >
                <Pencil size={14} aria-hidden />
                Edit
              </Button>
            ) : null}
          </Flex>
          <DataList.Root size="2">
            {rows.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.Label minWidth="130px">{label}</DataList.Label>
                <DataList.Value>{value}</DataList.Value>
              </DataList.Item>
            ))}
          </DataList.Root>
          <UtilizationBar budget={budget} />
        </Flex>
      </article>
    </Card>
  );
}

export function BudgetTable({
  budgets,
  canManage,
  onEdit,
}: {
  budgets: readonly Budget[];
  canManage: boolean;
  onEdit(budget: Budget): void;
}): ReactElement {
  const money = (amount: number, budget: Budget) => formatMoney(amount, budget.currency);
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table.Root variant="surface" style={{ minWidth: 860 }}>
        <caption style={VISUALLY_HIDDEN}>Budgets</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Cost Center</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Allocated</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Committed</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Spent</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Pending Approval</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Available</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Utilization</Table.ColumnHeaderCell>
            <ActionsHeaderCell show={canManage} />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {budgets.map((budget) => (
            <Table.Row key={budget.id}>
              <Table.RowHeaderCell>
                <Text weight="medium">{budget.cost_center.code}</Text>{' '}
                <Text color="gray">{budget.cost_center.name}</Text>
              </Table.RowHeaderCell>
              <Table.Cell justify="end">{money(budget.allocated, budget)}</Table.Cell>
              <Table.Cell justify="end">{money(budget.committed, budget)}</Table.Cell>
              <Table.Cell justify="end">{money(budget.spent, budget)}</Table.Cell>
              <Table.Cell justify="end">{money(budget.pending, budget)}</Table.Cell>
              <Table.Cell justify="end">
                {budget.available < 0 ? (
                  <Badge color="red">{money(budget.available, budget)}</Badge>
                ) : (
                  money(budget.available, budget)
                )}
              </Table.Cell>
              <Table.Cell>
                <UtilizationBar budget={budget} />
              </Table.Cell>
              {canManage ? (
                <Table.Cell>
                  <Button
                    size="1"
                    variant="secondary"
                    aria-label={`Edit budget of ${budget.cost_center.code}`}
                    onClick={() => onEdit(budget)}
                  >
                    <Pencil size={14} aria-hidden />
                    Edit
                  </Button>
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
