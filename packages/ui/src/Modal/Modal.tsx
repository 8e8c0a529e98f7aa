import { Dialog, Flex, IconButton } from '@radix-ui/themes';
import { X } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { usePortalContainer } from '../PortalContainer';

/** Width (and for `full`, height) of each {@link Modal} size, as Radix Themes layout props. */
export const modalSizes = {
  sm: { maxWidth: '400px' },
  md: { maxWidth: '560px' },
  lg: { maxWidth: '720px' },
  xl: { maxWidth: '960px' },
  full: { maxWidth: 'calc(100vw - 32px)', width: 'calc(100vw - 32px)', minHeight: 'calc(100vh - 32px)' },
} as const satisfies Record<string, { maxWidth: string; width?: string; minHeight?: string }>;

/** A {@link Modal} size. */
export type ModalSize = keyof typeof modalSizes;

/** Props of {@link Modal}. */
export interface ModalProps {
  /** Whether the modal is open (controlled). Leave out to let the modal manage itself with `trigger`. */
  open?: boolean;
  /** Open state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the modal asks to open or close (trigger, Escape, overlay click, close button). */
  onOpenChange?: (open: boolean) => void;
  /** An element (usually a button) that opens the modal when pressed. */
  trigger?: ReactElement;
  /** Heading of the dialog; also its accessible name. */
  title: ReactNode;
  /** Optional text under the title; also the dialog's accessible description. */
  description?: ReactNode;
  /** Width of the dialog; defaults to 'md'. */
  size?: ModalSize;
  /** Whether Escape closes the modal; defaults to true. */
  closeOnEscape?: boolean;
  /** Whether a click on the dimmed overlay closes the modal; defaults to true. */
  closeOnOverlayClick?: boolean;
  /** Whether to show the labelled close (X) button in the corner; defaults to true. */
  showCloseButton?: boolean;
  /** Body of the modal. */
  children?: ReactNode;
  /** Actions at the bottom, right-aligned (e.g. Cancel and Save buttons). */
  footer?: ReactNode;
}

/**
 * A modal dialog on Radix Themes' Dialog: a title, an optional description, a body and a footer. It
 * closes on Escape and on an overlay click unless `closeOnEscape` / `closeOnOverlayClick` are false.
 */
export function Modal({
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  title,
  description,
  size = 'md',
  closeOnEscape = true,
  closeOnOverlayClick = true,
  showCloseButton = true,
  children,
  footer,
}: ModalProps): ReactElement {
  const dimensions: { maxWidth: string; width?: string; minHeight?: string } = modalSizes[size];
  const portalContainer = usePortalContainer();
  return (
    <Dialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger>{trigger}</Dialog.Trigger> : null}
      <Dialog.Content
        container={portalContainer}
        data-size={size}
        maxWidth={dimensions.maxWidth}
        width={dimensions.width}
        minHeight={dimensions.minHeight}
        // Without a description, tell Radix there is none on purpose (it warns otherwise).
        {...(description ? {} : { 'aria-describedby': undefined })}
        onEscapeKeyDown={(event) => {
          if (!closeOnEscape) event.preventDefault();
        }}
        onPointerDownOutside={(event) => {
          if (!closeOnOverlayClick) event.preventDefault();
        }}
        onInteractOutside={(event) => {
          if (!closeOnOverlayClick) event.preventDefault();
        }}
      >
        <Flex justify="between" align="start" gap="3">
          <Dialog.Title>{title}</Dialog.Title>
          {showCloseButton ? (
            <Dialog.Close>
              <IconButton variant="ghost" color="gray" aria-label="Close">
                <X size={18} aria-hidden />
              </IconButton>
            </Dialog.Close>
          ) : null}
        </Flex>
        {description ? (
          <Dialog.Description size="2" color="gray" mb="4">
            {description}
          </Dialog.Description>
        ) : null}
        {children}
        {footer ? (
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            {footer}
          </Flex>
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  );
}
