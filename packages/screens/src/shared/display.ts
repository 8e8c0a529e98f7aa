/**
 * How requisitions and approvals read on every screen: labels of categories, statuses, levels and
 * actions, and names of people and accounts.
 */
import type { Schemas } from '@purchasing/api-client';
import { type BadgeColor, requisitionStatusBadges } from '@purchasing/ui';

type RequisitionCategory = Schemas['RequisitionCategory'];

/**
 * A list's total as headings and messages show it: grouped ('1,234'), and followed by '+' when the
 * server stopped counting (`pagination.total_capped`), so a huge list reads '10,000+'.
 */
export function formatTotal(total: number, capped = false): string {
  return `${total.toLocaleString('en-AU')}${capped ? '+' : ''}`;
}

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
  request_info: { label: requisitionStatusBadges.info_requested.label, color: 'orange' },
  delegate: { label: 'Delegated', color: 'blue' },
} as const satisfies Record<Schemas['ApprovalAction'], { label: string; color: BadgeColor }>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since `since` (never negative), for the days-pending badge. */
export function daysSince(since: string, now: Date = new Date()): number {
  const elapsed = now.getTime() - new Date(since).getTime();
  return Number.isFinite(elapsed) ? Math.max(0, Math.floor(elapsed / DAY_MS)) : 0;
}

/** A cost centre or GL account as lists show it: 'code - name'. */
export function codeAndName(entry: { code: string; name: string } | null | undefined): string {
  return entry ? `${entry.code} - ${entry.name}` : '';
}

/** 'Uma Patel'. */
export function fullName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}

/** The requisition categories and how they read (document 1 §5). */
export const REQUISITION_CATEGORY_LABELS = {
  standard: 'Standard',
  freight: 'Freight',
  maintenance: 'Maintenance',
  utilities: 'Utilities',
  services: 'Services',
  capital: 'Capital',
} as const satisfies Record<RequisitionCategory, string>;

/** The readable label of a category ('maintenance' → 'Maintenance'); an unknown one is shown as sent. */
export function categoryLabel(category: string): string {
  const labels: Record<string, string> = REQUISITION_CATEGORY_LABELS;
  return Object.hasOwn(labels, category) ? (labels[category] ?? category) : category;
}

/** The readable label of a status ('under_review' → 'Under Review'); an unknown one is shown as sent. */
export function statusLabel(status: string): string {
  const badges: Record<string, { label: string }> = requisitionStatusBadges;
  return Object.hasOwn(badges, status) ? (badges[status]?.label ?? status) : status;
}
