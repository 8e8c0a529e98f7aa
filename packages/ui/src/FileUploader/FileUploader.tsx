import { Box, Flex, IconButton, Progress, Button as RadixButton, Text } from '@radix-ui/themes';
import { FileText, Upload, X } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../Button';
import { formatFileSize } from '../format';

/** Where a file is in its upload (document 2 §4): pending → uploading → success or error. */
export type FileUploadStatus = 'pending' | 'uploading' | 'success' | 'error';

/** A file in the uploader's list (document 2 §3). */
export interface FileUploadItem {
  /** Unique within the page. */
  id: string;
  /** The browser's File. */
  file: File;
  /** File name. */
  name: string;
  /** Size in bytes. */
  size: number;
  /** MIME type as the browser reports it (may be ''). */
  type: string;
  /** Where the upload is. */
  status: FileUploadStatus;
  /** Upload progress in percent: 0 when the upload starts, 100 on success. */
  progress: number;
  /** Why the upload failed (the handler's error message, else 'Upload failed'). */
  error?: string;
}

/** How each status reads and is coloured in the list. */
export const fileUploadStatuses = {
  pending: { label: 'Ready to upload', color: 'gray' },
  uploading: { label: 'Uploading', color: 'blue' },
  success: { label: 'Uploaded', color: 'green' },
  error: { label: 'Upload failed', color: 'red' },
} as const satisfies Record<FileUploadStatus, { label: string; color: 'gray' | 'blue' | 'green' | 'red' }>;

/** A refused choice of files, with the spec's message (document 2 §5). */
export interface FileRejection {
  /** The product message, e.g. 'File size must be less than 10 MB'. */
  message: string;
  /** The files it concerns (all the chosen files for the count rules). */
  files: File[];
}

/** Default largest file: 10 MB (document 2 §9). */
export const DEFAULT_MAX_SIZE = 10 * 1024 * 1024;
/** Default most files in the list: 5 (document 2 §9). */
export const DEFAULT_MAX_FILES = 5;

/**
 * Whether a file matches an accept list of extensions ('.pdf'), MIME wildcards ('image/*') or exact
 * MIME types ('application/pdf'), case-insensitively. An empty or absent list accepts everything.
 */
export function matchesAccept(file: Pick<File, 'name' | 'type'>, accept?: readonly string[]): boolean {
  if (!accept || accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry.startsWith('.')) return name.endsWith(entry);
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
}

/**
 * Splits chosen files into accepted ones and rejections by the file uploader rules (document 2 §5):
 * several files in single mode → 'Only one file is allowed'; more than `maxFiles` counting the
 * `currentCount` already present → 'Maximum {n} files allowed' (both refuse the whole choice); then
 * per file 'File size must be less than {size}' and 'File type not accepted. Accepted types: {list}'.
 */
export function validateFiles(
  files: readonly File[],
  {
    accept,
    maxSize = DEFAULT_MAX_SIZE,
    multiple = false,
    maxFiles = DEFAULT_MAX_FILES,
    currentCount = 0,
  }: {
    accept?: readonly string[];
    maxSize?: number;
    multiple?: boolean;
    maxFiles?: number;
    currentCount?: number;
  } = {},
): { accepted: File[]; rejections: FileRejection[] } {
  if (!multiple && files.length > 1) {
    return { accepted: [], rejections: [{ message: 'Only one file is allowed', files: [...files] }] };
  }
  if (currentCount + files.length > maxFiles) {
    return {
      accepted: [],
      rejections: [{ message: `Maximum ${maxFiles} files allowed`, files: [...files] }],
    };
  }
  const accepted: File[] = [];
  const rejections: FileRejection[] = [];
  for (const file of files) {
    if (file.size > maxSize) {
      rejections.push({ message: `File size must be less than ${formatFileSize(maxSize)}`, files: [file] });
    } else if (!matchesAccept(file, accept)) {
      rejections.push({
        message: `File type not accepted. Accepted types: ${(accept ?? []).join(', ')}`,
        files: [file],
      });
    } else {
      accepted.push(file);
    }
  }
  return { accepted, rejections };
}

let lastId = 0;
function toItem(file: File): FileUploadItem {
  lastId += 1;
  return {
    id: `file-upload-${lastId}`,
    file,
    name: file.name,
    size: file.size,
    type: file.type,
    status: 'pending',
    progress: 0,
  };
}

