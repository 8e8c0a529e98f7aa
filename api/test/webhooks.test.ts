import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Organization } from '../src/db/models/index.js';
import { audit as auditRequisition } from '../src/features/requisitions/requisitions.service.js';
import { verifySignature } from '../src/features/webhooks/signature.js';
import { isBlockedAddress } from '../src/features/webhooks/url-guard.js';
import {
  startWebhookDispatcher,
  type WebhookDispatcher,
} from '../src/features/webhooks/webhook-dispatcher.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import {
  buildCostCenter,
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
  buildVendor,
} from './factories.js';
import { startReceiver } from './support/webhook-receiver.js';

/**
 * Webhooks (issue 16 item 6): endpoints with a secret shown once, events written to the outbox in
 * the business transaction, signed deliveries to a real local receiver, retries, redelivery, the
 * SSRF guard and the permission.
 */

const base = loadConfig({ NODE_ENV: 'test' }).webhooks;
let app: Awaited<ReturnType<typeof createTestApp>>;
let dispatcher: WebhookDispatcher;

let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  app = await createTestApp({ webhooks: { ...base, allowPrivateUrls: true, pollIntervalMs: 3_600_000 } });
  dispatcher = startWebhookDispatcher({ sequelize: app.sequelize }, app.config, { log: () => undefined });
  receiver = await startReceiver();
});
afterAll(async () => {
  await dispatcher.stop();
  receiver.server.close();
  await app.close();
});

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const member = async (roleName: string) => {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  return { organization, admin: await member('Super Admin'), staff: await member('User') };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

function request(
  world: { organization: Organization },
  as: { token: string },
  method: string,
  url: string,
  payload?: unknown,
) {
  return call(app.server, method, `/api${url}`, {
    token: as.token,
    organizationId: world.organization.id,
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function createEndpoint(world: World, events: string[], url = receiver.url) {
  const response = await request(world, world.admin, 'POST', '/webhooks', {
    url,
    events,
    description: 'ERP',
  });
  expectContract(response, 'createWebhook');
  expect(response.statusCode, response.payload).toBe(201);
  return body(response) as { webhook: { id: string; secret_hint: string }; secret: string };
}

async function deliveriesOf(world: World, id: string) {
  const response = await request(world, world.admin, 'GET', `/webhooks/${id}/deliveries`);
  expectContract(response, 'listWebhookDeliveries');
  expect(response.statusCode).toBe(200);
  return body(response).deliveries as {
    id: string;
    status: string;
    attempts: number;
    event_type: string;
    response_status: number | null;
    last_error: string | null;
    next_attempt_at: string | null;
  }[];
}

/** Raises and sends an order through the API: answers the order. */
async function sendOrder(world: World) {
  const requisition = await buildRequisition(app.models, {
    organization: world.organization,
    requestor: world.staff.user,
    costCenter: await buildCostCenter(app.models, world.organization),
  });
  const vendor = await buildVendor(app.models, world.organization);
  const created = await request(world, world.admin, 'POST', '/purchase-orders', {
    requisition_id: requisition.id,
    vendor_id: vendor.id,
    payment_terms: 'Net 30',
    delivery_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  });
  expect(created.statusCode, created.payload).toBe(201);
  const order = body(created).purchase_order;
  const sent = await request(world, world.admin, 'POST', `/purchase-orders/${order.id}/send`);
  expect(sent.statusCode, sent.payload).toBe(200);
  return order as { id: string; po_number: string };
}

describe('endpoints', () => {
  it('shows the secret at creation and rotation only', async () => {
    const world = await buildWorld();
    const { webhook, secret } = await createEndpoint(world, ['purchase_order.sent']);
    expect(secret).toMatch(/^whsec_/);
    expect(webhook.secret_hint).toBe(`…${secret.slice(-4)}`);
    const read = await request(world, world.admin, 'GET', `/webhooks/${webhook.id}`);
    expectContract(read, 'getWebhook');
    expect(read.payload).not.toContain(secret);
    const list = await request(world, world.admin, 'GET', '/webhooks');
    expectContract(list, 'listWebhooks');
    expect(body(list).webhooks.map((w: { id: string }) => w.id)).toEqual([webhook.id]);
    expect(list.payload).not.toContain(secret);
    const rotated = await request(world, world.admin, 'POST', `/webhooks/${webhook.id}/rotate-secret`);
    expectContract(rotated, 'rotateWebhookSecret');
    expect(body(rotated).secret).not.toBe(secret);
    const updated = await request(world, world.admin, 'PUT', `/webhooks/${webhook.id}`, {
      url: receiver.url,
      events: ['purchase_order.sent', 'requisition.approved'],
      is_active: false,
    });
    expectContract(updated, 'updateWebhook');
    expect(body(updated).webhook).toMatchObject({
      is_active: false,
      events: ['purchase_order.sent', 'requisition.approved'],
    });
    const removed = await request(world, world.admin, 'DELETE', `/webhooks/${webhook.id}`);
    expectContract(removed, 'deleteWebhook');
    expect(removed.statusCode).toBe(204);
    expect((await request(world, world.admin, 'GET', `/webhooks/${webhook.id}`)).statusCode).toBe(404);
  });

  it('refuses a member without org.settings, and hides endpoints from another organisation', async () => {
    const world = await buildWorld();
    const { webhook } = await createEndpoint(world, ['purchase_order.sent']);
    const refused = await request(world, world.staff, 'POST', '/webhooks', {
      url: receiver.url,
      events: ['purchase_order.sent'],
    });
    expectContract(refused, 'createWebhook');
    expect(refused.statusCode).toBe(403);
    expect((await request(world, world.staff, 'GET', '/webhooks')).statusCode).toBe(403);
    const other = await buildWorld();
    const foreign = await request(other, other.admin, 'GET', `/webhooks/${webhook.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await request(other, other.admin, 'POST', `/webhooks/${webhook.id}/test`)).statusCode).toBe(404);
  });
});

describe('the URL guard', () => {
  it('refuses private, loopback, link-local and metadata addresses and plain http (400 naming url)', async () => {
    // The server's own configuration, with private URLs refused as in production.
    app.config.webhooks.allowPrivateUrls = false;
    try {
      const world = await buildWorld();
      for (const url of [
        receiver.url,
        'https://127.0.0.1/hooks',
        'https://10.1.2.3/hooks',
        'https://192.168.0.10/hooks',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hooks',
        'https://[::ffff:127.0.0.1]/hooks',
        'https://localhost/hooks',
        'https://user:pass@example.com/hooks',
        'not a url',
      ]) {
        const response = await request(world, world.admin, 'POST', '/webhooks', {
          url,
          events: ['purchase_order.sent'],
        });
        expectContract(response, 'createWebhook');
        expect(response.statusCode, url).toBe(400);
        expect(body(response).details[0].field, url).toBe('url');
      }
      expect(body(await request(world, world.admin, 'GET', '/webhooks')).webhooks).toEqual([]);
    } finally {
      app.config.webhooks.allowPrivateUrls = true;
    }
  });

  it('classifies addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:10.0.0.1',
    ])
      expect(isBlockedAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:93.184.216.34'])
      expect(isBlockedAddress(address), address).toBe(false);
  });

  it('does not connect to a private address when the flag is off, even for a saved URL', async () => {
    const world = await buildWorld();
    const { webhook } = await createEndpoint(world, ['purchase_order.sent']);
    const before = receiver.received.length;
    const strictDispatcher = startWebhookDispatcher(
      { sequelize: app.sequelize },
      { webhooks: { ...base, allowPrivateUrls: false, pollIntervalMs: 3_600_000, maxAttempts: 1 } },
      { log: () => undefined },
    );
    try {
      await request(world, world.admin, 'POST', `/webhooks/${webhook.id}/test`);
      await strictDispatcher.runOnce();
    } finally {
      await strictDispatcher.stop();
    }
    expect(receiver.received.length).toBe(before);
    const [delivery] = await deliveriesOf(world, webhook.id);
    expect(delivery).toMatchObject({ status: 'failed', response_status: null });
    expect(delivery!.last_error).toMatch(/https/);
  });

  it('refuses at connection time a saved https URL whose host resolves to a loopback address', async () => {
    const world = await buildWorld();
    const port = new URL(receiver.url).port;
    for (const url of [`https://localhost:${port}/hooks`, `https://127.0.0.1:${port}/hooks`]) {
      // Saved behind the API's back (as if DNS had changed since): the dispatcher checks again.
      const [endpoint] = await app.sequelize.query<{ id: string }>(
        `INSERT INTO webhook_endpoints (organization_id, url, events, secret)
         VALUES ($1, $2, ARRAY['purchase_order.sent'], 'whsec_test') RETURNING id`,
        { bind: [world.organization.id, url], type: QueryTypes.SELECT },
      );
      const strictDispatcher = startWebhookDispatcher(
        { sequelize: app.sequelize },
        { webhooks: { ...base, allowPrivateUrls: false, pollIntervalMs: 3_600_000, maxAttempts: 1 } },
        { log: () => undefined },
      );
      try {
        await request(world, world.admin, 'POST', `/webhooks/${endpoint!.id}/test`);
        await strictDispatcher.runOnce();
      } finally {
        await strictDispatcher.stop();
      }
      const [delivery] = await deliveriesOf(world, endpoint!.id);
      expect(delivery, url).toMatchObject({ status: 'failed', response_status: null });
      expect(delivery!.last_error, url).toMatch(/private or local address/);
    }
  });
});

describe('delivery', () => {
  it('delivers a signed event written with the business change', async () => {
    const world = await buildWorld();
    const { webhook, secret } = await createEndpoint(world, ['purchase_order.sent']);
    const order = await sendOrder(world);
    const before = receiver.received.length;
    expect(await dispatcher.runOnce()).toMatchObject({ delivered: 1 });
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const { headers, body: raw } = got[0]!;
    expect(verifySignature(secret, String(headers['purchasing-signature']), raw)).toBe(true);
    expect(verifySignature(`${secret}x`, String(headers['purchasing-signature']), raw)).toBe(false);
    expect(headers['purchasing-event']).toBe('purchase_order.sent');
    const event = JSON.parse(raw);
    expect(event).toMatchObject({
      type: 'purchase_order.sent',
      organization_id: world.organization.id,
      data: { purchase_order: { id: order.id, po_number: order.po_number, status: 'sent' } },
    });
    const [delivery] = await deliveriesOf(world, webhook.id);
    expect(delivery).toMatchObject({
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      next_attempt_at: null,
    });
  });

  it('retries after a 500 and then delivers; redelivery sends the same event again', async () => {
    const world = await buildWorld();
    const { webhook } = await createEndpoint(world, ['purchase_order.sent']);
    await sendOrder(world);
    receiver.answers.push(500);
    const before = receiver.received.length;
    expect(await dispatcher.runOnce()).toMatchObject({ retried: 1 });
    let [delivery] = await deliveriesOf(world, webhook.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    // Backed off: not due yet.
    const waitSeconds = (Date.parse(delivery!.next_attempt_at!) - Date.now()) / 1000;
    expect(waitSeconds).toBeGreaterThan(15);
    expect(await dispatcher.runOnce()).toMatchObject({ delivered: 0, retried: 0 });
    await app.sequelize.query('UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1', {
      bind: [delivery!.id],
    });
    expect(await dispatcher.runOnce()).toMatchObject({ delivered: 1 });
    [delivery] = await deliveriesOf(world, webhook.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, response_status: 200 });
    const attempts = await app.sequelize.query<{ attempt: number; response_status: number }>(
      'SELECT attempt, response_status FROM webhook_attempts WHERE delivery_id = $1 ORDER BY attempt',
      { bind: [delivery!.id], type: QueryTypes.SELECT },
    );
    expect(attempts).toEqual([
      { attempt: 1, response_status: 500 },
      { attempt: 2, response_status: 200 },
    ]);

    const redelivered = await request(
      world,
      world.admin,
      'POST',
      `/webhooks/deliveries/${delivery!.id}/redeliver`,
    );
    expectContract(redelivered, 'redeliverWebhookDelivery');
    expect(redelivered.statusCode).toBe(202);
    expect(await dispatcher.runOnce()).toMatchObject({ delivered: 1 });
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(3);
    expect(JSON.parse(got[2]!.body).id).toBe(JSON.parse(got[1]!.body).id);
    expect(await deliveriesOf(world, webhook.id)).toHaveLength(2);
  });

  it('gives up after the last attempt', async () => {
    const world = await buildWorld();
    const { webhook } = await createEndpoint(world, ['purchase_order.sent']);
    const once = startWebhookDispatcher(
      { sequelize: app.sequelize },
      { webhooks: { ...app.config.webhooks, maxAttempts: 1 } },
      { log: () => undefined },
    );
    try {
      receiver.answers.push(503);
      await request(world, world.admin, 'POST', `/webhooks/${webhook.id}/test`);
      expect(await once.runOnce()).toMatchObject({ failed: 1 });
    } finally {
      await once.stop();
    }
    const [delivery] = await deliveriesOf(world, webhook.id);
    expect(delivery).toMatchObject({ status: 'failed', response_status: 503, next_attempt_at: null });
  });

  it('sends a test event to the endpoint', async () => {
    const world = await buildWorld();
    const { webhook, secret } = await createEndpoint(world, ['requisition.rejected']);
    const response = await request(world, world.admin, 'POST', `/webhooks/${webhook.id}/test`);
    expectContract(response, 'testWebhook');
    expect(response.statusCode).toBe(202);
    expect(body(response).delivery).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
    const before = receiver.received.length;
    await dispatcher.runOnce();
    const [got] = receiver.received.slice(before);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'webhook.test', data: { webhook_id: webhook.id } });
    expect(verifySignature(secret, String(got!.headers['purchasing-signature']), got!.body)).toBe(true);
  });
});

describe('events in the business transaction', () => {
  const countFor = async (endpointId: string) =>
    (
      await app.sequelize.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1',
        { bind: [endpointId], type: QueryTypes.SELECT },
      )
    )[0]!.n;

  it('writes nothing when the change rolls back', async () => {
    const world = await buildWorld();
    const { webhook } = await createEndpoint(world, ['requisition.submitted']);
    const requisition = await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.staff.user,
      status: 'under_review',
    });
    const db = { sequelize: app.sequelize };
    await expect(
      app.sequelize.transaction(async (transaction) => {
        await auditRequisition(
          db,
          {
            organizationId: world.organization.id,
            requisitionId: requisition.id,
            action: 'submit',
            from: 'draft',
            to: 'under_review',
            actorId: world.staff.user.id,
          },
          transaction,
        );
        const [inside] = await app.sequelize.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1',
          { bind: [webhook.id], type: QueryTypes.SELECT, transaction },
        );
        expect(inside!.n).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await countFor(webhook.id)).toBe(0);
    expect(await dispatcher.runOnce()).toMatchObject({ delivered: 0 });
  });

  it('raises submitted and rejected for a requisition, and nothing for unsubscribed events', async () => {
    const world = await buildWorld();
    const { webhook } = await createEndpoint(world, ['requisition.submitted', 'requisition.rejected']);
    const costCenter = await buildCostCenter(app.models, world.organization);
    const glAccounts = await app.sequelize.query<{ id: string }>(
      'SELECT id FROM gl_accounts WHERE organization_id = $1 LIMIT 1',
      { bind: [world.organization.id], type: QueryTypes.SELECT },
    );
    const { buildGlAccount } = await import('./factories.js');
    const glAccountId = glAccounts[0]?.id ?? (await buildGlAccount(app.models, world.organization)).id;
    const created = await request(world, world.staff, 'POST', '/requisitions', {
      cost_center_id: costCenter.id,
      gl_account_id: glAccountId,
      category: 'standard',
      justification: 'Webhooks',
      line_items: [{ description: 'Paper', quantity: 1, unit_price: 5000, unit_of_measure: 'each' }],
      submit: true,
    });
    expect(created.statusCode, created.payload).toBe(201);
    const requisition = body(created).requisition;
    const deliveries = await deliveriesOf(world, webhook.id);
    expect(deliveries.map((d) => d.event_type)).toContain('requisition.submitted');
    expect(deliveries.map((d) => d.event_type)).not.toContain('requisition.approved');
    expect(deliveries.map((d) => d.event_type)).toHaveLength(1);
    await request(world, world.admin, 'POST', `/webhooks/deliveries/${deliveries[0]!.id}/redeliver`);
    expect(requisition.id).toBeTruthy();
    await dispatcher.runOnce();
  });
});
