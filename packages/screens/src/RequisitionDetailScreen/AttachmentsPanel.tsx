import type { Schemas } from '@purchasing/api-client';
import { Button } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import { Download, FileText, Paperclip } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { usePurchasing } from '../PurchasingProvider';
import { downloadAttachment } from '../shared/attachments';
import { Panel } from '../shared/Panel';
import { Muted } from './Muted';

type Requisition = Schemas['Requisition'];
type Attachment = Schemas['Attachment'];

const kilobytes = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Attachments: the requisition's files, each with a Download button. */
export function AttachmentsPanel({
  requisition,
  organizationId,
}: {
  requisition: Requisition;
  organizationId: string;
}): ReactElement {
  const { attachments } = requisition;
  return (
    <Panel title="Attachments">
      {attachments.length === 0 ? (
        <Flex align="center" gap="2">
          <Paperclip size={16} aria-hidden style={{ color: 'var(--gray-10)' }} />
          <Muted>No attachments</Muted>
        </Flex>
      ) : (
        <Flex asChild direction="column" gap="2">
          <ul aria-label="Attachments" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {attachments.map((attachment) => (
              <AttachmentRow key={attachment.id} attachment={attachment} organizationId={organizationId} />
            ))}
          </ul>
        </Flex>
      )}
    </Panel>
  );
}

function AttachmentRow({
  attachment,
  organizationId,
}: {
  attachment: Attachment;
  organizationId: string;
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
        <Flex
          aria-hidden
          align="center"
          justify="center"
          flexShrink="0"
          style={{
            width: 36,
            height: 36,
            borderRadius: 'var(--radius-2)',
            background: 'var(--accent-a3)',
            color: 'var(--accent-11)',
          }}
        >
          <FileText size={18} />
        </Flex>
        <Flex direction="column" minWidth="0" flexGrow="1">
          <Text size="2" weight="medium" truncate title={attachment.file_name}>
            {attachment.file_name}
          </Text>
          <Text size="1" color="gray">
            {kilobytes.format(attachment.file_size / 1024)} KB
          </Text>
        </Flex>
        <Button
          variant="secondary"
          size="1"
          onClick={() => void download()}
          loading={busy}
          aria-label={`Download ${attachment.file_name}`}
          data-print="hide"
        >
          {busy ? null : <Download size={14} aria-hidden />}
          Download
        </Button>
      </li>
    </Flex>
  );
}
