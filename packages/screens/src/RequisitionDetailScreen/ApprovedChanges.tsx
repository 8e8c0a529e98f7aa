import type { Schemas } from '@purchasing/api-client';
import { formatDateTime, formatMoney } from '@purchasing/ui';
import { Badge, Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { fullName } from '../shared/display';

type ApprovedEdit = Schemas['RequisitionApprovedEdit'];

/** Labels whose values are amounts in the requisition's currency. */
const isAmount = (label: string) => label === 'Total' || / (unit price|total|tax)$/.test(label);

function value(label: string, raw: string | null, currency: string): string {
  if (raw === null) return '—';
  if (isAmount(label) && raw !== '' && !Number.isNaN(Number(raw))) return formatMoney(Number(raw), currency);
  return raw === '' ? '—' : raw;
}

/**
 * Changes after approval (issue 15 item 7): each edit of the requisition while it was approved,
 * with who made it and when, whether it kept the approval or sent the requisition back (from which
 * level), and every change before → after. Nothing when it was never edited after approval.
 */
export function ApprovedChanges({
  edits,
  currency,
}: {
  edits: readonly ApprovedEdit[] | undefined;
  currency: string;
}): ReactElement | null {
  if (!edits || edits.length === 0) return null;
  return (
    <Box mt="4">
      <Heading as="h3" size="3" mb="2">
        Changes after approval
      </Heading>
      <Flex direction="column" gap="3" asChild>
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {edits.map((edit) => (
            <li key={edit.at}>
              <Flex direction="column" gap="1">
                <Flex gap="2" align="center" wrap="wrap">
                  <Badge color={edit.outcome === 'kept' ? 'green' : 'amber'}>
                    {edit.outcome === 'kept'
                      ? 'Approval kept'
                      : `Back for approval from level ${edit.restart_level ?? 1}`}
                  </Badge>
                  <Text size="1" color="gray">
                    {edit.actor ? `${fullName(edit.actor)} · ` : ''}
                    {formatDateTime(edit.at)}
                  </Text>
                </Flex>
                <Text size="2">{edit.reason}</Text>
                {edit.changes.length > 0 ? (
                  <Box asChild>
                    <dl style={{ margin: 0, display: 'grid', gap: 'var(--space-1)' }}>
                      {edit.changes.map((change) => (
                        <Flex key={change.label} gap="2" wrap="wrap" style={{ minWidth: 0 }}>
                          <Text as="span" size="2" weight="medium" asChild>
                            <dt>{change.label}</dt>
                          </Text>
                          <Text as="span" size="2" asChild style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                            <dd style={{ margin: 0 }}>
                              <Text color="gray">{value(change.label, change.before, currency)}</Text>
                              {' → '}
                              {value(change.label, change.after, currency)}
                            </dd>
                          </Text>
                        </Flex>
                      ))}
                    </dl>
                  </Box>
                ) : null}
              </Flex>
            </li>
          ))}
        </ol>
      </Flex>
    </Box>
  );
}
