import type { Schemas } from '@purchasing/api-client';
import { Button, formatFileSize } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import { Download, FileText, Paperclip } from 'lucide-react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { usePurchasing } from '../../PurchasingProvider';
import { downloadAttachment } from '../../shared/attachments';
import { IconBadge } from '../IconBadge';
import { Muted } from './Field';
import { FileName } from './FileName';
import { Panel } from './Panel';

type Attachment = Schemas['Attachment'];

/** Props of {@link AttachmentsPanel}. */
export interface AttachmentsPanelProps {
  attachments: readonly Attachment[];
  organizationId: string;
  /** A line under the heading. */
  description?: string;
  /** After the size on each file's second line (e.g. when it was uploaded). */
  meta?: (attachment: Attachment) => ReactNode;
  /** More buttons after Download on each file (e.g. Remove). */
  rowActions?: (attachment: Attachment) => ReactNode;
  /** Under the list (an uploader, its messages, a confirmation). */
  children?: ReactNode;
}

/**
 * Attachments: each file with its name (cut in the middle when long, so the extension stays), its size
 * (document 2's Bytes, KB, MB or GB) and a Download through a short-lived signed link; a failed download
 * is only logged (document 2 §8).
 */
export function AttachmentsPanel({
  attachments,
  organizationId,
  description,
  meta,
  rowActions,
  children,
}: AttachmentsPanelProps): ReactElement {
  return (
    <Panel title="Attachments" description={description}>
      <Flex direction="column" gap="4">
        {attachments.length === 0 ? (
          <Flex align="center" gap="2">
            <Paperclip size={16} aria-hidden style={{ color: 'var(--gray-10)' }} />
            <Muted>No attachments</Muted>
          </Flex>
        ) : (
          <Flex asChild direction="column" gap="2">
            <ul aria-label="Attachments" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {attachments.map((attachment) => (
                <AttachmentRow
                  key={attachment.id}
                  attachment={attachment}
                  organizationId={organizationId}
                  meta={meta?.(attachment)}
                  actions={rowActions?.(attachment)}
                />
              ))}
            </ul>
          </Flex>
        )}
        {children}
      </Flex>
    </Panel>
  );
}

function AttachmentRow({
  attachment,
  organizationId,
  meta,
  actions,
}: {
  attachment: Attachment;
  organizationId: string;
  meta: ReactNode;
  actions: ReactNode;
}): ReactElement {
  const { client } = usePurchasing();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    await downloadAttachment(client, organizationId, attachment);
    setBusy(false);
  };
  return (
    <Flex
      asChild
      align="center"
      gap="3"
      p="3"
      style={{ border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-3)' }}
    >
      <li>
        <IconBadge size={36} radius="var(--radius-2)" background="var(--accent-a3)" color="var(--accent-11)">
          <FileText size={18} />
        </IconBadge>
        <Flex direction="column" minWidth="0" flexGrow="1">
          <FileName name={attachment.file_name} />
          <Text size="1" color="gray">
            {formatFileSize(attachment.file_size)}
            {meta ? <> · {meta}</> : null}
          </Text>
        </Flex>
        <Flex gap="2" align="center" flexShrink="0" data-print="hide">
          <Button
            variant="secondary"
            size="1"
            onClick={() => void download()}
            loading={busy}
            aria-label={`Download ${attachment.file_name}`}
          >
            {busy ? null : <Download size={14} aria-hidden />}
            Download
          </Button>
          {actions}
        </Flex>
      </li>
    </Flex>
  );
}
