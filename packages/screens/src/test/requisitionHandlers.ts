/**
 * Typed MSW handlers for the requisition, approval, budget and attachment screens. They keep a small
 * in-memory store per `createRequisitionApi()` call, so a test or story that creates, updates or acts
 * on a requisition sees the change on its next read. Override one group (with `http` from ./handlers)
 * for error, empty and loading states. The fixtures they serve are in ./requisitionFixtures (and
 * re-exported here).
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { http } from './handlers';
import { historyHandlers } from './historyHandlers';
import { invalidCursor, invalidCursorBody, type PagingOptions, pageOf } from './paging';
import {
  approverRef,
  buildRequisition,
  costCenters,
  defaultBudget,
  defaultRequisitions,
  financeRef,
  glAccounts,
  mockLineTax,
  products,
  toSummary,
  uuid,
} from './requisitionFixtures';

export {
  approverRef,
  buildPendingApproval,
  buildRequisition,
  costCenters,
  defaultBudget,
  defaultRequisitions,
  financeRef,
  fixtureOrganization,
  glAccounts,
  products,
  requestorRef,
  taxedRequisition,
  toSummary,
} from './requisitionFixtures';

type Requisition = Schemas['Requisition'];

function error(
  status: number,
  message: string,
  code: Schemas['ErrorCode'],
  details: Schemas['ErrorDetail'][] = [],
) {
  return { status, body: { message, code, details } };
}

/**
 * Handlers over an in-memory list of requisitions: list (search, status, paging), detail, create,
 * update, delete, submit, the four approval actions, the queue, delegate candidates, budget check,
 * attachments (upload, list, link), cost centres, GL accounts and products.
 */
