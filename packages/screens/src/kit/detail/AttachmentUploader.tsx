import { FileUploader, type FileUploaderProps } from '@purchasing/ui';
import { Box, Flex, Text } from '@radix-ui/themes';
import type { ReactElement, Ref } from 'react';
import {
  ACCEPTED_ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  MAX_RECORD_ATTACHMENTS,
} from '../../shared/attachments';

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** Props of {@link AttachmentUploader}. */
export interface AttachmentUploaderProps
  extends Pick<FileUploaderProps, 'onUpload' | 'onItemsChange' | 'autoUpload' | 'disabled'> {
  /** The record's kind as the full-record hint names it ('order', 'requisition'). */
  recordName: string;
  /** How many more files the record may take. */
  room: number;
  /** The most files one choice may hold; `room` when absent. */
  maxFiles?: number;
  /** Changing it empties the uploader (after its files were taken or uploaded). */
  resetKey?: number;
  /** The messages about files refused (type, size, count), shown under the uploader. */
  rejections: readonly string[];
  onRejectionsChange(rejections: string[]): void;
  /** The box around the uploader (to find its file input). */
  boxRef?: Ref<HTMLDivElement>;
}

/**
 * The uploader of a record's files (the contract's types, 10 MB each, 10 files a record) with its hint
 * of the room left, and the files it refused listed under it as an alert. A new choice of files (input
 * change or drop) replaces the messages about the previous one.
 */
export function AttachmentUploader({
  recordName,
  room,
  maxFiles = Math.max(room, 0),
  resetKey,
  rejections,
  onRejectionsChange,
  boxRef,
  disabled = false,
  ...uploader
}: AttachmentUploaderProps): ReactElement {
  return (
    <>
      <Box
        ref={boxRef}
        onChangeCapture={() => onRejectionsChange([])}
        onDropCapture={() => onRejectionsChange([])}
      >
        <FileUploader
          key={resetKey}
          label="Add files"
          multiple
          accept={ACCEPTED_ATTACHMENT_TYPES}
          maxSize={MAX_ATTACHMENT_BYTES}
          maxFiles={maxFiles}
          disabled={disabled || room <= 0}
          hint={
            room <= 0
              ? `This ${recordName} has the maximum of ${MAX_RECORD_ATTACHMENTS} files.`
              : `PDF, Word, Excel, PNG or JPEG · up to 10 MB each · ${room} of ${MAX_RECORD_ATTACHMENTS} files left`
          }
          onReject={(found) =>
            onRejectionsChange(
              found.map(({ message, files }) =>
                files.length === 1 && files[0] ? `${files[0].name}: ${message}` : message,
              ),
            )
          }
          {...uploader}
        />
      </Box>
      {rejections.length > 0 ? (
        <div role="alert" aria-label="Files not added">
          <Flex asChild direction="column" gap="1">
            <ul style={listStyle}>
              {rejections.map((message, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two files may be refused for the same reason
                <Text as="span" size="2" color="red" key={index} asChild>
                  <li>{message}</li>
                </Text>
              ))}
            </ul>
          </Flex>
        </div>
      ) : null}
    </>
  );
}
