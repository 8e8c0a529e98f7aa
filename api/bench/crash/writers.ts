/**
 * The write load of the crash test: each writer runs chains of one requisition's life (create with
 * several lines, submit, the approver of each open step approves or rejects with a comment, a buyer
 * raises and sends a purchase order) and every logical write is logged with how it ended:
 *
 * - `ack`: answered 2xx; its effect must be in the database, whole, once.
 * - `refused`: answered 4xx (its `code` kept); no effect, unless an earlier attempt's connection died:
 *   then that attempt may have applied (a retry answered 409 `IDEMPOTENCY_REQUEST_IN_PROGRESS` meets
 *   the dead attempt's claim, still leased).
 * - `error`: answered 5xx.
 * - `in_doubt`: the connection died after the request may have reached the server (the SIGKILL);
 *   it may or may not have applied. Without idempotency keys the writer gives the chain up.
 *
 * A request refused at connect time (the server was down) reached nothing and is sent again once the
 * server is healthy. With `idempotent` (the contract declares `Idempotency-Key`), see {@link send}.
 */
import { randomUUID } from 'node:crypto';
import type { ApiProcess } from './server.js';

export type Operation = 'create' | 'submit' | 'approve' | 'reject' | 'po_create' | 'po_send';

/** One logical write and how it ended. */
export interface LoggedWrite {
  op: Operation;
  /** The chain's marker, written into the requisition's justification. */
  marker: string;
  actor: string;
  actorId: string;
  requisitionId: string | null;
  /** The approval step decided (approve/reject). */
  stepId: string | null;
  purchaseOrderId: string | null;
  /** Lines sent with a create. */
  lineCount: number | null;
  outcome: 'ack' | 'refused' | 'error' | 'in_doubt';
  status: number | null;
  /** The `code` of a refusal's or error's body (`{ message, code, details }`); null otherwise. */
  code: string | null;
  /** Requests sent for it (more than one only when retried with its idempotency key). */
  attempts: number;
  /** Attempts whose connection died (each is in doubt until a retry answers). */
  lostConnections: number;
  key: string | null;
}

interface Session {
  email: string;
  userId: string;
  roleName: string;
  headers: Record<string, string>;
}

interface Reference {
  organizationId: string;
  costCenters: string[];
  glAccounts: string[];
  vendors: string[];
}

export interface LoadOptions {
  api: ApiProcess;
  writers: number;
  /** Unique prefix of this run's markers. */
  runTag: string;
  /** Send an Idempotency-Key per logical write and retry the ones in doubt with it. */
  idempotent: boolean;
  password: string;
}

export interface LoadResult {
  writes: LoggedWrite[];
  /** Requests refused at connect time while the server was down (sent again; never in doubt). */
  notSent: number;
  chains: number;
}

const REQUESTOR = 'user@acme.test';
const APPROVERS = ['manager@acme.test', 'head@acme.test', 'finance@acme.test', 'gm@acme.test'];
const BUYER = 'finance@acme.test';
const UNITS = ['each', 'box', 'case', 'hours'] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const chance = (p: number) => Math.random() < p;

/** A network failure's code: ECONNREFUSED means nothing was sent. */
function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; name?: string } }).cause;
  return cause?.code ?? cause?.name ?? (error as { name?: string }).name ?? 'unknown';
}

