/**
 * A route handler (server only) that imports @purchasing/api-client at module scope and answers with
 * what its functions compute on the server: no `window` is needed to load or to use them.
 */
import { newIdempotencyKey, queryKeys, takesIdempotencyKey } from '@purchasing/api-client';

export function GET() {
  return Response.json({
    organizationKey: queryKeys.organization('org-1'),
    submitTakesIdempotencyKey: takesIdempotencyKey('post', '/requisitions/{id}/submit'),
    idempotencyKeyLength: newIdempotencyKey().length,
  });
}
