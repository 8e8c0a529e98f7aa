import { isApiError } from '@purchasing/api-client';

/**
 * The message the server gave for a failed call, or null when it gave none (a bare 5xx answered as
 * 'HTTP 502', a network failure, a client-side error), so the caller shows the specification's default
 * text instead (document 1 §8: 'The server error message is shown when present, else the default text').
 */
export function serverMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status === 0) return null;
  const message = error.message.trim();
  if (!message || message.startsWith(`HTTP ${error.status}`)) return null;
  return message;
}
