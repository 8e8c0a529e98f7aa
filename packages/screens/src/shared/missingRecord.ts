import { isApiError } from '@purchasing/api-client';

/**
 * Whether a failed read of one record means there is no such record: 404, or 400 (a malformed id in
 * the address, such as `/requisitions/not-a-uuid`). Both show the screen's "not found" state, never a
 * Retry that cannot work (issue 19).
 */
export function isMissingRecord(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}
