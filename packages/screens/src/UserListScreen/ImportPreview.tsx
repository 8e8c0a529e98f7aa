import { RoleBadge } from '@purchasing/ui';
import { Badge, Box, Flex, Progress, Table, Text } from '@radix-ui/themes';
import { FileSpreadsheet } from 'lucide-react';
import type { ReactElement } from 'react';
import type { ImportRow } from './bulkImport';
import type { RowOutcome } from './bulkImportState';

export function PreviewHeader({ fileName, rows }: { fileName: string; rows: ImportRow[] }): ReactElement {
  const ready = rows.filter((row) => row.input !== null).length;
  const withErrors = rows.length - ready;
  return (
    <Flex direction="column" gap="2">
      <Flex gap="2" align="center" wrap="wrap">
        <FileSpreadsheet size={16} aria-hidden />
        <Text weight="medium" style={{ overflowWrap: 'anywhere' }}>
          {fileName}
        </Text>
        <Text color="gray" size="2">
          {`${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`}
        </Text>
        <Badge color="green" variant="soft" highContrast>{`${ready} ready`}</Badge>
        {withErrors > 0 ? (
          <Badge color="red" variant="soft" highContrast>{`${withErrors} with errors`}</Badge>
        ) : null}
      </Flex>
      {withErrors > 0 ? (
        <Text as="p" size="2" color="gray">
          Rows with errors are skipped. Fix them in the file and choose it again, or import the ready rows
          now.
        </Text>
      ) : null}
    </Flex>
  );
}

/** The preview of every row: what will be created, and why a row cannot be; during the import, each row's progress. */
export function PreviewTable({
  rows,
  outcomes,
}: {
  rows: ImportRow[];
  outcomes: Record<number, RowOutcome>;
}): ReactElement {
  return (
    <Box
      // Scrolls inside the dialog, so the buttons stay in view with hundreds of rows.
      // `contain` keeps the table's width from widening the dialog past a narrow screen: it scrolls instead.
      style={{
        maxHeight: 'min(420px, 50vh)',
        overflow: 'auto',
        borderRadius: 'var(--radius-3)',
        contain: 'inline-size',
      }}
      tabIndex={0}
      role="region"
      aria-label="Rows of the file"
    >
      <Table.Root variant="surface" size="1">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Row</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>User</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Department</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Manager</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Invite</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.line} aria-invalid={row.errors.length > 0 || undefined}>
              <Table.RowHeaderCell>{row.line}</Table.RowHeaderCell>
              <Table.Cell style={{ minWidth: 190 }}>
                <Text as="div" size="2" weight="medium">
                  {row.display.name || '—'}
                </Text>
                <Text as="div" size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
                  {row.display.email || '—'}
                </Text>
              </Table.Cell>
              <Table.Cell>
                {row.display.role === null ? (
                  '—'
                ) : row.display.roleFound ? (
                  <RoleBadge roleName={row.display.role} />
                ) : (
                  row.display.role
                )}
              </Table.Cell>
              <Table.Cell style={{ minWidth: 110 }}>{row.display.department ?? '—'}</Table.Cell>
              <Table.Cell style={{ minWidth: 120 }}>{row.display.manager ?? '—'}</Table.Cell>
              <Table.Cell>
                {row.display.sendInvite === null ? '—' : row.display.sendInvite ? 'Yes' : 'No'}
              </Table.Cell>
              <Table.Cell style={{ minWidth: 220 }}>
                <RowStatus row={row} outcome={outcomes[row.line]} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function RowStatus({ row, outcome }: { row: ImportRow; outcome: RowOutcome | undefined }): ReactElement {
  if (row.errors.length > 0) {
    return (
      <Flex asChild direction="column" gap="1">
        <ul aria-label={`Errors in row ${row.line}`} style={{ margin: 0, paddingLeft: 16 }}>
          {row.errors.map((error) => (
            <li key={error}>
              <Text size="1" color="red">
                {error}
              </Text>
            </li>
          ))}
        </ul>
      </Flex>
    );
  }
  switch (outcome?.status) {
    case 'waiting':
      return (
        <Badge color="gray" variant="soft" highContrast>
          Waiting
        </Badge>
      );
    case 'creating':
      return (
        <Badge color="blue" variant="soft" highContrast>
          Creating...
        </Badge>
      );
    case 'created':
      return (
        <Badge color="green" variant="soft" highContrast>
          Created
        </Badge>
      );
    case 'failed':
      return (
        <Text size="1" color="red">
          {outcome.message}
        </Text>
      );
    case 'stopped':
      return (
        <Badge color="gray" variant="soft" highContrast>
          Not imported
        </Badge>
      );
    default:
      return (
        <Badge color="green" variant="soft" highContrast>
          Ready
        </Badge>
      );
  }
}

export function ImportProgress({
  rows,
  outcomes,
}: {
  rows: ImportRow[];
  outcomes: Record<number, RowOutcome>;
}): ReactElement {
  const finished = rows.filter((row) => {
    const status = outcomes[row.line]?.status;
    return status === 'created' || status === 'failed' || status === 'stopped';
  }).length;
  return (
    <Flex direction="column" gap="2">
      <Text
        size="2"
        role="status"
      >{`Importing ${Math.min(finished + 1, rows.length)} of ${rows.length} users...`}</Text>
      <Progress value={rows.length === 0 ? 0 : (finished / rows.length) * 100} aria-label="Import progress" />
    </Flex>
  );
}
