import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/db/models/index.js';
import { runDigestPass } from '../src/features/notifications/digest-job.js';
import { expectContract } from './app.js';
import { buildRequisition, buildVendor } from './factories.js';
import { raise, request, requisitionForm } from './support/approval-calls.js';
import {
  body,
  buildApprovalChain,
  buildOrganizationWorld,
  type Member,
  PUBLIC_URL,
  useTestApp,
} from './support/approval-world.js';

/**
 * The bell (issue 15 item 1): each event notifies the right people and nobody else, in the event's
 * transaction; the preferences gate the bell and the mail; the unread count answers 304 while
 * nothing changed; nobody reads or marks another's notification; the daily digest is sent once a day.
 */

const app = useTestApp({ publicUrl: PUBLIC_URL });

async function buildWorld() {
  const world = await buildOrganizationWorld(app);
  const chain = await buildApprovalChain(world);
  const otherManager = await world.member('Manager');
  const finance = await world.member('Finance Manager');
  const finance2 = await world.member('Finance Manager');
  const bystander = await world.member('User', { manager: chain.manager.user, department: chain.department });
  return { ...world, ...chain, otherManager, finance, finance2, bystander };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

const as = (world: World, who: Member, method: string, url: string, payload?: unknown) =>
  request(world, who, method, url, payload);

const submitted = (world: World, total: number) =>
  raise(
    world,
    world.requestor,
    requisitionForm(world, `Desks ${total}`, { description: 'Desk', unit_price: total }, { submit: true }),
  );

async function act(world: World, who: Member, id: string, path: string, payload: Record<string, unknown>) {
  const response = await as(world, who, 'POST', `/approvals/${id}/${path}`, payload);
  expect(response.statusCode, response.payload).toBe(200);
}

/** Every notification of the world's organisation: who got which kind about what. */
async function notificationsOf(world: World) {
  return app.sequelize.query<{ user_id: string; kind: string; subject_id: string; message: string }>(
    `SELECT user_id::text, kind, subject_id::text, message FROM notifications
      WHERE organization_id = $1 ORDER BY created_at, id`,
    { bind: [world.organization.id], type: QueryTypes.SELECT },
  );
}

const kindsFor = async (world: World, subjectId: string) =>
  (await notificationsOf(world))
    .filter((n) => n.subject_id === subjectId)
    .map((n) => [n.user_id, n.kind] as const);

async function decisionMails(user: User, number: string): Promise<number> {
  const [row] = await app.sequelize.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM email_outbox WHERE lower(to_address) = lower($1) AND subject = $2`,
    { bind: [user.email, `Awaiting your decision: ${number}`], type: QueryTypes.SELECT },
  );
  return row?.n ?? 0;
}

const DEFAULTS = {
  approval_requested: { in_app: true, email: true },
  step_delegated: { in_app: true, email: true },
  requisition_approved: { in_app: true, email: true },
  requisition_rejected: { in_app: true, email: true },
  requisition_info_requested: { in_app: true, email: true },
  order_received: { in_app: true, email: true },
  reminder: { in_app: true, email: true },
  escalation: { in_app: true, email: true },
};

describe('events make notifications', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('a submission notifies the manager only, with a message naming the requisition, and reads newest first', async () => {
    const requisition = await submitted(world, 100);
    expect(await kindsFor(world, requisition.id)).toEqual([[world.manager.user.id, 'approval_requested']]);
    const list = await as(world, world.manager, 'GET', '/notifications');
    expectContract(list, 'listNotifications');
    const page = body(list);
    expect(page.unread_count).toBe(1);
    expect(page.notifications[0]).toMatchObject({
      kind: 'approval_requested',
      subject_type: 'requisition',
      subject_id: requisition.id,
      read_at: null,
      message: expect.stringContaining(`${requisition.requisition_number} from`),
    });
    // The requestor, the head and the bystander have nothing.
    for (const other of [world.requestor, world.head, world.bystander]) {
      expect(body(await as(world, other, 'GET', '/notifications')).notifications).toEqual([]);
    }
  });

  it('approval, rejection and a request for information each notify the requestor', async () => {
    const approved = await submitted(world, 200);
    await act(world, world.manager, approved.id, 'approve', { action: 'approve' });
    expect(await kindsFor(world, approved.id)).toEqual([
      [world.manager.user.id, 'approval_requested'],
      [world.requestor.user.id, 'requisition_approved'],
    ]);
    const rejected = await submitted(world, 300);
    await act(world, world.manager, rejected.id, 'reject', { action: 'reject', comments: 'No budget' });
    expect((await kindsFor(world, rejected.id)).at(-1)).toEqual([
      world.requestor.user.id,
      'requisition_rejected',
    ]);
    const asked = await submitted(world, 400);
    await act(world, world.manager, asked.id, 'request-info', {
      action: 'request_info',
      comments: 'Which model?',
    });
    expect(await kindsFor(world, asked.id)).toEqual([
      [world.manager.user.id, 'approval_requested'],
      [world.requestor.user.id, 'requisition_info_requested'],
    ]);
  });

  it('a delegation notifies the delegate as delegated; the next level notifies its approver; a group step each eligible member', async () => {
    const requisition = await submitted(world, 30000);
    await act(world, world.manager, requisition.id, 'approve', { action: 'approve' });
    await act(world, world.head, requisition.id, 'delegate', {
      action: 'delegate',
      delegate_to_user_id: world.otherManager.user.id,
    });
    await act(world, world.otherManager, requisition.id, 'approve', { action: 'approve' });
    const made = await kindsFor(world, requisition.id);
    expect(made.slice(0, 3)).toEqual([
      [world.manager.user.id, 'approval_requested'],
      [world.head.user.id, 'approval_requested'],
      [world.otherManager.user.id, 'step_delegated'],
    ]);
    // Level 3 is the Finance Manager group: each of its members, nobody else.
    expect(made.slice(3).sort()).toEqual(
      [world.finance, world.finance2].map((m) => [m.user.id, 'approval_requested'] as const).sort(),
    );
  });

  it('an out-of-office move notifies the delegate: a step open when the absence starts, and one opening during it', async () => {
    const away = await buildWorld();
    const open = await submitted(away, 150);
    const absence = await as(away, away.manager, 'POST', '/users/me/absences', {
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      delegate_user_id: away.otherManager.user.id,
    });
    expect(absence.statusCode, absence.payload).toBe(201);
    // The open step moved to the delegate at once: they are told it awaits them.
    expect(await kindsFor(away, open.id)).toEqual([
      [away.manager.user.id, 'approval_requested'],
      [away.otherManager.user.id, 'approval_requested'],
    ]);
    // A step opening while he is away goes straight to the delegate; the absent manager is not told.
    const during = await submitted(away, 160);
    expect(await kindsFor(away, during.id)).toEqual([[away.otherManager.user.id, 'approval_requested']]);
  });

  it('a receipt notifies the requestor of the order’s requisition, partly then fully', async () => {
    const vendor = await buildVendor(app.models, world.organization, { name: 'Ikea' });
    const requisition = await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.requestor.user,
      costCenter: world.costCenter,
      status: 'approved',
      lines: [{ description: 'Chair', quantity: 2, unit_price: '50.00' }],
    });
    const created = await as(world, world.finance, 'POST', '/purchase-orders', {
      requisition_id: requisition.id,
      vendor_id: vendor.id,
      payment_terms: 'Net 30',
      delivery_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(created.statusCode, created.payload).toBe(201);
    const order = body(created).purchase_order;
    const sent = await as(world, world.finance, 'POST', `/purchase-orders/${order.id}/send`);
    const line = body(sent).purchase_order.po_line_items[0].id;
    for (let i = 0; i < 2; i++) {
      const received = await as(world, world.finance, 'POST', `/purchase-orders/${order.id}/receipts`, {
        lines: [{ po_line_item_id: line, quantity: 1 }],
      });
      expect(received.statusCode, received.payload).toBe(201);
    }
    const rows = (await notificationsOf(world)).filter((n) => n.subject_id === order.id);
    expect(rows.map((n) => [n.user_id, n.kind])).toEqual([
      [world.requestor.user.id, 'order_received'],
      [world.requestor.user.id, 'order_received'],
    ]);
    expect(rows[0]!.message).toContain('partly received');
    expect(rows[1]!.message).toContain('received in full');
  });
});

describe('preferences', () => {
  it('default to everything on without digest, and are validated', async () => {
    const world = await buildWorld();
    const read = await as(world, world.manager, 'GET', '/users/me/notification-preferences');
    expectContract(read, 'getNotificationPreferences');
    expect(body(read)).toEqual({ kinds: DEFAULTS, daily_digest: false });
    const bad = await as(world, world.manager, 'PUT', '/users/me/notification-preferences', {
      kinds: { ...DEFAULTS, approval_requested: { in_app: 'yes', email: true } },
      daily_digest: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(body(bad).details)).toContain('approval_requested');
  });

  it('keeps the stored choice of a kind a client does not send (reminder, escalation came later)', async () => {
    const world = await buildWorld();
    const off = { in_app: false, email: false };
    await as(world, world.manager, 'PUT', '/users/me/notification-preferences', {
      kinds: { ...DEFAULTS, reminder: off, escalation: off },
      daily_digest: false,
    });
    const { reminder: _r, escalation: _e, ...older } = DEFAULTS;
    const saved = await as(world, world.manager, 'PUT', '/users/me/notification-preferences', {
      kinds: { ...older, order_received: off },
      daily_digest: false,
    });
    expectContract(saved, 'updateNotificationPreferences');
    expect(body(saved).kinds).toMatchObject({ reminder: off, escalation: off, order_received: off });
  });

  it('in-app off writes no notification; email off sends no decision mail; each alone', async () => {
    const world = await buildWorld();
    const saved = await as(world, world.manager, 'PUT', '/users/me/notification-preferences', {
      kinds: { ...DEFAULTS, approval_requested: { in_app: false, email: true } },
      daily_digest: false,
    });
    expectContract(saved, 'updateNotificationPreferences');
    const first = await submitted(world, 100);
    expect(await kindsFor(world, first.id)).toEqual([]);
    expect(await decisionMails(world.manager.user, first.requisition_number)).toBe(1);

    await as(world, world.manager, 'PUT', '/users/me/notification-preferences', {
      kinds: { ...DEFAULTS, approval_requested: { in_app: true, email: false } },
      daily_digest: false,
    });
    const second = await submitted(world, 100);
    expect(await kindsFor(world, second.id)).toEqual([[world.manager.user.id, 'approval_requested']]);
    expect(await decisionMails(world.manager.user, second.requisition_number)).toBe(0);
  });
});

describe('reading', () => {
  it('the unread count carries an ETag: 304 while unchanged, 200 after a new one or a read', async () => {
    const world = await buildWorld();
    const count = () => as(world, world.manager, 'GET', '/notifications/unread-count');
    const withTag = (etag: string) =>
      app.server.inject({
        method: 'GET',
        url: '/api/notifications/unread-count',
        headers: {
          authorization: `Bearer ${world.manager.token}`,
          'x-organization-id': world.organization.id,
          'if-none-match': etag,
        },
      });
    const empty = await count();
    expectContract(empty, 'getUnreadNotificationCount');
    expect(body(empty)).toEqual({ unread_count: 0, latest_at: null });
    const tag0 = empty.headers.etag as string;
    expect(tag0).toBeTruthy();
    expect((await withTag(tag0)).statusCode).toBe(304);

    const requisition = await submitted(world, 100);
    const one = await withTag(tag0);
    expect(one.statusCode).toBe(200);
    expect(body(one).unread_count).toBe(1);
    const tag1 = one.headers.etag as string;
    expect((await withTag(tag1)).statusCode).toBe(304);

    const [item] = body(await as(world, world.manager, 'GET', '/notifications')).notifications;
    expect(item.subject_id).toBe(requisition.id);
    const read = await as(world, world.manager, 'POST', `/notifications/${item.id}/read`);
    expectContract(read, 'markNotificationRead');
    expect(body(read).notification.read_at).not.toBeNull();
    const after = await withTag(tag1);
    expect(after.statusCode).toBe(200);
    expect(body(after).unread_count).toBe(0);
  });

  it('pages newest first with a cursor, filters unread, and marks all read', async () => {
    const world = await buildWorld();
    for (const total of [10, 20, 30]) await submitted(world, total);
    const first = body(await as(world, world.manager, 'GET', '/notifications?limit=2'));
    expect(first.notifications).toHaveLength(2);
    expect(first.unread_count).toBe(3);
    const second = body(
      await as(world, world.manager, 'GET', `/notifications?limit=2&cursor=${first.next_cursor}`),
    );
    expect(second.notifications).toHaveLength(1);
    expect(second.next_cursor).toBeNull();
    const all = [...first.notifications, ...second.notifications];
    expect(new Set(all.map((n: { id: string }) => n.id)).size).toBe(3);
    const times = all.map((n: { created_at: string }) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await as(world, world.manager, 'GET', '/notifications?cursor=bm9wZQ')).statusCode).toBe(400);

    await as(world, world.manager, 'POST', `/notifications/${all[0].id}/read`);
    const unread = body(await as(world, world.manager, 'GET', '/notifications?unread_only=true'));
    expect(unread.notifications.map((n: { id: string }) => n.id)).toEqual(all.slice(1).map((n) => n.id));
    const marked = await as(world, world.manager, 'POST', '/notifications/read-all');
    expectContract(marked, 'markAllNotificationsRead');
    expect(body(marked)).toEqual({ marked: 2 });
    expect(body(await as(world, world.manager, 'GET', '/notifications/unread-count')).unread_count).toBe(0);
  });

  it('nobody sees or marks another user’s notification, nor one of another organisation: 404', async () => {
    const world = await buildWorld();
    const elsewhere = await buildWorld();
    await submitted(world, 100);
    const [item] = body(await as(world, world.manager, 'GET', '/notifications')).notifications;
    expect((await as(world, world.otherManager, 'POST', `/notifications/${item.id}/read`)).statusCode).toBe(
      404,
    );
    expect(
      (await as(elsewhere, elsewhere.manager, 'POST', `/notifications/${item.id}/read`)).statusCode,
    ).toBe(404);
    expect(body(await as(elsewhere, elsewhere.manager, 'GET', '/notifications')).notifications).toEqual([]);
    expect((await as(world, world.otherManager, 'POST', '/notifications/read-all')).statusCode).toBe(200);
    const still = body(await as(world, world.manager, 'GET', '/notifications')).notifications[0];
    expect(still.read_at).toBeNull();
  });
});

describe('the daily digest', () => {
  it('mails each member who chose it their unread notifications of the last day, once a day', async () => {
    const world = await buildWorld();
    await as(world, world.manager, 'PUT', '/users/me/notification-preferences', {
      kinds: DEFAULTS,
      daily_digest: true,
    });
    const requisition = await submitted(world, 100);
    const digests = async () =>
      app.sequelize.query<{ text_body: string }>(
        `SELECT text_body FROM email_outbox WHERE lower(to_address) = lower($1) AND subject LIKE 'Your daily summary%'`,
        { bind: [world.manager.user.email], type: QueryTypes.SELECT },
      );
    const now = new Date(Date.now() + 60_000);
    await runDigestPass({ sequelize: app.sequelize }, now, PUBLIC_URL);
    const sent = await digests();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text_body).toContain(requisition.requisition_number);
    expect(sent[0]!.text_body).toContain(`${PUBLIC_URL}/requisitions/${requisition.id}`);
    // A restart the same day (a second pass, later that day) sends nothing more.
    await runDigestPass({ sequelize: app.sequelize }, new Date(now.getTime() + 60_000), PUBLIC_URL);
    expect(await digests()).toHaveLength(1);
    // The next day: the notification is older than a day, nothing is mailed.
    await runDigestPass({ sequelize: app.sequelize }, new Date(now.getTime() + 2 * 86_400_000), PUBLIC_URL);
    expect(await digests()).toHaveLength(1);
    // Nobody without the digest got one.
    const [others] = await app.sequelize.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_outbox WHERE subject LIKE 'Your daily summary%' AND lower(to_address) = lower($1)`,
      { bind: [world.head.user.email], type: QueryTypes.SELECT },
    );
    expect(others!.n).toBe(0);
  });
});
