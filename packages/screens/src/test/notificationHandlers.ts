/**
 * Typed MSW handlers for the bell: `createNotificationApi()` keeps its own in-memory notifications
 * and preferences of the signed-in user, so marking one read lowers the count on the next poll, and
 * answers the unread count with an entity tag (304 while unchanged), as the server does.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { http } from './handlers';

type Notification = Schemas['Notification'];
type Preferences = Schemas['NotificationPreferences'];

/** The moment the stories and tests pin the bell's clock to. */
export const NOTIFICATION_NOW = new Date('2026-11-27T18:30:00.000Z');

const id = (n: number) => `00000000-0000-4000-8000-${String(9000 + n).padStart(12, '0')}`;
const requisitionId = (n: number) => `00000000-0000-4000-8000-${String(9100 + n).padStart(12, '0')}`;

/** Three notifications: two unread (a decision awaited, a delegation), one read (an approval). */
export function sampleNotifications(): Notification[] {
  return [
    {
      id: id(1),
      kind: 'approval_requested',
      message: 'REQ-2026-00012 from Sarah Lee awaits your decision (Manager Approval).',
      subject_type: 'requisition',
      subject_id: requisitionId(1),
      requisition_id: requisitionId(1),
      read_at: null,
      created_at: '2026-11-27T18:25:00.000Z',
    },
    {
      id: id(2),
      kind: 'step_delegated',
      message: 'REQ-2026-00009 from Tom Baker was delegated to you (Department Head Approval).',
      subject_type: 'requisition',
      subject_id: requisitionId(2),
      requisition_id: requisitionId(2),
      read_at: null,
      created_at: '2026-11-27T15:10:00.000Z',
    },
    {
      id: id(3),
      kind: 'requisition_approved',
      message: 'Your requisition REQ-2026-00004 was approved.',
      subject_type: 'requisition',
      subject_id: requisitionId(3),
      requisition_id: requisitionId(3),
      read_at: '2026-11-26T10:00:00.000Z',
      created_at: '2026-11-26T09:00:00.000Z',
    },
  ];
}

/**
 * `count` notifications of a busy user, newest first a minute apart from {@link NOTIFICATION_NOW},
 * the first `unread` of them unread: enough for several pages of the notifications page.
 */
export function manyNotifications(count: number, unread = 3): Notification[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      id: id(100 + n),
      kind: 'approval_requested' as const,
      message: `REQ-2026-${String(1000 + n).padStart(5, '0')} from Sarah Lee awaits your decision (Manager Approval).`,
      subject_type: 'requisition' as const,
      subject_id: requisitionId(100 + n),
      requisition_id: requisitionId(100 + n),
      read_at: index < unread ? null : '2026-11-20T10:00:00.000Z',
      created_at: new Date(NOTIFICATION_NOW.getTime() - n * 60_000).toISOString(),
    };
  });
}

/** Everything on, no digest (the server's default). */
export function defaultNotificationPreferences(): Preferences {
  const on = { in_app: true, email: true };
  return {
    kinds: {
      approval_requested: { ...on },
      step_delegated: { ...on },
      requisition_approved: { ...on },
      requisition_rejected: { ...on },
      requisition_info_requested: { ...on },
      order_received: { ...on },
      reminder: { ...on },
      escalation: { ...on },
    },
    daily_digest: false,
  };
}

/** A stateful notification API; `saved` holds every preferences body received. */
export function createNotificationApi(
  options: { notifications?: Notification[]; failList?: boolean; loading?: boolean } = {},
) {
  const items = options.notifications ?? sampleNotifications();
  let preferences = defaultNotificationPreferences();
  const saved: Preferences[] = [];
  const unread = () => items.filter((n) => !n.read_at).length;
  const tag = () => `"${unread()}-${items[0]?.created_at ?? 'none'}-${items.length}"`;
  const handlers = [
    http.get('/notifications/unread-count', ({ request, response }) => {
      if (request.headers.get('If-None-Match') === tag()) return response(304).empty();
      return response(200).json(
        { unread_count: unread(), latest_at: items[0]?.created_at ?? null },
        { headers: { ETag: tag() } },
      );
    }),
    http.get('/notifications', async ({ request, response }) => {
      if (options.loading) await delay('infinite');
      if (options.failList)
        return response(500).json({ message: 'Something went wrong', code: 'INTERNAL_ERROR', details: [] });
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const rows = url.searchParams.get('unread_only') === 'true' ? items.filter((n) => !n.read_at) : items;
      // The cursor names the last row of the previous page (the server's is its instant and id).
      const cursor = url.searchParams.get('cursor');
      const start = cursor === null ? 0 : rows.findIndex((n) => n.id === cursor) + 1;
      const page = rows.slice(start, start + limit);
      const last = page[page.length - 1];
      return response(200).json({
        notifications: page,
        next_cursor: start + limit < rows.length && last ? last.id : null,
        unread_count: unread(),
      });
    }),
    http.post('/notifications/{id}/read', ({ params, response }) => {
      const found = items.find((n) => n.id === params.id);
      if (!found)
        return response(404).json({ message: 'Notification not found', code: 'NOT_FOUND', details: [] });
      found.read_at ??= NOTIFICATION_NOW.toISOString();
      return response(200).json({ notification: found });
    }),
    http.post('/notifications/read-all', ({ response }) => {
      const marked = unread();
      for (const n of items) n.read_at ??= NOTIFICATION_NOW.toISOString();
      return response(200).json({ marked });
    }),
    http.get('/users/me/notification-preferences', ({ response }) => response(200).json(preferences)),
    http.put('/users/me/notification-preferences', async ({ request, response }) => {
      preferences = (await request.json()) as Preferences;
      saved.push(preferences);
      return response(200).json(preferences);
    }),
  ];
  return { handlers, items, saved };
}

/** The default bell: nothing unread (so screens' own tests see a quiet header). */
export function notificationHandlers() {
  return createNotificationApi({ notifications: [] }).handlers;
}
