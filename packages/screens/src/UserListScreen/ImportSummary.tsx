import { Callout } from '@purchasing/ui';
import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import type { ImportRow } from './bulkImport';
import { bulkImportMessages, type RowOutcome } from './bulkImportState';

/** The end of an import: who was created, which rows failed and why, and what was skipped. */
export function ImportSummary({
  rows,
  outcomes,
}: {
  rows: ImportRow[];
  outcomes: Record<number, RowOutcome>;
}): ReactElement {
  const created = rows.filter((row) => outcomes[row.line]?.status === 'created');
  const failed = rows.flatMap((row) => {
    const outcome = outcomes[row.line];
    if (outcome?.status === 'failed') return [{ row, message: outcome.message }];
    if (outcome?.status === 'stopped') return [{ row, message: bulkImportMessages.stopped }];
    return [];
  });
  const skipped = rows.filter((row) => row.errors.length > 0).length;

  return (
    <Flex direction="column" gap="4">
      <Callout variant={failed.length === 0 ? 'success' : 'warning'}>
        {[
          `${created.length} ${created.length === 1 ? 'user' : 'users'} created`,
          failed.length > 0 ? `${failed.length} failed` : null,
          skipped > 0 ? `${skipped} ${skipped === 1 ? 'row' : 'rows'} with errors skipped` : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Callout>
      {created.length > 0 ? (
        <Box asChild>
          <section aria-labelledby="import-created">
            <Heading as="h3" size="3" id="import-created" mb="2">
              {`Created (${created.length})`}
            </Heading>
            <SummaryList
              label="Users created"
              items={created.map((row) => ({
                key: row.line,
                title: row.display.name,
                detail: row.display.email,
              }))}
            />
          </section>
        </Box>
      ) : null}
      {failed.length > 0 ? (
        <Box asChild>
          <section aria-labelledby="import-failed">
            <Heading as="h3" size="3" id="import-failed" mb="2">
              {`Failed (${failed.length})`}
            </Heading>
            <SummaryList
              label="Rows that failed"
              items={failed.map(({ row, message }) => ({
                key: row.line,
                title: `Row ${row.line} · ${row.display.email}`,
                detail: message,
                error: true,
              }))}
            />
          </section>
        </Box>
      ) : null}
    </Flex>
  );
}

function SummaryList({
  label,
  items,
}: {
  label: string;
  items: { key: number; title: string; detail: string; error?: boolean }[];
}): ReactElement {
  return (
    <Box
      // Focusable, so a keyboard can scroll a long list.
      tabIndex={0}
      role="region"
      aria-label={label}
      style={{
        maxHeight: 240,
        overflow: 'auto',
        border: '1px solid var(--gray-a5)',
        borderRadius: 'var(--radius-3)',
      }}
    >
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item, index) => (
          <Flex
            asChild
            key={item.key}
            direction="column"
            px="3"
            py="2"
            style={{ borderTop: index === 0 ? undefined : '1px solid var(--gray-a4)' }}
          >
            <li>
              <Text size="2" weight="medium">
                {item.title}
              </Text>
              <Text size="1" color={item.error ? 'red' : 'gray'} style={{ overflowWrap: 'anywhere' }}>
                {item.detail}
              </Text>
            </li>
          </Flex>
        ))}
      </ul>
    </Box>
  );
}
