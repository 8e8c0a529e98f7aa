import { Button, Callout, Modal, toast } from '@purchasing/ui';
import { Code, Flex } from '@radix-ui/themes';
import { Copy } from 'lucide-react';
import type { ReactElement } from 'react';

/** Props of {@link SecretDialog}. */
export interface SecretDialogProps {
  /** The secret to show; null: closed. */
  secret: string | null;
  onClose(): void;
}

/** Shows an endpoint's signing secret once, with a copy button. */
export function SecretDialog({ secret, onClose }: SecretDialogProps): ReactElement {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      toast.success('Secret copied');
    } catch {
      toast.error('Could not copy: select the secret and copy it');
    }
  };
  return (
    <Modal
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Signing Secret"
      description="Use it to check the Purchasing-Signature header of each event."
    >
      <Flex direction="column" gap="4">
        <Callout variant="warning">This is the only time the secret is shown. Copy it now.</Callout>
        <Code
          size="3"
          variant="soft"
          style={{ wordBreak: 'break-all', padding: 'var(--space-3)' }}
          aria-label="Secret"
        >
          {secret}
        </Code>
        <Flex gap="3" justify="end" wrap="wrap">
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden size={16} /> Copy
          </Button>
          <Button onClick={onClose}>Done</Button>
        </Flex>
      </Flex>
    </Modal>
  );
}
