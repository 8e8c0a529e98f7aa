import type { ErrorDetail } from './errors.js';

/**
 * Out-of-office rules (issue 15 item 4, docs/decisions.md "Out of office"), pure: the period's checks
 * and the words of the history entries. The database work is in api/src/features/absences/.
 */

export interface AbsencePeriod {
  startsAt: Date;
  endsAt: Date;
}

/** The problems of a period set at `now`, each naming its field (none: it is fine). */
export function periodProblems(period: AbsencePeriod, now: Date): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (period.endsAt.getTime() <= period.startsAt.getTime()) {
    problems.push({ field: 'ends_at', message: 'The end must be after the start.' });
  } else if (period.endsAt.getTime() <= now.getTime()) {
    problems.push({ field: 'ends_at', message: 'The end must be in the future.' });
  }
  return problems;
}

/** Whether two periods share an instant (an absence ending when the next one starts does not). */
export function overlaps(a: AbsencePeriod, b: AbsencePeriod): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/** A moment as the history says it: `2026-12-14 09:00 UTC`. */
export function historyTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The history entry of a step handed to the delegate (when it opens, or when the absence starts). */
export function delegatedWords(delegateName: string, absentName: string, endsAt: Date): string {
  return `Delegated to ${delegateName}: ${absentName} is out of office until ${historyTime(endsAt)}.`;
}

const RETURN_REASONS = {
  ended: 'out of office ended',
  cancelled: 'out of office cancelled',
  changed: 'out of office delegate changed',
} as const;

/** The history entry of a step given back when the absence ends, is cancelled or gets a new delegate. */
export function returnedWords(absentName: string, reason: keyof typeof RETURN_REASONS): string {
  return `Back to ${absentName}: ${RETURN_REASONS[reason]}.`;
}

/** Why the delegate does not receive a step; null when they may (DECISIONS §4). */
export function delegateRefusal(facts: {
  delegateId: string;
  requestorId: string;
  approvedBy: readonly string[];
  delegateCanApprove: boolean;
}): 'requestor' | 'decided_a_level' | 'not_an_approver' | null {
  if (!facts.delegateCanApprove) return 'not_an_approver';
  if (facts.delegateId === facts.requestorId) return 'requestor';
  if (facts.approvedBy.includes(facts.delegateId)) return 'decided_a_level';
  return null;
}
