import { randomUUID } from 'node:crypto';
import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { execute, select, selectOne } from '../../db-query.js';
import { NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { type AdminActor, auditAdministration } from '../roles/access.js';
import { newWebhookSecret } from './signature.js';
import { checkWebhookUrl } from './url-guard.js';
import {
  DELIVERY_COLUMNS,
  type DeliveryRow,
  ENDPOINT_COLUMNS,
  type EndpointRow,
  presentDelivery,
  presentWebhook,
  type WebhookDeliveryView,
  type WebhookView,
} from './webhooks.presenter.js';

export type WebhookForm = components['schemas']['WebhookInput'];
type Pagination = components['schemas']['Pagination'];

/** Who manages webhooks, and whether endpoints may name private addresses (config). */
export interface WebhookActor extends AdminActor {
  allowPrivateUrls: boolean;
}

const notFound = () => new NotFound('Webhook');

async function lockEndpoint(db: Db, organizationId: string, id: string, transaction: Transaction) {
  const row = await selectOne<EndpointRow>(
    db,
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.organization_id = $1 AND e.id = $2 FOR UPDATE`,
    [organizationId, id],
    transaction,
  );
  if (!row) throw notFound();
  return row;
}

/** Audits a change of an endpoint (never its secret). */
function auditEndpoint(
  db: Db,
  actor: AdminActor,
  id: string,
  action: string,
  transaction: Transaction,
  metadata = {},
) {
  return auditAdministration(
    db,
    {
      organizationId: actor.scope.organizationId,
      entityType: 'webhook',
      entityId: id,
      action,
      actorId: actor.userId,
      metadata,
    },
    transaction,
  );
}

export async function listWebhooks(db: Db, organizationId: string): Promise<WebhookView[]> {
  const rows = await select<EndpointRow>(
    db,
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.organization_id = $1 ORDER BY e.created_at DESC, e.id`,
    [organizationId],
  );
  return rows.map(presentWebhook);
}

export async function getWebhook(db: Db, organizationId: string, id: string): Promise<WebhookView> {
  const row = await selectOne<EndpointRow>(
    db,
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.organization_id = $1 AND e.id = $2`,
    [organizationId, id],
  );
  if (!row) throw notFound();
  return presentWebhook(row);
}

const cleanDescription = (value: string | null | undefined) => value?.trim() || null;

/** Adds an endpoint with a new secret, answered here only. */
export async function createWebhook(
  db: Db,
  actor: WebhookActor,
  form: WebhookForm,
): Promise<{ webhook: WebhookView; secret: string }> {
  const url = await checkWebhookUrl(form.url, actor.allowPrivateUrls);
  const secret = newWebhookSecret();
  return db.sequelize.transaction(async (transaction) => {
    const row = await selectOne<EndpointRow>(
      db,
      `INSERT INTO webhook_endpoints AS e (organization_id, url, description, events, secret, is_active)
       VALUES ($1, $2, $3, $4::text[], $5, $6)
       RETURNING ${ENDPOINT_COLUMNS}`,
      [
        actor.scope.organizationId,
        url,
        cleanDescription(form.description),
        form.events,
        secret,
        form.is_active ?? true,
      ],
      transaction,
    );
    await auditEndpoint(db, actor, row!.id, 'create', transaction, { url, events: form.events });
    return { webhook: presentWebhook(row!), secret };
  });
}

/** Replaces the URL, description, events and (when given) whether it is active; the secret stays. */
export async function updateWebhook(
  db: Db,
  actor: WebhookActor,
  id: string,
  form: WebhookForm,
): Promise<WebhookView> {
  const url = await checkWebhookUrl(form.url, actor.allowPrivateUrls);
  return db.sequelize.transaction(async (transaction) => {
    const before = await lockEndpoint(db, actor.scope.organizationId, id, transaction);
    const row = await selectOne<EndpointRow>(
      db,
      `UPDATE webhook_endpoints e SET url = $3, description = $4, events = $5::text[], is_active = $6, updated_at = now()
        WHERE e.organization_id = $1 AND e.id = $2
        RETURNING ${ENDPOINT_COLUMNS}`,
      [
        actor.scope.organizationId,
        id,
        url,
        cleanDescription(form.description),
        form.events,
        form.is_active ?? before.is_active,
      ],
      transaction,
    );
    await auditEndpoint(db, actor, id, 'update', transaction, {
      url,
      events: form.events,
      is_active: row!.is_active,
    });
    return presentWebhook(row!);
  });
}

export async function deleteWebhook(db: Db, actor: AdminActor, id: string): Promise<void> {
  await db.sequelize.transaction(async (transaction) => {
    const before = await lockEndpoint(db, actor.scope.organizationId, id, transaction);
    await execute(
      db,
      'DELETE FROM webhook_endpoints WHERE organization_id = $1 AND id = $2',
      [actor.scope.organizationId, id],
      transaction,
    );
    await auditEndpoint(db, actor, id, 'delete', transaction, { url: before.url });
  });
}

/** A new secret for the endpoint, answered here only; every later attempt is signed with it. */
export async function rotateWebhookSecret(
  db: Db,
  actor: AdminActor,
  id: string,
): Promise<{ webhook: WebhookView; secret: string }> {
  const secret = newWebhookSecret();
  return db.sequelize.transaction(async (transaction) => {
    await lockEndpoint(db, actor.scope.organizationId, id, transaction);
    const row = await selectOne<EndpointRow>(
      db,
      `UPDATE webhook_endpoints e SET secret = $3, updated_at = now()
        WHERE e.organization_id = $1 AND e.id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
      [actor.scope.organizationId, id, secret],
      transaction,
    );
    await auditEndpoint(db, actor, id, 'rotate_secret', transaction);
    return { webhook: presentWebhook(row!), secret };
  });
}

