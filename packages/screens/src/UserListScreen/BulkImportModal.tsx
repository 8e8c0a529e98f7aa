import type { Schemas } from '@purchasing/api-client';
import { Button, Modal } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { Upload } from 'lucide-react';
import type { ReactElement } from 'react';
import { bulkImportMessages } from './bulkImportState';
import { ChooseStep } from './ImportChooseStep';
import { ImportProgress, PreviewHeader, PreviewTable } from './ImportPreview';
import { ImportSummary } from './ImportSummary';
import { useBulkImport } from './useBulkImport';

export { bulkImportMessages };

type User = Schemas['User'];

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
  const { state, importing, listsReady, listsFailed, ready, readFile, runImport, reset, stop, retryLists } =
    useBulkImport({ open, organizationId, users });

  const close = () => {
    if (importing) return;
    onOpenChange(false);
    reset();
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
            <Button variant="secondary" onClick={reset}>
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
          <Button variant="secondary" onClick={stop}>
            Stop
          </Button>
        );
      case 'done':
        return (
          <>
            <Button variant="secondary" onClick={reset}>
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
          onRetry={retryLists}
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