/** Props of {@link FileUploader}. */
export interface FileUploaderProps {
  /** Visible name of the uploader, e.g. 'Attachments'. */
  label: string;
  /**
   * Uploads one batch of files (all the pending files when Upload is pressed, or the files just
   * chosen with `autoUpload`). Report progress in percent through `reportProgress`. Resolve when the
   * server has them: each becomes 'success' (100 %). Reject to mark each 'error' with the error's
   * message, or 'Upload failed' when it has none.
   */
  onUpload: (files: File[], reportProgress: (percent: number) => void) => Promise<void>;
  /**
   * Called with the rejections of a choice of files. The spec only logs them (`console.warn`, which
   * the uploader always does); a screen may also show them.
   */
  onReject?: (rejections: FileRejection[]) => void;
  /** Called whenever the list of items changes (added, progressing, finished, removed). */
  onItemsChange?: (items: FileUploadItem[]) => void;
  /** Accepted types: extensions ('.pdf'), MIME wildcards ('image/*') or exact MIME types. All when absent. */
  accept?: readonly string[];
  /** Largest file in bytes; defaults to 10 MB. */
  maxSize?: number;
  /** Allows several files; off by default (a new file then replaces the one in the list). */
  multiple?: boolean;
  /** Most files in the list, counting those already present; defaults to 5. */
  maxFiles?: number;
  /** Starts uploading as soon as files are chosen, instead of waiting for the Upload button. */
  autoUpload?: boolean;
  /** Disables choosing, dropping, uploading and removing. */
  disabled?: boolean;
  /** Help text under the drop zone; defaults to a summary of the accepted types and limits. */
  hint?: string;
  /** The starting list (e.g. to restore one); later changes to this prop are ignored. */
  defaultItems?: FileUploadItem[];
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

/**
 * A file uploader (document 2 §5): a drop zone with a 'Browse' button (a real file input), the file
 * rules (type, size, count, single mode) with rejections logged by `console.warn` and passed to
 * `onReject`, and a list of items, each with its size, status, progress bar and a Remove button
 * (disabled while uploading). The uploader owns its items; `onUpload` uploads a batch and its promise
 * settles the items' status.
 */
export function FileUploader({
  label,
  onUpload,
  onReject,
  onItemsChange,
  accept,
  maxSize = DEFAULT_MAX_SIZE,
  multiple = false,
  maxFiles = DEFAULT_MAX_FILES,
  autoUpload = false,
  disabled = false,
  hint,
  defaultItems = [],
}: FileUploaderProps) {
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const titleId = `${baseId}-title`;
  const hintId = `${baseId}-hint`;
  const [items, setItems] = useState<FileUploadItem[]>(defaultItems);
  const [dragging, setDragging] = useState(false);
  const [inputFocused, setInputFocused] = useState(false);

  const onItemsChangeRef = useRef(onItemsChange);
  onItemsChangeRef.current = onItemsChange;
  const mounted = useRef(false);
  useEffect(() => {
    if (mounted.current) onItemsChangeRef.current?.(items);
    mounted.current = true;
  }, [items]);

  const update = (ids: string[], change: Partial<FileUploadItem>) =>
    setItems((current) => current.map((item) => (ids.includes(item.id) ? { ...item, ...change } : item)));

  const upload = async (batch: FileUploadItem[]) => {
    if (batch.length === 0) return;
    const ids = batch.map((item) => item.id);
    update(ids, { status: 'uploading', progress: 0, error: undefined });
    try {
      await onUpload(
        batch.map((item) => item.file),
        (percent) => update(ids, { progress: Math.min(100, Math.max(0, Math.round(percent))) }),
      );
      update(ids, { status: 'success', progress: 100 });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Upload failed';
      update(ids, { status: 'error', error: message });
    }
  };

  const addFiles = (files: File[]) => {
    if (disabled || files.length === 0) return;
    // In single mode a new file replaces the one in the list, unless that one is uploading.
    const replacing = !multiple && items.length > 0 && items.every((item) => item.status !== 'uploading');
    const { accepted, rejections } = validateFiles(files, {
      accept,
      maxSize,
      multiple,
      maxFiles: multiple ? maxFiles : 1,
      currentCount: replacing ? 0 : items.length,
    });
    if (rejections.length > 0) {
      // Single mode with a file still uploading says 'Only one file is allowed', not 'Maximum 1 files'.
      const shown = rejections.map((rejection) =>
        !multiple && rejection.message.startsWith('Maximum')
          ? { ...rejection, message: 'Only one file is allowed' }
          : rejection,
      );
      for (const rejection of shown) console.warn(rejection.message);
      onReject?.(shown);
    }
    if (accepted.length === 0) return;
    const added = accepted.map(toItem);
    setItems((current) => (replacing ? added : [...current, ...added]));
    if (autoUpload) void upload(added);
  };

  const pending = items.filter((item) => item.status === 'pending');
  const summary =
    hint ??
    [
      accept && accept.length > 0 ? `Accepted types: ${accept.join(', ')}` : null,
      `Up to ${formatFileSize(maxSize)} per file`,
      multiple ? `up to ${maxFiles} files` : 'one file',
    ]
      .filter(Boolean)
      .join(' · ');

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Flex direction="column" gap="3" role="group" aria-labelledby={titleId}>
      <Text id={titleId} size="2" weight="medium">
        {label}
      </Text>
      <Flex
        data-testid="file-drop-zone"
        direction="column"
        align="center"
        gap="2"
        p="5"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          position: 'relative',
          border: `2px dashed ${dragging ? 'var(--accent-9)' : disabled ? 'var(--gray-6)' : 'var(--gray-7)'}`,
          borderRadius: 'var(--radius-3)',
          // Disabled looks muted through lighter colours, not opacity, so its text keeps WCAG AA contrast
          // (gray step 11 on gray step 2).
          background: dragging ? 'var(--accent-2)' : disabled ? 'var(--gray-2)' : undefined,
        }}
      >
        <Upload size={24} aria-hidden color={disabled ? 'var(--gray-8)' : 'var(--gray-11)'} />
        <Text size="2" color={disabled ? 'gray' : undefined}>
          {multiple ? 'Drag and drop files here, or' : 'Drag and drop a file here, or'}
        </Text>
        <input
          id={inputId}
          type="file"
          multiple={multiple}
          accept={accept?.join(',')}
          disabled={disabled}
          aria-describedby={hintId}
          style={visuallyHidden}
          onFocus={() => setInputFocused(true)}
          onBlur={() => setInputFocused(false)}
          onChange={(event) => {
            addFiles(Array.from(event.target.files ?? []));
            // Let the same file be chosen again after removing it.
            event.target.value = '';
          }}
        />
        {/* The label is the visible button; the focusable control is the real file input. */}
        <RadixButton asChild variant="outline" disabled={disabled}>
          <label
            htmlFor={inputId}
            style={{
              cursor: disabled ? 'not-allowed' : 'pointer',
              outline: inputFocused ? '2px solid var(--focus-8)' : undefined,
              outlineOffset: 2,
            }}
          >
            Browse
          </label>
        </RadixButton>
        <Text id={hintId} size="1" color="gray" align="center">
          {summary}
        </Text>
      </Flex>
      {items.length > 0 ? (
        <Flex asChild direction="column" gap="2">
          <ul aria-label={`${label}: files`} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item) => {
              const status = fileUploadStatuses[item.status];
              return (
                <Box
                  asChild
                  key={item.id}
                  p="2"
                  style={{ border: '1px solid var(--gray-5)', borderRadius: 'var(--radius-2)' }}
                >
                  <li>
                    <Flex align="center" gap="3">
                      <FileText size={20} aria-hidden color="var(--gray-11)" />
                      <Flex direction="column" gap="1" flexGrow="1" minWidth="0">
                        <Flex justify="between" gap="2">
                          <Text size="2" weight="medium" truncate>
                            {item.name}
                          </Text>
                          <Text size="1" color="gray" style={{ flexShrink: 0 }}>
                            {formatFileSize(item.size)}
                          </Text>
                        </Flex>
                        <Progress
                          value={item.progress}
                          max={100}
                          size="1"
                          color={status.color}
                          aria-label={`Upload progress of ${item.name}`}
                        />
                        <Text size="1" color={status.color}>
                          {item.status === 'error'
                            ? (item.error ?? 'Upload failed')
                            : item.status === 'uploading'
                              ? `${status.label} ${item.progress}%`
                              : status.label}
                        </Text>
                      </Flex>
                      <IconButton
                        type="button"
                        variant="ghost"
                        color="gray"
                        aria-label={`Remove ${item.name}`}
                        disabled={disabled || item.status === 'uploading'}
                        onClick={() => setItems((current) => current.filter(({ id }) => id !== item.id))}
                      >
                        <X size={16} aria-hidden />
                      </IconButton>
                    </Flex>
                  </li>
                </Box>
              );
            })}
          </ul>
        </Flex>
      ) : null}
      {!autoUpload && items.length > 0 ? (
        <Flex justify="end">
          <Button
            type="button"
            disabled={disabled || pending.length === 0}
            onClick={() => void upload(pending)}
          >
            Upload
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}
