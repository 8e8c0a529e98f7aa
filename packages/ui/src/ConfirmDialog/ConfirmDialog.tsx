import { AlertDialog, Button, Flex } from '@radix-ui/themes';
import { AlertTriangle, CheckCircle2, HelpCircle, Info, Trash2 } from 'lucide-react';
import { type ReactElement, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { usePortalContainer } from '../PortalContainer';

/**
 * Colour (Radix Themes colour of the icon and confirm button), contrast and icon of each
 * {@link ConfirmDialog} variant. Radix's step-9 red, green and blue are too light for white text (below
 * WCAG AA's 4.5:1), so those confirm buttons use `highContrast` (the colour's dark step 12 with light
 * text); indigo's step 9 passes with white text and amber's carries dark text.
 */
export const confirmDialogVariants = {
  default: { color: 'indigo', highContrast: false, Icon: HelpCircle },
  danger: { color: 'red', highContrast: true, Icon: Trash2 },
  warning: { color: 'amber', highContrast: false, Icon: AlertTriangle },
  success: { color: 'green', highContrast: true, Icon: CheckCircle2 },
  info: { color: 'blue', highContrast: true, Icon: Info },
} as const;

/** A {@link ConfirmDialog} variant. */
export type ConfirmDialogVariant = keyof typeof confirmDialogVariants;

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** Whether the dialog is open. */
  open: boolean;
  /**
   * Called with `false` when the user dismisses the dialog (Cancel, Escape, overlay click). Never
   * called while `loading`.
   */
  onOpenChange: (open: boolean) => void;
  /** Called when the confirm button is pressed. The dialog stays open: close it (or set `loading`) yourself. */
  onConfirm: () => void;
  /** Called when the user dismisses the dialog, before `onOpenChange(false)`. */
  onCancel?: () => void;
  /** Heading; also the dialog's accessible name. */
  title: ReactNode;
  /** The question or consequence, e.g. that the action cannot be undone; also the accessible description. */
  message: ReactNode;
  /** Text of the confirm button; defaults to 'Confirm'. */
  confirmLabel?: string;
  /** Text of the cancel button; defaults to 'Cancel'. */
  cancelLabel?: string;
  /** Tone: colour and icon; defaults to 'default'. */
  variant?: ConfirmDialogVariant;
  /**
   * While true the confirm button reads 'Loading...', both buttons are disabled and the dialog cannot
   * be closed by Escape or an overlay click.
   */
  loading?: boolean;
}

/**
 * Asks the user to confirm an action, on Radix Themes' AlertDialog (role `alertdialog`). Focus starts
 * on Cancel. When not loading, Escape, an overlay click and Cancel dismiss it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
  onCancel,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  variant = 'default',
  loading = false,
}: ConfirmDialogProps): ReactElement {
  const { color, highContrast, Icon } = confirmDialogVariants[variant];
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const portalContainer = usePortalContainer();
  const loadingRef = useRef(loading);
  loadingRef.current = loading;

  const dismiss = useCallback(() => {
    if (loadingRef.current) return;
    onCancel?.();
    onOpenChange(false);
  }, [onCancel, onOpenChange]);

  // Radix's AlertDialog never closes on an outside click; the product's confirm dialog does (unless
  // loading). The overlay is the Radix Themes element that wraps the content.
  useEffect(() => {
    const overlay = content?.closest<HTMLElement>('.rt-BaseDialogOverlay');
    if (!content || !overlay) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !content.contains(event.target)) dismiss();
    };
    overlay.addEventListener('pointerdown', onPointerDown);
    return () => overlay.removeEventListener('pointerdown', onPointerDown);
  }, [content, dismiss]);

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else dismiss();
      }}
    >
      <AlertDialog.Content
        container={portalContainer}
        ref={setContent}
        maxWidth="450px"
        aria-busy={loading || undefined}
        onEscapeKeyDown={(event) => {
          if (loadingRef.current) event.preventDefault();
        }}
      >
        <Flex gap="3" align="start">
          <Flex
            align="center"
            justify="center"
            flexShrink="0"
            width="36px"
            height="36px"
            style={{ borderRadius: '50%', background: `var(--${color}-a3)`, color: `var(--${color}-11)` }}
          >
            <Icon size={18} aria-hidden />
          </Flex>
          <Flex direction="column" flexGrow="1">
            <AlertDialog.Title>{title}</AlertDialog.Title>
            <AlertDialog.Description size="2">{message}</AlertDialog.Description>
          </Flex>
        </Flex>
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray" disabled={loading}>
              {cancelLabel}
            </Button>
          </AlertDialog.Cancel>
          <Button
            color={color}
            highContrast={highContrast}
            disabled={loading}
            aria-busy={loading || undefined}
            onClick={onConfirm}
          >
            {loading ? 'Loading...' : confirmLabel}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
