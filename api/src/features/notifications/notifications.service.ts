import type { components } from '@purchasing/contract';
import { validationError } from '../../contract/validation.js';
import { execute, select, selectOne } from '../../db-query.js';
import { NotFound } from '../../domain/errors.js';
import { NOTIFICATION_KINDS, preferencesOf } from '../../domain/notification-kinds.js';
import type { Db } from '../../http/context.js';
import type { Actor } from '../requisitions/requisitions.service.js';
import { markRead } from './notify.js';

type NotificationView = components['schemas']['Notification'];
type NotificationPage = components['schemas']['NotificationPage'];
type NotificationCount = components['schemas']['NotificationCount'];
type Preferences = components['schemas']['NotificationPreferences'];

interface StoredNotification {
  id: string;
  kind: NotificationView['kind'];
  message: string;
  subject_type: NotificationView['subject_type'];
  subject_id: string;
  requisition_id: string;
  read_at: Date | null;
  created_at: Date;
  /** The instant to the microsecond, for the cursor (a Date keeps milliseconds only). */
  at: string;
}

const COLUMNS = `n.id, n.kind, n.message, n.subject_type, n.subject_id, n.requisition_id, n.read_at, n.created_at,
                 to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at`;

function present(row: StoredNotification): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    requisition_id: row.requisition_id,
    read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The keyset cursor of a row: its instant and id, base64url. */
const cursorOf = (row: StoredNotification) => Buffer.from(`${row.at}|${row.id}`).toString('base64url');

function parseCursor(cursor: string): { at: string; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!at || !id || !INSTANT.test(at) || !UUID.test(id)) {
    throw validationError([{ field: 'cursor', message: 'The cursor is not one this list gave.' }]);
  }
  return { at, id };
}

/** The caller's notifications in the organisation, newest first, a keyset page at a time. */
export async function listNotifications(
  db: Db,
  actor: Actor,
  query: { unread_only?: boolean; limit?: number; cursor?: string },
): Promise<NotificationPage> {
  const limit = query.limit ?? 20;
  const after = query.cursor ? parseCursor(query.cursor) : null;
  const rows = await select<StoredNotification>(
    db,
    `SELECT ${COLUMNS} FROM notifications n
      WHERE n.organization_id = $1 AND n.user_id = $2 AND (NOT $3::boolean OR n.read_at IS NULL)
        AND ($4::timestamptz IS NULL OR (n.created_at, n.id) < ($4::timestamptz, $5::uuid))
      ORDER BY n.created_at DESC, n.id DESC LIMIT $6`,
    [
      actor.scope.organizationId,
      actor.userId,
      query.unread_only ?? false,
      after?.at ?? null,
      after?.id ?? null,
      limit + 1,
    ],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const { unread_count } = await unreadCount(db, actor);
  return {
    notifications: page.map(present),
    next_cursor: rows.length > limit && last ? cursorOf(last) : null,
    unread_count,
  };
}

/**
 * The caller's unread count and the instant of their newest notification, with an entity tag that
 * changes whenever either does: a new notification moves the instant, a read lowers the count.
 */
export async function unreadCount(db: Db, actor: Actor): Promise<NotificationCount & { etag: string }> {
  const row = await selectOne<{ unread: string; latest: string | null; latest_id: string | null }>(
    db,
    // Polled every 30 s by every signed-in screen: the count reads the unread rows only (partial index
    // notifications_unread_idx) and the newest row is one step of notifications_user_idx, so the cost
    // does not grow with the notifications a user has read.
    `SELECT (SELECT count(*) FROM notifications
              WHERE organization_id = $1 AND user_id = $2 AND read_at IS NULL) AS unread,
            to_char(latest.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS latest,
            latest.id::text AS latest_id
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (SELECT created_at, id FROM notifications
                           WHERE organization_id = $1 AND user_id = $2
                           ORDER BY created_at DESC, id DESC LIMIT 1) latest ON true`,
    [actor.scope.organizationId, actor.userId],
  );
  const unread = Number(row?.unread ?? 0);
  const latest = row?.latest ?? null;
  return {
    unread_count: unread,
    latest_at: latest ? new Date(latest).toISOString() : null,
    etag: `${unread}-${latest ?? 'none'}-${row?.latest_id ?? ''}`,
  };
}

/** Marks one of the caller's notifications read; anyone else's (or unknown) is 404. */
export async function markNotificationRead(db: Db, actor: Actor, id: string): Promise<NotificationView> {
  return db.sequelize.transaction(async (transaction) => {
    const found = await selectOne<{ id: string }>(
      db,
      'SELECT id FROM notifications WHERE organization_id = $1 AND user_id = $2 AND id = $3 FOR UPDATE',
      [actor.scope.organizationId, actor.userId, id],
      transaction,
    );
    if (!found) throw new NotFound('Notification not found');
    await markRead(db, actor.scope.organizationId, actor.userId, id, transaction);
    const row = await selectOne<StoredNotification>(
      db,
      `SELECT ${COLUMNS} FROM notifications n WHERE n.organization_id = $1 AND n.id = $2`,
      [actor.scope.organizationId, id],
      transaction,
    );
    if (!row) throw new NotFound('Notification not found');
    return present(row);
  });
}

/** Marks every unread notification of the caller in the organisation read; answers how many. */
export async function markAllNotificationsRead(db: Db, actor: Actor): Promise<number> {
  return markRead(db, actor.scope.organizationId, actor.userId, null);
}

/** The caller's preferences (defaults where they have not chosen). */
export async function getNotificationPreferences(db: Db, actor: Actor): Promise<Preferences> {
  const row = await selectOne<{ kinds: unknown; daily_digest: boolean }>(
    db,
    'SELECT kinds, daily_digest FROM notification_preferences WHERE organization_id = $1 AND user_id = $2',
    [actor.scope.organizationId, actor.userId],
  );
  return preferencesOf(row);
}

/** Replaces the caller's preferences (the contract has validated every kind and channel). */
export async function updateNotificationPreferences(
  db: Db,
  actor: Actor,
  input: Preferences,
): Promise<Preferences> {
  const kinds: Record<string, { in_app: boolean; email: boolean }> = {};
  // A kind a client does not send (one added after it was built: reminder, escalation) keeps its choice.
  for (const kind of NOTIFICATION_KINDS) {
    const channels = input.kinds[kind];
    if (channels) kinds[kind] = channels;
  }
  await execute(
    db,
    `INSERT INTO notification_preferences (organization_id, user_id, kinds, daily_digest)
     VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (organization_id, user_id)
     DO UPDATE SET kinds = notification_preferences.kinds || EXCLUDED.kinds, daily_digest = EXCLUDED.daily_digest, updated_at = now()`,
    [actor.scope.organizationId, actor.userId, JSON.stringify(kinds), input.daily_digest],
  );
  return getNotificationPreferences(db, actor);
}
