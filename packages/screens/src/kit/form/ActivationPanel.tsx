import { Button, ConfirmDialog } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import { type ReactElement, useState } from 'react';
import { Panel } from '../detail/Panel';

/** Props of {@link ActivationPanel}. */
export interface ActivationPanelProps {
  isActive: boolean;
  /** What the state means, e.g. 'Active: new orders and products can use this vendor.' */
  explanation: { active: string; inactive: string };
  /** The confirmation's title and message. */
  confirm: { title: string; message: string };
  /** Deactivates; the dialog closes when it resolves and stays open (to try again) when it rejects. */
  deactivate(): Promise<unknown>;
  deactivating: boolean;
  reactivate(): void;
  reactivating: boolean;
  /** The form is saving: both buttons wait. */
  disabled: boolean;
}

/**
 * The Status panel of a record deactivated rather than deleted (a vendor, a product): what the state
 * means, and Deactivate (after a confirmation) or Reactivate.
 */
export function ActivationPanel({
  isActive,
  explanation,
  confirm,
  deactivate,
  deactivating,
  reactivate,
  reactivating,
  disabled,
}: ActivationPanelProps): ReactElement {
  const [asking, setAsking] = useState(false);
  return (
    <Panel title="Status">
      <Flex justify="between" align="center" gap="4" wrap="wrap">
        <Text as="p" size="2" color="gray" style={{ maxWidth: 560 }}>
          {isActive ? explanation.active : explanation.inactive}
        </Text>
        {isActive ? (
          <Button type="button" variant="danger" disabled={disabled} onClick={() => setAsking(true)}>
            Deactivate
          </Button>
        ) : (
          <Button
            type="button"
            variant="secondary"
            loading={reactivating}
            disabled={disabled || reactivating}
            onClick={reactivate}
          >
            Reactivate
          </Button>
        )}
      </Flex>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        onConfirm={() => {
          deactivate().then(
            () => setAsking(false),
            () => {
              // Toasted by the mutation; the dialog stays open to try again or cancel.
            },
          );
        }}
        variant="danger"
        title={confirm.title}
        message={confirm.message}
        confirmLabel="Deactivate"
        loading={deactivating}
      />
    </Panel>
  );
}
