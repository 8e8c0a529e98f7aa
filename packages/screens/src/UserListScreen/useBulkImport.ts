import { adminKeys, departmentQueries, roleQueries, type Schemas, unwrap } from '@purchasing/api-client';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';
import { MAX_IMPORT_FILE_SIZE, parseImportCsv } from './bulkImport';
import { bulkImportMessages, type ImportState, initialState, type RowOutcome } from './bulkImportState';

type User = Schemas['User'];

/** What {@link useBulkImport} needs: whether the dialog is open, the organisation and its members. */
export interface UseBulkImportOptions {
  open: boolean;
  organizationId: string;
  users: readonly User[];
}

/**
 * The logic of the Bulk Import dialog: loads the roles and departments the file is checked against, reads
 * and checks the chosen file ({@link parseImportCsv}), then creates the valid rows one at a time with
 * `POST /users`, recording each row's outcome; the import can be stopped after the call under way.
 */
export function useBulkImport({ open, organizationId, users }: UseBulkImportOptions) {
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

  return {
    state,
    importing,
    listsReady,
    listsFailed,
    ready,
    readFile,
    runImport,
    /** Back to choosing a file. */
    reset: () => setState(initialState),
    /** Stops the import after the call under way. */
    stop: () => {
      stopRequested.current = true;
    },
    retryLists: () => {
      void roles.refetch();
      void departments.refetch();
    },
  };
}
