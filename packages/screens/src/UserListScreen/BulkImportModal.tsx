import { adminKeys, departmentQueries, roleQueries, type Schemas, unwrap } from '@purchasing/api-client';
import { Button, Callout, formatFileSize, Modal, RoleBadge } from '@purchasing/ui';
import {
  Badge,
  Box,
  Code,
  Flex,
  Heading,
  Progress,
  Button as RadixButton,
  Table,
  Text,
} from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileSpreadsheet, Upload } from 'lucide-react';
import { type DragEvent, type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';
import { downloadCsv } from '../shared/csv';
import {
  IMPORT_COLUMNS,
  IMPORT_EXAMPLE_LINE,
  IMPORT_HEADER,
  IMPORT_TEMPLATE_FILE_NAME,
  type ImportRow,
  importTemplateCsv,
  MAX_IMPORT_FILE_SIZE,
  MAX_IMPORT_ROWS,
  parseImportCsv,
} from './bulkImport';

type User = Schemas['User'];

/** Product copy of the Bulk Import dialog (own wording; the creation failure is document 2 §8's). */
export const bulkImportMessages = {
  title: 'Bulk Import Users',
  createFailed: 'Failed to create user',
  notCsv: 'Choose a CSV file (.csv).',
  tooLarge: `The file is larger than ${formatFileSize(MAX_IMPORT_FILE_SIZE)}. Split it into smaller files.`,
  unreadable: 'The file could not be read.',
  listsFailed: 'Roles and departments could not be loaded, so the file cannot be checked.',
  stopped: 'Not imported: the import was stopped',
} as const;

/** Where one row stands during and after the import. */
type RowOutcome =
  | { status: 'waiting' }
  | { status: 'creating' }
  | { status: 'created' }
  | { status: 'failed'; message: string }
  | { status: 'stopped' };

interface ImportState {
  phase: 'choose' | 'preview' | 'importing' | 'done';
  fileName: string | null;
  fileErrors: string[];
  rows: ImportRow[];
  outcomes: Record<number, RowOutcome>;
}

const initialState: ImportState = { phase: 'choose', fileName: null, fileErrors: [], rows: [], outcomes: {} };

/** Props of {@link BulkImportModal}. */
export interface BulkImportModalProps {
  /** Whether the dialog is open. */
  open: boolean;
  /** Called with `false` when the user closes it (never while importing). */
  onOpenChange(open: boolean): void;
  /** The organisation the users join (sent as `X-Organization-Id`). */
  organizationId: string;
  /** Its name, for the dialog's description. */
  organizationName: string;
  /** The organisation's members: emails already taken, and the managers the file may name. */
  users: readonly User[];
}

/**
 * The Bulk Import dialog of the user list: documents the CSV columns (with a downloadable template),
 * reads the chosen file with papaparse, previews every row with its errors (the Create User rules, the
 * role, department and manager lookups, emails repeated in the file or already members), then creates the
 * valid rows one at a time with `POST /users`, showing progress, and ends with a summary of the users
 * created and the rows that failed with the server's messages. It cannot be closed while importing.
 */
export function BulkImportModal({
  open,
  onOpenChange,
  organizationId,
  organizationName,
  users,
}: BulkImportModalProps): ReactElement {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const roles = useQuery({ ...roleQueries.list(client, organizationId), enabled: open });
  const departments = useQuery({ ...departmentQueries.list(client, organizationId), enabled: open });
  const [state, setState] = useState<ImportState>(initialState);
  const stopRequested = useRef(false);
  const unmounted = useRef(false);
  useEffect(() => {
    unmounted.current = false;
    return () => {
      // Leaving the page stops the import after the call under way.
      unmounted.current = true;
      stopRequested.current = true;
    };
  }, []);

  const importing = state.phase === 'importing';
  const listsReady = roles.isSuccess && departments.isSuccess;
  const listsFailed = roles.isError || departments.isError;
  const ready = state.rows.filter((row) => row.input !== null);

  const close = () => {
    if (importing) return;
    onOpenChange(false);
    setState(initialState);
  };

  const readFile = async (file: File) => {
    if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') {
      setState({ ...initialState, fileName: file.name, fileErrors: [bulkImportMessages.notCsv] });
      return;
    }
    if (file.size > MAX_IMPORT_FILE_SIZE) {
      setState({ ...initialState, fileName: file.name, fileErrors: [bulkImportMessages.tooLarge] });
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      console.error('Failed to read the import file', error);
      setState({ ...initialState, fileName: file.name, fileErrors: [bulkImportMessages.unreadable] });
      return;
    }
    const result = parseImportCsv(text, {
      roles: roles.data?.data ?? [],
      departments: departments.data?.departments ?? [],
      users,
    });
    setState({
      phase: result.fileErrors.length > 0 ? 'choose' : 'preview',
      fileName: file.name,
      fileErrors: result.fileErrors,
      rows: result.rows,
      outcomes: {},
    });
  };

  const setOutcome = (line: number, outcome: RowOutcome) => {
    if (unmounted.current) return;
    setState((current) => ({ ...current, outcomes: { ...current.outcomes, [line]: outcome } }));
  };

  const runImport = async () => {
    const rows = ready;
    stopRequested.current = false;
    setState((current) => ({
      ...current,
      phase: 'importing',
      outcomes: Object.fromEntries(rows.map((row) => [row.line, { status: 'waiting' } as RowOutcome])),
    }));
    // One at a time, in file order: the server checks each email and manager against what is already saved.
    for (const row of rows) {
      if (stopRequested.current) {
        setOutcome(row.line, { status: 'stopped' });
        continue;
      }
      setOutcome(row.line, { status: 'creating' });
      try {
        await unwrap(
          client.api.POST('/users', {
            params: { header: { 'X-Organization-Id': organizationId } },
            body: row.input as Schemas['UserCreateInput'],
          }),
        );
        setOutcome(row.line, { status: 'created' });
      } catch (error) {
        setOutcome(row.line, {
          status: 'failed',
          message: serverMessage(error) ?? bulkImportMessages.createFailed,
        });
      }
    }
    void queryClient.invalidateQueries({ queryKey: adminKeys.all(organizationId) });
    if (!unmounted.current) setState((current) => ({ ...current, phase: 'done' }));
  };

  const footer = (() => {
    switch (state.phase) {
      case 'choose':
        return (
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
        );
      case 'preview':
        return (
          <>
            <Button variant="secondary" onClick={() => setState(initialState)}>
              Choose another file
            </Button>
            <Button disabled={ready.length === 0} onClick={() => void runImport()}>
              <Upload size={16} aria-hidden />
              {`Import ${ready.length} ${ready.length === 1 ? 'user' : 'users'}`}
            </Button>
          </>
        );
      case 'importing':
        return (
          <Button variant="secondary" onClick={() => (stopRequested.current = true)}>
            Stop
          </Button>
        );
      case 'done':
        return (
          <>
            <Button variant="secondary" onClick={() => setState(initialState)}>
              Import another file
            </Button>
            <Button onClick={close}>Done</Button>
          </>
        );
    }
  })();

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title={bulkImportMessages.title}
      description={`Create several users of ${organizationName} at once from a CSV file.`}
      size="xl"
      closeOnEscape={!importing}
      closeOnOverlayClick={!importing}
      showCloseButton={!importing}
      footer={footer}
    >
      {state.phase === 'choose' ? (
        <ChooseStep
          fileName={state.fileName}
          fileErrors={state.fileErrors}
          disabled={!listsReady}
          listsFailed={listsFailed}
          onRetry={() => {
            void roles.refetch();
            void departments.refetch();
          }}
          onFile={(file) => void readFile(file)}
        />
      ) : state.phase === 'done' ? (
        <ImportSummary rows={state.rows} outcomes={state.outcomes} />
      ) : (
        <Flex direction="column" gap="3">
          {importing ? <ImportProgress rows={ready} outcomes={state.outcomes} /> : null}
          <PreviewHeader fileName={state.fileName ?? ''} rows={state.rows} />
          <PreviewTable rows={state.rows} outcomes={state.outcomes} />
        </Flex>
      )}
    </Modal>
  );
}

/** The documented columns, the template and the file chooser. */
function ChooseStep({
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

function PreviewHeader({ fileName, rows }: { fileName: string; rows: ImportRow[] }): ReactElement {
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
function PreviewTable({
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

function ImportProgress({
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

/** The end of an import: who was created, which rows failed and why, and what was skipped. */
function ImportSummary({
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
