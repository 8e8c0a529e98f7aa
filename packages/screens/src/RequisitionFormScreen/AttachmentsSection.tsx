import { requisitionKeys, type Schemas } from '@purchasing/api-client';
import { type FileUploadItem, formatFileSize } from '@purchasing/ui';
import { Box, Flex, IconButton, Text } from '@radix-ui/themes';
import { useQueryClient } from '@tanstack/react-query';
import { Clock, FileText, Paperclip, X } from 'lucide-react';
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { AttachmentRemovalDialog, useAttachmentRemoval } from '../kit/detail/AttachmentRemoval';
import { AttachmentUploader } from '../kit/detail/AttachmentUploader';
import { MAX_ATTACHMENTS } from './requisitionFormSchema';

/** A file chosen in the form, uploaded once the requisition is saved. */
export interface StagedFile {
  id: string;
  file: File;
}

/** Props of {@link AttachmentsSection}. */
export interface AttachmentsSectionProps {
  organizationId: string;
  /** The requisition being edited; absent on create. */
  requisitionId?: string;
  /** Files already attached to it (edit). */
  existing: readonly Schemas['Attachment'][];
  /** Files waiting for the save. */
  staged: readonly StagedFile[];
  onStagedChange(files: StagedFile[]): void;
  /** True while the form saves. */
  disabled: boolean;
}

let stagedId = 0;

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const rowStyle = { border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-2)' } as const;

/**
 * Attachments of the requisition form: files already attached (each removable at once, after a
 * confirmation: DELETE /attachments/{id}) and new files chosen with the uploader, kept until the
 * requisition is saved and then uploaded against its id. At most 10 files in all, 10 MB each, the
 * specification's types.
 */
export function AttachmentsSection({
  organizationId,
  requisitionId,
  existing,
  staged,
  onStagedChange,
  disabled,
}: AttachmentsSectionProps): ReactElement {
  const queryClient = useQueryClient();
  const [removedIds, setRemovedIds] = useState<string[]>([]);
  const removal = useAttachmentRemoval(organizationId, (removed) => {
    setRemovedIds((ids) => [...ids, removed.id]);
    if (requisitionId) {
      void queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) });
      void queryClient.invalidateQueries({
        queryKey: requisitionKeys.attachments(organizationId, 'requisition', requisitionId),
      });
    }
  });
  const [rejections, setRejections] = useState<string[]>([]);
  // The uploader keeps its own list; it is emptied (remounted) once its files are taken into `staged`,
  // so its own Upload button never offers to send files before the requisition exists.
  const [uploaderKey, setUploaderKey] = useState(0);
  const uploaderBox = useRef<HTMLDivElement>(null);
  const refocusUploader = useRef(false);

  const attached = existing.filter((attachment) => !removedIds.includes(attachment.id));
  const room = MAX_ATTACHMENTS - attached.length - staged.length;

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each remount of the uploader
  useEffect(() => {
    if (!refocusUploader.current) return;
    refocusUploader.current = false;
    uploaderBox.current?.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
  }, [uploaderKey]);

  const takeFiles = (items: FileUploadItem[]) => {
    if (items.length === 0) return;
    refocusUploader.current = uploaderBox.current?.contains(document.activeElement) ?? false;
    setUploaderKey((key) => key + 1);
    if (items.length > room) {
      const message = `Maximum ${MAX_ATTACHMENTS} files allowed`;
      console.warn(message);
      setRejections([message]);
      return;
    }
    onStagedChange([
      ...staged,
      ...items.map((item) => {
        stagedId += 1;
        return { id: `staged-file-${stagedId}`, file: item.file };
      }),
    ]);
  };

  return (
    <Flex direction="column" gap="4">
      {attached.length > 0 ? (
        <Flex direction="column" gap="2">
          <Text size="2" weight="medium" id="requisition-attached-files">
            Attached files
          </Text>
          <Flex asChild direction="column" gap="2">
            <ul aria-labelledby="requisition-attached-files" style={listStyle}>
              {attached.map((attachment) => (
                <FileRow
                  key={attachment.id}
                  icon={<Paperclip size={16} aria-hidden color="var(--gray-11)" />}
                  name={attachment.file_name}
                  size={attachment.file_size}
                  disabled={disabled}
                  onRemove={() => removal.ask(attachment)}
                />
              ))}
            </ul>
          </Flex>
        </Flex>
      ) : null}

      <AttachmentUploader
        recordName="requisition"
        room={room}
        maxFiles={MAX_ATTACHMENTS}
        resetKey={uploaderKey}
        boxRef={uploaderBox}
        disabled={disabled}
        onItemsChange={takeFiles}
        // Never reached: files leave the uploader as soon as they are chosen (see `takeFiles`).
        onUpload={async () => {}}
        rejections={rejections}
        onRejectionsChange={setRejections}
      />

      {staged.length > 0 ? (
        <Flex direction="column" gap="2">
          <Text size="2" weight="medium" id="requisition-staged-files">
            Files to upload
          </Text>
          <Flex asChild direction="column" gap="2">
            <ul aria-labelledby="requisition-staged-files" style={listStyle}>
              {staged.map(({ id, file }) => (
                <FileRow
                  key={id}
                  icon={<FileText size={16} aria-hidden color="var(--gray-11)" />}
                  name={file.name}
                  note="Uploads when the requisition is saved"
                  size={file.size}
                  disabled={disabled}
                  onRemove={() => onStagedChange(staged.filter((entry) => entry.id !== id))}
                />
              ))}
            </ul>
          </Flex>
        </Flex>
      ) : null}

      <AttachmentRemovalDialog
        removal={removal}
        message={(attachment) =>
          `${attachment.file_name} will be deleted from this requisition now, even if you leave without saving.`
        }
      />
    </Flex>
  );
}

/** One file of the form: its name (with a note under it), its size and a Remove button. */
function FileRow({
  icon,
  name,
  note,
  size,
  disabled,
  onRemove,
}: {
  icon: ReactNode;
  name: string;
  note?: string;
  size: number;
  disabled: boolean;
  onRemove(): void;
}): ReactElement {
  return (
    <Box asChild px="3" py="2" style={rowStyle}>
      <li>
        <Flex align="center" gap="3">
          {icon}
          <Flex direction="column" flexGrow="1" minWidth="0">
            <Text size="2" weight="medium" truncate>
              {name}
            </Text>
            {note ? (
              <Flex align="center" gap="1">
                <Clock size={12} aria-hidden color="var(--gray-11)" />
                <Text size="1" color="gray">
                  {note}
                </Text>
              </Flex>
            ) : null}
          </Flex>
          <Text size="1" color="gray" style={{ flexShrink: 0 }}>
            {formatFileSize(size)}
          </Text>
          <IconButton
            type="button"
            variant="ghost"
            color="gray"
            aria-label={`Remove ${name}`}
            disabled={disabled}
            onClick={onRemove}
          >
            <X size={16} aria-hidden />
          </IconButton>
        </Flex>
      </li>
    </Box>
  );
}
