import { historyTime } from './absence.js';

/**
 * The words of reminders and escalations (docs/decisions.md "Reminders and escalation"), as the
 * requisition's history and the notifications say them, times in UTC like the out-of-office entries.
 */

/** History: the holder of a step was reminded. */
export const reminderWords = (holder: string, dueAt: Date) =>
  `Reminder sent to ${holder}: due ${historyTime(dueAt)}.`;

/** History (the closed step's comment): the step went to the approver's manager. */
export const escalatedWords = (manager: string, dueAt: Date) =>
  `Escalated to ${manager}: overdue since ${historyTime(dueAt)}.`;

/** History: nobody to escalate to; the step stays and the group was told. */
export const stayedWords = (group: string, dueAt: Date) =>
  `Overdue since ${historyTime(dueAt)}: no manager to escalate to, ${group} told.`;

/** Why the approver's manager cannot take the step (DECISIONS §4), or null when they can. */
export function managerRefusal(facts: {
  managerId: string | null;
  holderId: string;
  requestorId: string;
  approvedBy: readonly string[];
  managerCanApprove: boolean;
}): 'no_manager' | 'is_requestor' | 'already_approved' | 'cannot_approve' | null {
  if (!facts.managerId || facts.managerId === facts.holderId) return 'no_manager';
  if (facts.managerId === facts.requestorId) return 'is_requestor';
  if (facts.approvedBy.includes(facts.managerId)) return 'already_approved';
  if (!facts.managerCanApprove) return 'cannot_approve';
  return null;
}
