import { Button, Callout, formatFileSize } from '@purchasing/ui';
import { Box, Code, Flex, Heading, Button as RadixButton, Table, Text } from '@radix-ui/themes';
import { Download, FileSpreadsheet } from 'lucide-react';
import { type DragEvent, type ReactElement, useId, useState } from 'react';
import { downloadCsv } from '../shared/csv';
import {
  IMPORT_COLUMNS,
  IMPORT_EXAMPLE_LINE,
  IMPORT_HEADER,
  IMPORT_TEMPLATE_FILE_NAME,
  importTemplateCsv,
  MAX_IMPORT_FILE_SIZE,
  MAX_IMPORT_ROWS,
} from './bulkImport';
import { bulkImportMessages } from './bulkImportState';

/** The documented columns, the template and the file chooser. */
export function ChooseStep({
  fileName,
  fileErrors,
  disabled,
  listsFailed,
  onRetry,
  onFile,
}: {
  fileName: string | null;
  fileErrors: string[];
  disabled: boolean;
  listsFailed: boolean;
  onRetry(): void;
  onFile(file: File): void;
}): ReactElement {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [dragging, setDragging] = useState(false);
  const [inputFocused, setInputFocused] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <Flex direction="column" gap="4">
      <Box>
        <Flex justify="between" align="center" gap="3" wrap="wrap" mb="2">
          <Heading as="h3" size="3">
            The file
          </Heading>
          <Button
            variant="outline"
            size="2"
            onClick={() => downloadCsv(importTemplateCsv(), IMPORT_TEMPLATE_FILE_NAME)}
          >
            <Download size={16} aria-hidden />
            Download template
          </Button>
        </Flex>
        <Text as="p" size="2" color="gray" mb="3">
          {`A CSV file (UTF-8) whose first line names these columns, in any order, then one user per line; up to ${MAX_IMPORT_ROWS} users.`}
        </Text>
        <Table.Root variant="surface" size="1">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Column</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Required</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>What to enter</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {IMPORT_COLUMNS.map((column) => (
              <Table.Row key={column.name}>
                <Table.RowHeaderCell style={{ whiteSpace: 'nowrap' }}>
                  <Code variant="ghost" highContrast>
                    {column.name}
                  </Code>
                </Table.RowHeaderCell>
                <Table.Cell>{column.required ? 'Yes' : 'No'}</Table.Cell>
                <Table.Cell>{column.description}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        <Text as="p" size="2" mt="3" mb="1" weight="medium">
          Example
        </Text>
        <Box
          p="2"
          style={{
            background: 'var(--gray-a3)',
            borderRadius: 'var(--radius-2)',
            overflowX: 'auto',
            fontFamily: 'var(--code-font-family)',
            fontSize: 'var(--font-size-1)',
            whiteSpace: 'pre',
          }}
        >
          {`${IMPORT_HEADER.join(',')}\n${IMPORT_EXAMPLE_LINE}`}
        </Box>
      </Box>

      {listsFailed ? (
        <Callout
          variant="error"
          action={
            <Button size="1" variant="secondary" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          {bulkImportMessages.listsFailed}
        </Callout>
      ) : null}
      {fileErrors.length > 0 ? (
        <Callout variant="error">
          <Text as="span" weight="medium">{`${fileName ?? 'The file'} cannot be imported. `}</Text>
          {fileErrors.join(' ')}
        </Callout>
      ) : null}

      <Flex
        direction="column"
        align="center"
        gap="2"
        p="5"
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          position: 'relative',
          border: `2px dashed ${dragging ? 'var(--accent-9)' : 'var(--gray-7)'}`,
          borderRadius: 'var(--radius-3)',
          background: dragging ? 'var(--accent-2)' : disabled ? 'var(--gray-2)' : undefined,
        }}
      >
        <FileSpreadsheet size={28} aria-hidden color="var(--gray-11)" />
        <Text size="2">Drag and drop the CSV file here, or</Text>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          disabled={disabled}
          aria-describedby={hintId}
          style={visuallyHidden}
          onFocus={() => setInputFocused(true)}
          onBlur={() => setInputFocused(false)}
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Lets the same file be chosen again after fixing it.
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <RadixButton asChild disabled={disabled}>
          <label
            htmlFor={inputId}
            style={{
              cursor: disabled ? 'not-allowed' : 'pointer',
              outline: inputFocused ? '2px solid var(--focus-8)' : undefined,
              outlineOffset: 2,
            }}
          >
            Choose CSV file
          </label>
        </RadixButton>
        <Text id={hintId} size="1" color="gray" align="center">
          {disabled && !listsFailed
            ? 'Loading roles and departments...'
            : `.csv · up to ${formatFileSize(MAX_IMPORT_FILE_SIZE)} and ${MAX_IMPORT_ROWS} users`}
        </Text>
      </Flex>
    </Flex>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
