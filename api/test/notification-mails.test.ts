import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { actOnRequisitionIn } from '../src/features/approvals/approvals.service.js';
import { notificationMail } from '../src/features/mail/templates.js';
import {
  notify,
  notifyOrderReceived,
  notifyRequisitionChange,
} from '../src/features/notifications/notify.js';
import { buildRequisition, buildVendor } from './factories.js';
import {
  type Channels,
  type Mail,
  mailsTo as mailsOf,
  raise,
  request,
  requisitionForm,
  setNotificationKinds,
} from './support/approval-calls.js';
import {
  body,
  buildApprovalChain,
  buildOrganizationWorld,
  type Member,
  PUBLIC_URL,
  useTestApp,
} from './support/approval-world.js';

/**
 * A mail for every kind (issue 15 item 1, docs/decisions.md "A mail for every kind"): each event mails
 * the people it notifies who keep its kind by email, in the event's transaction, with a link built on
 * the configured public URL; the decision mail stays the only mail of a step opened to someone.
 */

const app = useTestApp({ publicUrl: PUBLIC_URL });
const db = () => ({ sequelize: app.sequelize });

async function buildWorld() {
  const world = await buildOrganizationWorld(app);
  const chain = await buildApprovalChain(world);
  const otherManager = await world.member('Manager');
  const finance = await world.member('Finance Manager');
  return { ...world, ...chain, otherManager, finance };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

const as = (world: World, who: Member, method: string, url: string, payload?: unknown) =>
  // A caller's headers never shape a link.
  request(world, who, method, url, payload, {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    origin: 'https://evil.example',
  });

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

/** Every mail queued to `who`, oldest first. */
const mailsTo = (who: Member) => mailsOf(app, who.user);

const choose = (world: World, who: Member, kinds: Record<string, Channels>) =>
  setNotificationKinds(world, who, kinds);

const EMAIL_OFF = { in_app: true, email: false };
const APP_OFF = { in_app: false, email: true };

describe('a decision mails the requestor', () => {
  it('approval, rejection and a request for information: one mail each, subject naming the number, the configured link', async () => {
    const world = await buildWorld();
    const approved = await submitted(world, 100);
    await act(world, world.manager, approved.id, 'approve', { action: 'approve' });
    const rejected = await submitted(world, 110);
    await act(world, world.manager, rejected.id, 'reject', { action: 'reject', comments: 'No <budget>' });
    const asked = await submitted(world, 120);
    await act(world, world.manager, asked.id, 'request-info', { action: 'request_info', comments: 'Model?' });

    const mails = await mailsTo(world.requestor);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Requisition ${approved.requisition_number} approved`,
      `Requisition ${rejected.requisition_number} rejected`,
      `More information requested: ${asked.requisition_number}`,
    ]);
    const [first, second, third] = mails as [Mail, Mail, Mail];
    expect(first.text_body).toContain(`Your requisition ${approved.requisition_number} was approved.`);
    expect(first.text_body).toContain(`${PUBLIC_URL}/requisitions/${approved.id}`);
    expect(first.html_body).toContain(`href="${PUBLIC_URL}/requisitions/${approved.id}"`);
    expect(first.text_body).toContain(`${PUBLIC_URL}/settings/notifications`);
    expect(second.text_body).toContain(`${PUBLIC_URL}/requisitions/${rejected.id}`);
    expect(second.text_body).toContain('was rejected by');
    expect(third.text_body).toContain(`${PUBLIC_URL}/requisitions/${asked.id}`);
    for (const mail of mails) {
      expect(mail.text_body + mail.html_body).not.toContain('evil.example');
    }
    // The approver got only the decision mails of the steps opened to them.
    const managerMails = await mailsTo(world.manager);
    expect(managerMails.map((mail) => mail.subject.split(':')[0])).toEqual([
      'Awaiting your decision',
      'Awaiting your decision',
      'Awaiting your decision',
    ]);
  });

  it('email off for a kind mails none of it, in-app off still mails it; each kind alone', async () => {
    const world = await buildWorld();
    await choose(world, world.requestor, {
      requisition_approved: EMAIL_OFF,
      requisition_rejected: APP_OFF,
      requisition_info_requested: EMAIL_OFF,
    });
    const approved = await submitted(world, 100);
    await act(world, world.manager, approved.id, 'approve', { action: 'approve' });
    const rejected = await submitted(world, 110);
    await act(world, world.manager, rejected.id, 'reject', { action: 'reject', comments: 'No' });
    const asked = await submitted(world, 120);
    await act(world, world.manager, asked.id, 'request-info', { action: 'request_info', comments: 'Model?' });
    expect((await mailsTo(world.requestor)).map((mail) => mail.subject)).toEqual([
      `Requisition ${rejected.requisition_number} rejected`,
    ]);
    const [bell] = await app.sequelize.query<{ kinds: string[] }>(
      `SELECT array_agg(kind ORDER BY created_at) AS kinds FROM notifications WHERE user_id = $1`,
      { bind: [world.requestor.user.id], type: QueryTypes.SELECT },
    );
    expect(bell?.kinds).toEqual(['requisition_approved', 'requisition_info_requested']);
  });

  it('an inactive membership gets no mail', async () => {
    const world = await buildWorld();
    const requisition = await submitted(world, 100);
    await app.models.UserOrganization.update(
      { is_active: false },
      { where: { organization_id: world.organization.id, user_id: world.requestor.user.id } },
    );
    await act(world, world.manager, requisition.id, 'approve', { action: 'approve' });
    expect(await mailsTo(world.requestor)).toEqual([]);
  });
});

describe('steps opened to someone keep their one decision mail', () => {
  it('approval_requested and step_delegated: the decision mail only, no plain mail besides', async () => {
    const world = await buildWorld();
    const requisition = await submitted(world, 30000);
    await act(world, world.manager, requisition.id, 'approve', { action: 'approve' });
    await act(world, world.head, requisition.id, 'delegate', {
      action: 'delegate',
      delegate_to_user_id: world.otherManager.user.id,
    });
    const decision = `Awaiting your decision: ${requisition.requisition_number}`;
    expect((await mailsTo(world.manager)).map((mail) => mail.subject)).toEqual([decision]);
    expect((await mailsTo(world.head)).map((mail) => mail.subject)).toEqual([decision]);
    const delegated = await mailsTo(world.otherManager);
    expect(delegated.map((mail) => mail.subject)).toEqual([decision]);
    expect(delegated[0]?.text_body).toContain(`${PUBLIC_URL}/email-decision/`);
  });

  it('email off for step_delegated: the delegate gets no mail, the bell all the same', async () => {
    const world = await buildWorld();
    await choose(world, world.otherManager, { step_delegated: EMAIL_OFF });
    const requisition = await submitted(world, 100);
    await act(world, world.manager, requisition.id, 'delegate', {
      action: 'delegate',
      delegate_to_user_id: world.otherManager.user.id,
    });
    expect(await mailsTo(world.otherManager)).toEqual([]);
  });
});

describe('a receipt mails the requestor', () => {
  it('partly then fully received: two mails linking to the order; none with email off', async () => {
    const world = await buildWorld();
    const vendor = await buildVendor(app.models, world.organization, { name: 'Ikea' });
    const order = async () => {
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
      const made = body(created).purchase_order as { id: string; po_number: string };
      const sent = await as(world, world.finance, 'POST', `/purchase-orders/${made.id}/send`);
      return { ...made, line: body(sent).purchase_order.po_line_items[0].id as string };
    };
    const receive = async (id: string, line: string) => {
      const received = await as(world, world.finance, 'POST', `/purchase-orders/${id}/receipts`, {
        lines: [{ po_line_item_id: line, quantity: 1 }],
      });
      expect(received.statusCode, received.payload).toBe(201);
    };
    const first = await order();
    await receive(first.id, first.line);
    await receive(first.id, first.line);
    const mails = await mailsTo(world.requestor);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Order ${first.po_number} received`,
      `Order ${first.po_number} received`,
    ]);
    expect(mails[0]?.text_body).toContain('partly received');
    expect(mails[1]?.text_body).toContain('received in full');
    expect(mails[0]?.text_body).toContain(`${PUBLIC_URL}/purchase-orders/${first.id}`);
    expect(mails[0]?.html_body).toContain(`href="${PUBLIC_URL}/purchase-orders/${first.id}"`);

    await choose(world, world.requestor, { order_received: EMAIL_OFF });
    const second = await order();
    await receive(second.id, second.line);
    expect(await mailsTo(world.requestor)).toHaveLength(2);
  });
});

