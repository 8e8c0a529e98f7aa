import { expect } from 'vitest';
import type { User } from '../../src/db/models/index.js';
import { call, expectContract } from '../app.js';
import { body, type Member, PUBLIC_URL, type Scope, select, type TestApp } from './approval-world.js';

/**
 * What the approval tests do in their world, through the API as a member would: raise a
 * requisition, decide on it, read it and the queue, set notification preferences; and what they
 * read back from the outbox.
 */

/** A request to `/api<path>` as `who` in the scope's organisation. */
export function request(
  scope: Scope,
  who: Member,
  method: string,
  path: string,
  payload?: unknown,
  headers?: Record<string, string>,
) {
  return call(scope.app.server, method, `/api${path}`, {
    token: who.token,
    organizationId: scope.organization.id,
    ...(payload !== undefined ? { payload } : {}),
    ...(headers ? { headers } : {}),
  });
}

/** One line of a requisition form (`each`, quantity 1 unless told). */
export interface FormLine {
  description: string;
  unit_price: number;
  quantity?: number;
}

/** The body of a requisition of one line on the world's cost centre and GL account. */
export const requisitionForm = (
  world: { costCenter: { id: string }; glAccount: { id: string } },
  justification: string,
  line: FormLine,
  extra: Record<string, unknown> = {},
) => ({
  cost_center_id: world.costCenter.id,
  gl_account_id: world.glAccount.id,
  justification,
  line_items: [
    {
      description: line.description,
      quantity: line.quantity ?? 1,
      unit_price: line.unit_price,
      unit_of_measure: 'each',
    },
  ],
  ...extra,
});

/** The due-time tests' requisition: two chairs at 120.00 (240.00), submitted. */
export const chairsForm = (world: { costCenter: { id: string }; glAccount: { id: string } }) =>
  requisitionForm(world, 'Chairs', { description: 'Chair', quantity: 2, unit_price: 120 }, { submit: true });

/** A requisition as the API answers it to a test (contract-checked JSON). */
export interface Raised {
  id: string;
  requisition_number: string;
  status: string;
}

/** Raises a requisition from `payload` as `who`: 201 expected; answers the requisition. */
export async function raise(scope: Scope, who: Member, payload: object): Promise<Raised> {
  const response = await request(scope, who, 'POST', '/requisitions', payload);
  expectContract(response, 'createRequisition');
  expect(response.statusCode, response.payload).toBe(201);
  return body(response).requisition;
}

/** Submits a draft as `who`, the answer checked against the contract (any status). */
export async function submitDraft(scope: Scope, who: Member, id: string) {
  const response = await request(scope, who, 'POST', `/requisitions/${id}/submit`);
  expectContract(response, 'submitRequisition');
  return response;
}

/** The path and operation of each approval action. */
export const DECISIONS = {
  approve: ['approve', 'approveRequisition'],
  reject: ['reject', 'rejectRequisition'],
  request_info: ['request-info', 'requestRequisitionInfo'],
  delegate: ['delegate', 'delegateApproval'],
} as const;

/** An approval action as `who`, its answer checked against the contract (any status). */
export async function decide(
  scope: Scope,
  who: Member,
  id: string,
  action: keyof typeof DECISIONS,
  extra: Record<string, unknown> = {},
  organizationId = scope.organization.id,
) {
  const [path, operationId] = DECISIONS[action];
  const response = await call(scope.app.server, 'POST', `/api/approvals/${id}/${path}`, {
    token: who.token,
    organizationId,
    payload: { action, ...extra },
  });
  expectContract(response, operationId);
  return response;
}

/** A requisition's detail as `who` (200 expected). */
export async function requisitionDetail(scope: Scope, who: Member, id: string) {
  const response = await request(scope, who, 'GET', `/requisitions/${id}`);
  expectContract(response, 'getRequisition');
  expect(response.statusCode, response.payload).toBe(200);
  return body(response).requisition;
}

/** A requisition or a step as the API answered it (contract-checked JSON). */
// biome-ignore lint/suspicious/noExplicitAny: test helpers over contract-checked JSON
type Json = any;

/** The open step of a requisition detail. */
export const openStep = (requisition: Json) =>
  requisition.approval_workflow.find((s: Json) => s.action === null);

/** The open steps of a requisition detail. */
export const openSteps = (requisition: Json) =>
  requisition.approval_workflow.filter((s: Json) => s.action === null);

/** A page of `who`'s approval queue (`query` as `?…`), contract-checked. */
export async function pendingPage(scope: Scope, who: Member, query = '') {
  const response = await request(scope, who, 'GET', `/approvals/pending${query}`);
  expectContract(response, 'listPendingApprovals');
  expect(response.statusCode, response.payload).toBe(200);
  return body(response);
}

/** The ids of the requisitions in `who`'s approval queue. */
export async function pendingIds(scope: Scope, who: Member, query = ''): Promise<string[]> {
  // biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
  return (await pendingPage(scope, who, query)).pending_approvals.map((row: any) => row.requisition.id);
}

/** `who`'s maintained "pending approvals" counter (the organisation summary). */
export async function pendingCount(scope: Scope, who: Member): Promise<number> {
  const response = await request(scope, who, 'GET', `/organizations/${scope.organization.id}/summary`);
  expectContract(response, 'getOrganizationSummary');
  return body(response).summary.pending_approvals;
}

/** `who`'s unread notifications (the bell). */
export async function unreadCount(scope: Scope, who: Member): Promise<number> {
  const response = await request(scope, who, 'GET', '/notifications/unread-count');
  expect(response.statusCode, response.payload).toBe(200);
  return body(response).unread_count;
}

/** Notification channels of one kind. */
export type Channels = { in_app: boolean; email: boolean };

/** Saves `who`'s notification preferences with `kinds` changed and no daily digest (200 expected). */
export async function setNotificationKinds(scope: Scope, who: Member, kinds: Record<string, Channels>) {
  const current = body(await request(scope, who, 'GET', '/users/me/notification-preferences'));
  const saved = await request(scope, who, 'PUT', '/users/me/notification-preferences', {
    kinds: { ...current.kinds, ...kinds },
    daily_digest: false,
  });
  expect(saved.statusCode, saved.payload).toBe(200);
}

/** A queued mail. */
export interface Mail {
  subject: string;
  text_body: string;
  html_body: string;
}

/** Every mail queued to `user`, oldest first. */
export const mailsTo = (app: TestApp, user: User) =>
  select<Mail>(
    app,
    `SELECT subject, text_body, html_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at, id`,
    [user.email],
  );

/**
 * The Approve and Reject tokens of the latest "awaiting your decision" mail to `user` about
 * `number`, whose links are built on the configured public URL.
 */
export async function decisionLinks(app: TestApp, user: User, number: string) {
  const [mail] = await select<{ text_body: string }>(
    app,
    `SELECT text_body FROM email_outbox WHERE lower(to_address) = lower($1) AND subject = $2
      ORDER BY created_at DESC LIMIT 1`,
    [user.email, `Awaiting your decision: ${number}`],
  );
  const tokens = [...(mail?.text_body ?? '').matchAll(/\/email-decision\/([A-Za-z0-9_-]+)/g)].map(
    (m) => m[1]!,
  );
  if (tokens.length !== 2) throw new Error(`no decision mail to ${user.email} about ${number}`);
  expect(mail!.text_body).toContain(`Approve:\n${PUBLIC_URL}/email-decision/${tokens[0]}`);
  expect(mail!.text_body).toContain(`Reject:\n${PUBLIC_URL}/email-decision/${tokens[1]}`);
  return { approve: tokens[0]!, reject: tokens[1]! };
}