async function deliveryById(db: Db, organizationId: string, id: string, transaction?: Transaction) {
  const row = await selectOne<DeliveryRow>(
    db,
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.organization_id = $1 AND d.id = $2`,
    [organizationId, id],
    transaction,
  );
  if (!row) throw new NotFound('Delivery');
  return row;
}

/** Queues a `webhook.test` event to the endpoint (active or not) and answers its delivery. */
export async function testWebhook(db: Db, actor: AdminActor, id: string): Promise<WebhookDeliveryView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    await lockEndpoint(db, organizationId, id, transaction);
    const eventId = randomUUID();
    const payload = {
      id: eventId,
      type: 'webhook.test',
      created_at: new Date().toISOString(),
      organization_id: organizationId,
      data: { webhook_id: id },
    };
    const row = await selectOne<{ id: string }>(
      db,
      `INSERT INTO webhook_deliveries (organization_id, endpoint_id, event_id, event_type, payload)
       VALUES ($1, $2, $3, 'webhook.test', $4::jsonb) RETURNING id`,
      [organizationId, id, eventId, JSON.stringify(payload)],
      transaction,
    );
    return presentDelivery(await deliveryById(db, organizationId, row!.id, transaction));
  });
}

/** The same event to the same endpoint again, as a new delivery of the log. */
export async function redeliverWebhookDelivery(
  db: Db,
  actor: AdminActor,
  id: string,
): Promise<WebhookDeliveryView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const row = await selectOne<{ id: string }>(
      db,
      `INSERT INTO webhook_deliveries (organization_id, endpoint_id, event_id, event_type, payload, redelivery_of)
       SELECT organization_id, endpoint_id, event_id, event_type, payload, id
         FROM webhook_deliveries WHERE organization_id = $1 AND id = $2
       RETURNING id`,
      [organizationId, id],
      transaction,
    );
    if (!row) throw new NotFound('Delivery');
    return presentDelivery(await deliveryById(db, organizationId, row.id, transaction));
  });
}

/** The endpoint's delivery log, newest first. */
export async function listWebhookDeliveries(
  db: Db,
  organizationId: string,
  id: string,
  page: { limit?: number; offset?: number },
): Promise<{ deliveries: WebhookDeliveryView[]; pagination: Pagination }> {
  const limit = page.limit ?? 10;
  const offset = page.offset ?? 0;
  await getWebhook(db, organizationId, id);
  const [rows, count] = await Promise.all([
    select<DeliveryRow>(
      db,
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d
        WHERE d.organization_id = $1 AND d.endpoint_id = $2
        ORDER BY d.created_at DESC, d.id DESC LIMIT $3 OFFSET $4`,
      [organizationId, id, limit, offset],
    ),
    selectOne<{ n: number }>(
      db,
      'SELECT count(*)::int AS n FROM webhook_deliveries WHERE organization_id = $1 AND endpoint_id = $2',
      [organizationId, id],
    ),
  ]);
  return { deliveries: rows.map(presentDelivery), pagination: { limit, offset, total: count?.n ?? 0 } };
}