describe('in the event’s transaction', () => {
  const rolledBack = async (work: (transaction: never) => Promise<unknown>) => {
    await expect(
      app.sequelize.transaction(async (transaction) => {
        await work(transaction as never);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
  };

  it('a decision rolled back mails nobody', async () => {
    const world = await buildWorld();
    const requisition = await submitted(world, 100);
    const [membership] = await app.sequelize.query<{ id: string }>(
      `SELECT id::text FROM user_organizations WHERE organization_id = $1 AND user_id = $2`,
      { bind: [world.organization.id, world.manager.user.id], type: QueryTypes.SELECT },
    );
    const actor = {
      userId: world.manager.user.id,
      scope: {
        organizationId: world.organization.id,
        membershipId: membership?.id ?? '',
        roleName: 'Manager',
        permissions: new Set(['approval.act', 'approval.view']),
      },
      mail: { linkBase: PUBLIC_URL, validHours: 72 },
    };
    await rolledBack(async (transaction) => {
      const view = await actOnRequisitionIn(db(), actor, requisition.id, { action: 'approve' }, transaction);
      expect(view.status).toBe('approved');
      const [queued] = await app.sequelize.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM email_outbox WHERE lower(to_address) = lower($1)`,
        { bind: [world.requestor.user.email], type: QueryTypes.SELECT, transaction },
      );
      expect(queued?.n).toBe(1);
    });
    expect(await mailsTo(world.requestor)).toEqual([]);
  });

  it('a receipt, a reminder or an escalation rolled back mails nobody', async () => {
    const world = await buildWorld();
    const requisition = await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.requestor.user,
      status: 'approved',
    });
    const vendor = await buildVendor(app.models, world.organization);
    const created = await as(world, world.finance, 'POST', '/purchase-orders', {
      requisition_id: requisition.id,
      vendor_id: vendor.id,
      payment_terms: 'Net 30',
      delivery_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(created.statusCode, created.payload).toBe(201);
    const order = body(created).purchase_order as { id: string };
    const mail = { linkBase: PUBLIC_URL };
    await rolledBack((transaction) =>
      notifyOrderReceived(
        db(),
        {
          organizationId: world.organization.id,
          purchaseOrderId: order.id,
          to: 'received',
          actorId: world.finance.user.id,
          mail,
        },
        transaction,
      ),
    );
    for (const kind of ['reminder', 'escalation'] as const) {
      await rolledBack((transaction) =>
        notify(
          db(),
          {
            organizationId: world.organization.id,
            kind,
            message: 'Due soon.',
            subjectType: 'requisition',
            subjectId: requisition.id,
            requisitionId: requisition.id,
          },
          [world.manager.user.id],
          transaction,
          { ...mail, reference: requisition.requisition_number },
        ),
      );
    }
    expect(await mailsTo(world.requestor)).toEqual([]);
    expect(await mailsTo(world.manager)).toEqual([]);
  });

  it('once per person, kind and record in one transaction', async () => {
    const world = await buildWorld();
    const requisition = await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.requestor.user,
      status: 'approved',
    });
    const change = {
      organizationId: world.organization.id,
      requisitionId: requisition.id,
      action: 'approve',
      from: 'under_review',
      to: 'approved',
      actorId: world.manager.user.id,
      mail: { linkBase: PUBLIC_URL },
    };
    await app.sequelize.transaction(async (transaction) => {
      await notifyRequisitionChange(db(), change, transaction);
      await notifyRequisitionChange(db(), change, transaction);
    });
    expect(await mailsTo(world.requestor)).toHaveLength(1);
    // Another event (transaction) mails again.
    await app.sequelize.transaction((transaction) => notifyRequisitionChange(db(), change, transaction));
    expect(await mailsTo(world.requestor)).toHaveLength(2);
  });
});

describe('the template', () => {
  it('escapes everything in the HTML part', () => {
    const mail = notificationMail({
      to: 'a@example.com',
      firstName: '<Ann>',
      subject: 'Requisition R-1 rejected',
      message: 'Rejected by <script>alert("x")</script> & co.',
      link: { href: 'https://purchasing.example/requisitions/1?a=1&b="2"', label: 'Open the requisition' },
      settingsLink: 'https://purchasing.example/settings/notifications',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<Ann>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co.');
    expect(mail.html).toContain('href="https://purchasing.example/requisitions/1?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('Rejected by <script>alert("x")</script> & co.');
    expect(mail.secretValidMinutes).toBeUndefined();
  });
});
