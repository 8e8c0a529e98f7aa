/**
 * Typed MSW handlers of the tamper-evident history (docs/decisions.md "History chain"): a
 * requisition's verification and its CSV and PDF exports. `createRequisitionApi()` includes
 * {@link historyHandlers}; override with {@link historyVerificationHandler} for the other states.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay, HttpResponse } from 'msw';
import { http } from './handlers';

/** The CSV a history export answers in stories and tests. */
export const HISTORY_CSV =
  'sequence,at,action,actor_id,actor_name,from_status,to_status,comment,audit_log_id,requisition_id,organization_id,prev_hash,entry_hash\r\n';

/** Verification intact, and both exports. */
export function historyHandlers() {
  return [
    historyVerificationHandler({ intact: true, checked: 3 }),
    http.get('/requisitions/{id}/history/export', ({ request, response }) => {
      const format = new URL(request.url).searchParams.get('format');
      return response.untyped(
        format === 'pdf'
          ? new HttpResponse('%PDF-1.3\n', { headers: { 'Content-Type': 'application/pdf' } })
          : new HttpResponse(HISTORY_CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
      );
    }),
  ];
}

/** `GET /requisitions/{id}/history/verify` answering `answer`, or never answering (`'loading'`). */
export function historyVerificationHandler(answer: Schemas['HistoryVerification'] | 'loading' | 500) {
  return http.get('/requisitions/{id}/history/verify', async ({ response }) => {
    if (answer === 'loading') {
      await delay('infinite');
      return response(200).json({ intact: true, checked: 0 });
    }
    if (answer === 500) {
      return response(500).json({ message: 'Something went wrong', code: 'INTERNAL_ERROR', details: [] });
    }
    return response(200).json(answer);
  });
}
