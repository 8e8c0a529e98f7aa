import type { Schemas } from '@purchasing/api-client';
import type { BadgeColor } from '@purchasing/ui';

/** The titles of the default policy's levels (document 1 §4 "Workflow levels"). */
export const APPROVAL_LEVEL_TITLES: Readonly<Record<number, string>> = {
  1: 'Manager Approval',
  2: 'Department Head Approval',
  3: 'Finance Manager Approval',
  4: 'General Manager Approval',
};

/** The levels the queue can be filtered by (the contract's `level[]` accepts 1 to 4). */
export const APPROVAL_LEVELS = [1, 2, 3, 4] as const;

/** The title of an approval level: the policy's name, or 'Level N Approval' beyond the fourth. */
export function approvalLevelTitle(level: number): string {
  return APPROVAL_LEVEL_TITLES[level] ?? `Level ${level} Approval`;
}

/** How a decided step reads in the queue, and its badge colour. */
export const approvalActionBadges = {
  approve: { label: 'Approved', color: 'green' },
  auto_approve: { label: 'Auto-approved', color: 'teal' },
  reject: { label: 'Rejected', color: 'red' },
  request_info: { label: 'Information requested', color: 'orange' },
  delegate: { label: 'Delegated', color: 'blue' },
} as const satisfies Record<Schemas['ApprovalAction'], { label: string; color: BadgeColor }>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since `since` (never negative), for the days-pending badge. */
export function daysSince(since: string, now: Date = new Date()): number {
  const elapsed = now.getTime() - new Date(since).getTime();
  return Number.isFinite(elapsed) ? Math.max(0, Math.floor(elapsed / DAY_MS)) : 0;
}

const dateFormat = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-AU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A date for reading ('16 Nov 2026'). A bare `yyyy-MM-dd` (a delivery date) is a calendar day, so it
 * is read in local time rather than as UTC midnight, which would show the day before west of Greenwich.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(day.getTime()) ? value : dateFormat.format(day);
}

/** A moment for reading ('16 Nov 2026, 9:00 am'). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? value : dateTimeFormat.format(moment);
}

/** 'standard' → 'Standard'. */
export function categoryLabel(category: string): string {
  return category.charAt(0).toUpperCase() + category.slice(1).replaceAll('_', ' ');
}

/** A cost centre or GL account as lists show it: 'code - name'. */
export function codeAndName(entry: { code: string; name: string } | null | undefined): string {
  return entry ? `${entry.code} - ${entry.name}` : '';
}

/** 'Uma Patel'. */
export function fullName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}
