import type { components } from '@purchasing/contract';

/** A kind of notification (`NotificationKind` of the contract). */
export type NotificationKind = components['schemas']['NotificationKind'];
type Preferences = components['schemas']['NotificationPreferences'];

/**
 * Every kind, in the order screens list them. Adding one (escalation) means: the contract's enum and
 * `NotificationPreferences.kinds`, this list, and the place that writes it.
 */
export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'approval_requested',
  'step_delegated',
  'requisition_approved',
  'requisition_rejected',
  'requisition_info_requested',
  'order_received',
  'reminder',
  'escalation',
];

/** The channels of a kind the member has not chosen: everything on. */
const DEFAULT_CHANNELS = { in_app: true, email: true } as const;

/**
 * A member's preferences from the stored choices (`kinds` jsonb, possibly partial or absent): every
 * kind present, a missing choice on (the default), no digest unless chosen.
 */
export function preferencesOf(stored: { kinds?: unknown; daily_digest?: boolean } | null): Preferences {
  const kinds = (stored?.kinds ?? {}) as Record<string, Partial<{ in_app: boolean; email: boolean }>>;
  const out = {} as Preferences['kinds'];
  for (const kind of NOTIFICATION_KINDS) {
    out[kind] = {
      in_app: kinds[kind]?.in_app ?? DEFAULT_CHANNELS.in_app,
      email: kinds[kind]?.email ?? DEFAULT_CHANNELS.email,
    };
  }
  return { kinds: out, daily_digest: stored?.daily_digest ?? false };
}

/** SQL: whether member `p` (a LEFT JOINed `notification_preferences` row) wants `$kind` on `channel`. */
export function wantsSql(channel: 'in_app' | 'email', kindParam: string, alias = 'p'): string {
  return `COALESCE((${alias}.kinds -> ${kindParam}::text ->> '${channel}')::boolean, true)`;
}