export function createRequisitionApi(initial: Requisition[] = defaultRequisitions()) {
  const requisitions = [...initial];
  let next = 100;
  const find = (id: string) => requisitions.find((r) => r.id === id);
  const notFound = error(404, 'Requisition not found', 'NOT_FOUND');

  const handlers = [
    http.get('/organizations/{id}/cost-centers', ({ response }) =>
      response(200).json({ cost_centers: costCenters }),
    ),
    http.get('/organizations/{id}/gl-accounts', ({ response }) =>
      response(200).json({ gl_accounts: glAccounts }),
    ),
    http.get('/products', ({ response }) => response(200).json({ products })),
    http.get('/requisitions', ({ request, response }) => {
      const url = new URL(request.url);
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const statuses = url.searchParams.getAll('status');
      if (invalidCursor(url.searchParams)) return response(400).json(invalidCursorBody);
      const matching = requisitions.filter(
        (r) =>
          (statuses.length === 0 || statuses.includes(r.status)) &&
          (search === '' ||
            r.requisition_number.toLowerCase().includes(search) ||
            (r.justification ?? '').toLowerCase().includes(search)),
      );
      const page = pageOf(matching, url.searchParams);
      return response(200).json({ requisitions: page.rows.map(toSummary), pagination: page.pagination });
    }),
    http.get('/requisitions/{id}', ({ params, response }) => {
      const requisition = find(params.id);
      if (!requisition) return response(404).json(notFound.body);
      return response(200).json({ requisition });
    }),
    http.post('/requisitions', async ({ request, response }) => {
      const body = await request.json();
      next += 1;
      const lines = body.line_items.map((line, index) => ({
        id: uuid(5000 + next * 10 + index),
        product_id: line.product_id ?? null,
        product: null,
        description: line.description,
        quantity: line.quantity,
        unit_price: line.unit_price,
        unit_of_measure: line.unit_of_measure,
        notes: line.notes ?? null,
        currency: 'AUD' as const,
        ...mockLineTax(line),
      }));
      const requisition = buildRequisition(next, {
        status: body.submit ? 'under_review' : 'draft',
        category: body.category ?? 'standard',
        justification: body.justification ?? null,
        delivery_date: body.delivery_date ?? null,
        shipping_address: body.shipping_address ?? null,
        notes: body.notes ?? null,
        requestor: approverRef,
        line_items: lines,
        line_item_count: lines.length,
        total_amount: lines.reduce((sum, line) => sum + line.total_amount, 0),
      });
      requisitions.unshift(requisition);
      return response(201).json({ requisition });
    }),
    http.put('/requisitions/{id}', async ({ params, request, response }) => {
      const requisition = find(params.id);
      if (!requisition) return response(404).json(notFound.body);
      const body = await request.json();
      if (requisition.status === 'approved') {
        // Changes after approval, as the server decides them for the default (no) tolerance: a
        // different total sends it back from level 1, the same total keeps the approval.
        const total = body.line_items.reduce(
          (sum, l) =>
            sum + Math.round(l.quantity * l.unit_price * 100) + Math.round((l.tax_amount ?? 0) * 100),
          0,
        );
        const before = Math.round(requisition.total_amount * 100);
        const back = total !== before;
        Object.assign(requisition, {
          justification: body.justification ?? null,
          notes: body.notes ?? null,
          total_amount: total / 100,
          status: back ? 'under_review' : 'approved',
          changes_after_approval: [
            ...(requisition.changes_after_approval ?? []),
            {
              at: '2026-11-27T10:00:00.000Z',
              actor: requisition.requestor,
              outcome: back ? 'reapproval' : 'kept',
              reason: back
                ? total > before
                  ? 'The total rose: sent back for approval.'
                  : "The total fell by more than the organisation's tolerance: sent back for approval."
                : 'Only details that do not affect approval changed; the approval stands.',
              restart_level: back ? 1 : null,
              changes: back
                ? [{ label: 'Total', before: (before / 100).toFixed(2), after: (total / 100).toFixed(2) }]
                : [],
            },
          ],
        });
        return response(200).json({ requisition });
      }
      Object.assign(requisition, {
        justification: body.justification ?? null,
        status: body.submit ? 'under_review' : requisition.status,
      });
      return response(200).json({ requisition });
    }),
    http.delete('/requisitions/{id}', ({ params, response }) => {
      const index = requisitions.findIndex((r) => r.id === params.id);
      if (index < 0) return response(404).json(notFound.body);
      requisitions.splice(index, 1);
      return response(204).empty();
    }),
    http.post('/requisitions/{id}/submit', ({ params, response }) => {
      const requisition = find(params.id);
      if (!requisition) return response(404).json(notFound.body);
      requisition.status = 'under_review';
      requisition.submitted_at = new Date().toISOString();
      return response(200).json({ requisition });
    }),
    http.get('/approvals/pending', ({ request, response }) => {
      const status = new URL(request.url).searchParams.get('status') ?? 'Pending';
      const items = requisitions.flatMap((r) =>
        r.approval_workflow
          .filter((s) => (status === 'Pending' ? s.action === null : s.action !== null))
          .map((s) => ({
            id: s.id,
            requisition: toSummary(r),
            approval_level: s.approval_level,
            level_title: s.level_title,
            action: s.action,
            comments: s.comments,
            actioned_at: s.actioned_at,
            created_at: s.created_at,
          })),
      );
      return response(200).json({
        pending_approvals: items,
        pagination: { limit: 50, offset: 0, total: items.length, total_capped: false },
      });
    }),
    ...(['approve', 'reject', 'request-info', 'delegate'] as const).map((action) =>
      http.post(`/approvals/{requisitionId}/${action}`, ({ params, response }) => {
        const requisition = find(params.requisitionId);
        if (!requisition) return response(404).json(notFound.body);
        const open = requisition.approval_workflow.find((s) => s.action === null);
        if (!open) return response(403).json(error(403, 'You have no open approval step', 'FORBIDDEN').body);
        open.action = action === 'request-info' ? 'request_info' : action;
        open.actioned_at = new Date().toISOString();
        if (action === 'approve') requisition.status = 'approved';
        if (action === 'reject') requisition.status = 'rejected';
        if (action === 'request-info') requisition.status = 'info_requested';
        return response(200).json({ requisition });
      }),
    ),
    http.get('/approvals/{requisitionId}/delegates', ({ response }) =>
      response(200).json({ users: [financeRef] }),
    ),
    budgetCheckHandler({}),
    // The organisation keeps no exchange rates unless a test says otherwise: the form offers AUD only.
    http.get('/exchange-rates', ({ response }) =>
      response(200).json({ base_currency: 'AUD', exchange_rates: [] }),
    ),
    http.post('/attachments/upload', ({ response }) =>
      response(201).json({
        attachments: [
          {
            id: uuid(1600),
            file_name: 'quote.pdf',
            file_size: 1024,
            content_type: 'application/pdf',
            uploaded_at: new Date().toISOString(),
          },
        ],
      }),
    ),
    http.get('/attachments/{entityType}/{entityId}', ({ params, response }) =>
      response(200).json({ attachments: find(params.entityId)?.attachments ?? [] }),
    ),
    http.get('/attachments/{id}', ({ params, response }) =>
      response(200).json({
        url: `/api/attachments/${params.id}/download?expires=1900000000&signature=abc`,
        expires_at: '2030-01-01T00:00:00.000Z',
      }),
    ),
    ...historyHandlers(),
  ];
  return { requisitions, handlers };
}

/** `GET /requisitions` failing with a 500. */
export function requisitionListErrorHandler() {
  return http.get('/requisitions', ({ response }) =>
    response(500).json(error(500, 'Something went wrong', 'INTERNAL_ERROR').body),
  );
}

/** `GET /requisitions` that never answers (loading state). */
export function requisitionListLoadingHandler() {
  return http.get('/requisitions', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ requisitions: [], pagination: { limit: 10, offset: 0, total: 0 } });
  });
}

/**
 * `GET /approvals/pending` over a fixed list of queue items, filtered as the server does: status
 * (Pending: open steps, Completed: decided ones), repeated `level`, `date_from` / `date_to` on the
 * step's creation day, `search` in the number, justification and requestor name, `sort=due` (soonest
 * due first, then those without a due time; otherwise the items' own order), then `limit` /
 * `offset` with a capped count and a cursor per page (test/paging.ts). `onRequest` sees every request
 * URL (to check the query a screen sends).
 */