/** The `code` of an error body (`{ message, code, details }`), or null when it has none. */
function errorCodeOf(body: unknown): string | null {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

export class Load {
  private sessions = new Map<string, Session>();
  private reference!: Reference;
  readonly result: LoadResult = { writes: [], notSent: 0, chains: 0 };

  constructor(private readonly options: LoadOptions) {}

  /** Signs every account in (before the burst) and reads the ids a requisition needs. */
  async prepare(): Promise<void> {
    for (const email of new Set([REQUESTOR, ...APPROVERS, BUYER])) await this.signIn(email);
    const session = this.sessions.get(REQUESTOR)!;
    const organizationId = session.headers['x-organization-id']!;
    const read = async <T>(path: string): Promise<T> => {
      const response = await fetch(`${this.options.api.base}${path}`, { headers: session.headers });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      return (await response.json()) as T;
    };
    const costCenters = await read<{ cost_centers: { id: string }[] }>(
      `/api/organizations/${organizationId}/cost-centers`,
    );
    const glAccounts = await read<{ gl_accounts: { id: string }[] }>(
      `/api/organizations/${organizationId}/gl-accounts`,
    );
    const vendors = await read<{ vendors: { id: string; email: string | null }[] }>('/api/vendors');
    this.reference = {
      organizationId,
      costCenters: costCenters.cost_centers.map((row) => row.id),
      glAccounts: glAccounts.gl_accounts.map((row) => row.id),
      vendors: vendors.vendors.filter((vendor) => vendor.email).map((vendor) => vendor.id),
    };
    if (
      !this.reference.costCenters.length ||
      !this.reference.glAccounts.length ||
      !this.reference.vendors.length
    )
      throw new Error('the database lacks the demo cost centres, GL accounts or vendors (is it seeded?)');
  }

  /** The ids of the accounts the load signs in as, by email. */
  userIds(): Map<string, string> {
    return new Map([...this.sessions].map(([email, session]) => [email, session.userId]));
  }

  organizationId(): string {
    return this.reference.organizationId;
  }

  private async signIn(email: string): Promise<Session> {
    for (;;) {
      await this.options.api.ready();
      const response = await fetch(`${this.options.api.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: this.options.password }),
      }).catch(() => null);
      if (!response) continue;
      if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
      const body = (await response.json()) as {
        session: { access_token: string };
        user: {
          id: string;
          user_organizations: { organization: { id: string; code: string }; role: { name: string } }[];
        };
      };
      const membership =
        body.user.user_organizations.find((m) => m.organization.code === 'ACME') ??
        body.user.user_organizations[0]!;
      const session: Session = {
        email,
        userId: body.user.id,
        roleName: membership.role.name,
        headers: {
          authorization: `Bearer ${body.session.access_token}`,
          'x-organization-id': membership.organization.id,
        },
      };
      this.sessions.set(email, session);
      return session;
    }
  }

  /**
   * Runs the writers until `clock.until` (performance.now(), moved on by the killer for each
   * restart's downtime): none starts a new chain after it. Answers the log.
   */
  async run(clock: { until: number }): Promise<LoadResult> {
    await Promise.all(Array.from({ length: this.options.writers }, (_, index) => this.writer(index, clock)));
    return this.result;
  }

  private async writer(index: number, clock: { until: number }): Promise<void> {
    for (let n = 1; performance.now() < clock.until; n++) {
      this.result.chains++;
      await this.chain(`${this.options.runTag}-w${index}-${n}`);
    }
  }

  /** One requisition's life; stops at the first write that is not acknowledged. */
  private async chain(marker: string): Promise<void> {
    const ref = this.reference;
    // One chain in six crosses 5,000 and needs the department head after the manager.
    const big = chance(1 / 6);
    const lines = Array.from({ length: 2 + Math.floor(Math.random() * 4) }, (_, i) => ({
      description: `${marker} line ${i + 1}`,
      quantity: 1 + Math.floor(Math.random() * 5),
      unit_price: big ? 1000 + Math.floor(Math.random() * 800) : 10 + Math.floor(Math.random() * 190) + 0.25,
      unit_of_measure: pick(UNITS),
      tax_amount: chance(0.5) ? 1.5 : 0,
    }));
    const submitNow = chance(0.3);
    const created = await this.write('create', marker, REQUESTOR, '/api/requisitions', {
      body: {
        cost_center_id: pick(ref.costCenters),
        gl_account_id: pick(ref.glAccounts),
        justification: `${marker} crash-test requisition`,
        line_items: lines,
        submit: submitNow,
      },
      lineCount: lines.length,
    });
    if (!created) return;
    let requisition = created.requisition as Requisition;
    const requisitionId = requisition.id;
    if (!submitNow) {
      const submitted = await this.write(
        'submit',
        marker,
        REQUESTOR,
        `/api/requisitions/${requisitionId}/submit`,
        {
          requisitionId,
        },
      );
      if (!submitted) return;
      requisition = submitted.requisition as Requisition;
    }
    while (requisition.status === 'under_review') {
      const step = requisition.approval_workflow.find((s) => s.action === null);
      const approver = step && this.approverOf(step);
      if (!step || !approver) return;
      const reject = chance(0.25);
      const decided = await this.write(
        reject ? 'reject' : 'approve',
        marker,
        approver.email,
        `/api/approvals/${requisitionId}/${reject ? 'reject' : 'approve'}`,
        {
          requisitionId,
          stepId: step.id,
          body: reject
            ? { action: 'reject', comments: `Rejected by the crash test (${marker}).` }
            : { action: 'approve', comments: null },
        },
      );
      if (!decided) return;
      requisition = decided.requisition as Requisition;
    }
    if (requisition.status !== 'approved' || !chance(0.6)) return;
    const ordered = await this.write('po_create', marker, BUYER, '/api/purchase-orders', {
      requisitionId,
      body: {
        requisition_id: requisitionId,
        vendor_id: pick(ref.vendors),
        payment_terms: 'Net 30',
        delivery_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    if (!ordered || !chance(0.7)) return;
    const orderId = (ordered.purchase_order as { id: string }).id;
    await this.write('po_send', marker, BUYER, `/api/purchase-orders/${orderId}/send`, {
      requisitionId,
      purchaseOrderId: orderId,
    });
  }

  /** The signed-in account that may decide the open step (its person, or a holder of its group's role). */
  private approverOf(step: Step): Session | undefined {
    const sessions = [...this.sessions.values()].filter((s) => s.email !== REQUESTOR);
    if (step.approver) return sessions.find((s) => s.userId === step.approver!.id);
    return sessions.find((s) => s.roleName === step.approver_group);
  }

  /**
   * Sends one logical write and logs it; answers the response body when acknowledged (2xx), else
   * null (the chain stops).
   */
  private async write(
    op: Operation,
    marker: string,
    actor: string,
    path: string,
    extra: {
      body?: unknown;
      requisitionId?: string;
      stepId?: string;
      purchaseOrderId?: string;
      lineCount?: number;
    },
  ): Promise<Record<string, unknown> | null> {
    const session = this.sessions.get(actor)!;
    const entry: LoggedWrite = {
      op,
      marker,
      actor,
      actorId: session.userId,
      requisitionId: extra.requisitionId ?? null,
      stepId: extra.stepId ?? null,
      purchaseOrderId: extra.purchaseOrderId ?? null,
      lineCount: extra.lineCount ?? null,
      outcome: 'in_doubt',
      status: null,
      code: null,
      attempts: 0,
      lostConnections: 0,
      key: this.options.idempotent ? randomUUID() : null,
    };
    this.result.writes.push(entry);
    const body = extra.body === undefined ? undefined : JSON.stringify(extra.body);
    for (;;) {
      await this.options.api.ready();
      entry.attempts++;
      const answer = await this.send(actor, path, body, entry.key);
      if (answer === 'not_sent') {
        entry.attempts--;
        this.result.notSent++;
        await sleep(20);
        continue;
      }
      if (answer === 'lost') {
        entry.lostConnections++;
        // Without an idempotency key a retry could apply the write twice: leave it in doubt.
        if (!entry.key) return null;
        continue; // the same key and body: the server answers the first effect, or applies it once
      }
      if (answer.status === 401) {
        // The session ended (token expiry on a long run): sign in again; nothing was applied.
        await this.signIn(actor);
        entry.attempts--;
        continue;
      }
      entry.status = answer.status;
      if (answer.status >= 200 && answer.status < 300) {
        entry.outcome = 'ack';
        const result = answer.body as Record<string, unknown>;
        if (op === 'create') entry.requisitionId = (result.requisition as { id: string }).id;
        if (op === 'po_create') entry.purchaseOrderId = (result.purchase_order as { id: string }).id;
        return result;
      }
      entry.outcome = answer.status >= 500 ? 'error' : 'refused';
      entry.code = errorCodeOf(answer.body);
      return null;
    }
  }

  /** One HTTP request: its answer, `not_sent` (connection refused) or `lost` (the connection died). */
  private async send(
    actor: string,
    path: string,
    body: string | undefined,
    key: string | null,
  ): Promise<{ status: number; body: unknown } | 'not_sent' | 'lost'> {
    const session = this.sessions.get(actor)!;
    const headers: Record<string, string> = { ...session.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = key;
    try {
      const response = await fetch(`${this.options.api.base}${path}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    } catch (error) {
      return errorCode(error) === 'ECONNREFUSED' ? 'not_sent' : 'lost';
    }
  }
}

interface Step {
  id: string;
  action: string | null;
  approver: { id: string } | null;
  approver_group: string | null;
}

interface Requisition {
  id: string;
  status: string;
  approval_workflow: Step[];
}
