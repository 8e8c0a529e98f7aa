import { isApiError } from '@purchasing/api-client';
import { Button, Callout } from '@purchasing/ui';
import type { ReactElement } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';

/** Props of {@link LoadFailed}. */
export interface LoadFailedProps {
  /** Why the load failed. */
  error: unknown;
  /** The screen's failure text, e.g. 'Failed to load roles. Please try again.' */
  message: string;
  /** The Retry button's text; 'Retry' when absent. */
  retryLabel?: string;
  /** Loads again (every query the screen needs). */
  onRetry(): void;
}

/**
 * A screen's load failure with a Retry. A refusal (403) shows the server's reason instead (else
 * `message`) and no Retry: asking again cannot help.
 */
export function LoadFailed({ error, message, retryLabel = 'Retry', onRetry }: LoadFailedProps): ReactElement {
  const refused = isApiError(error) && error.status === 403;
  return (
    <Callout
      variant="error"
      action={
        refused ? null : (
          <Button size="1" variant="secondary" onClick={onRetry}>
            {retryLabel}
          </Button>
        )
      }
    >
      {refused ? (serverMessage(error) ?? message) : message}
    </Callout>
  );
}