export function approvalQueueHandler(
  items: Schemas['PendingApproval'][],
  onRequest?: (url: URL) => void,
  options: PagingOptions = {},
) {
  return http.get('/approvals/pending', ({ request, response }) => {
    const url = new URL(request.url);
    onRequest?.(url);
    const query = url.searchParams;
    if (invalidCursor(query)) return response(400).json(invalidCursorBody);
    const status = query.get('status') ?? 'Pending';
    const levels = query.getAll('level').map(Number);
    const from = query.get('date_from');
    const to = query.get('date_to');
    const search = query.get('search')?.toLowerCase() ?? '';
    const overdueOnly = query.get('overdue') === 'true';
    const matching = items.filter((item) => {
      const day = item.created_at.slice(0, 10);
      const { requisition: r } = item;
      const text = [
        r.requisition_number,
        r.justification ?? '',
        r.requestor.first_name,
        r.requestor.last_name,
      ]
        .join(' ')
        .toLowerCase();
      return (
        (status === 'Pending' ? item.action === null : item.action !== null) &&
        (!overdueOnly || (item.action === null && item.overdue === true)) &&
        (levels.length === 0 || levels.includes(item.approval_level)) &&
        (!from || day >= from) &&
        (!to || day <= to) &&
        (search === '' || text.includes(search))
      );
    });
    // sort=due: the open steps with a due time first, soonest first, then the rest, each oldest first.
    if (status === 'Pending' && query.get('sort') === 'due') {
      const due = (item: Schemas['PendingApproval']) => item.due_at ?? '9999';
      matching.sort((a, b) => due(a).localeCompare(due(b)) || a.created_at.localeCompare(b.created_at));
    }
    const page = pageOf(matching, query, options);
    return response(200).json({ pending_approvals: page.rows, pagination: page.pagination });
  });
}

/** `GET /approvals/pending` failing: a 500 by default, or `status` with `message` (e.g. 403). */
export function approvalQueueErrorHandler(status: 403 | 500 = 500, message = 'Something went wrong') {
  return http.get('/approvals/pending', ({ response }) =>
    response(status).json(error(status, message, status === 403 ? 'FORBIDDEN' : 'INTERNAL_ERROR').body),
  );
}

/** `GET /approvals/pending` that never answers (loading state). */
export function approvalQueueLoadingHandler() {
  return http.get('/approvals/pending', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ pending_approvals: [], pagination: { limit: 10, offset: 0, total: 0 } });
  });
}

/** `GET /requisitions/{id}` failing for the approval review: a 500 by default, or a 404 'Requisition not found'. */
export function approvalReviewLoadErrorHandler(status: 404 | 500 = 500) {
  return http.get('/requisitions/{id}', ({ response }) =>
    status === 404
      ? response(404).json(error(404, 'Requisition not found', 'NOT_FOUND').body)
      : response(500).json(error(500, 'Something went wrong', 'INTERNAL_ERROR').body),
  );
}

/** `GET /requisitions/{id}` that never answers (the approval review's loading state). */
export function approvalReviewLoadingHandler() {
  return http.get('/requisitions/{id}', async ({ response }) => {
    await delay('infinite');
    return response(404).json(error(404, 'Requisition not found', 'NOT_FOUND').body);
  });
}

/** The rate into AUD the fake `GET /budgets/check` converts any other currency at. */
export const FIXTURE_RATE = 1.5;

/**
 * `GET /budgets/check` answering these figures (over {@link defaultBudget}) for every cost centre and
 * amount; an amount in another currency than AUD is converted at {@link FIXTURE_RATE}.
 */
export function budgetCheckHandler(figures: Partial<Schemas['BudgetCheck']>) {
  return http.get('/budgets/check', ({ request, response }) => {
    const params = new URL(request.url).searchParams;
    const amount = Number(params.get('amount') ?? 0);
    const currency = params.get('currency');
    const rate = currency && currency !== 'AUD' ? FIXTURE_RATE : null;
    const inBase = rate === null ? amount : Math.round(amount * rate * 100) / 100;
    const budget = { ...defaultBudget, ...figures };
    return response(200).json({
      ...budget,
      amount_in_base: inBase,
      exchange_rate: rate,
      within_budget: inBase <= budget.available,
    });
  });
}

/** `DELETE /attachments/{id}`: removes the file from whichever of `requisitions` holds it (204), else 404. */
export function attachmentDeleteHandler(requisitions: Requisition[]) {
  return http.delete('/attachments/{id}', ({ params, response }) => {
    const holder = requisitions.find((r) => r.attachments.some((a) => a.id === params.id));
    if (!holder) return response(404).json(error(404, 'Attachment not found', 'NOT_FOUND').body);
    holder.attachments = holder.attachments.filter((a) => a.id !== params.id);
    return response(204).empty();
  });
}

/** `POST /attachments/upload` refused with `status` and `message` (e.g. 415 for a file whose bytes lie). */
export function attachmentUploadErrorHandler(
  status: 400 | 413 | 415 | 500 = 415,
  message = 'File type not accepted',
) {
  return http.post('/attachments/upload', ({ response }) =>
    response(status).json(error(status, message, 'UNSUPPORTED_MEDIA_TYPE').body),
  );
}
