/**
 * Replays a requisition's workflow events (fixtures) into what the database holds: its status, its
 * status timestamps, its approval steps and its audit entries, so they agree with each other and
 * with DECISIONS §3–4 the way the running application would have left them. Pure: people stay
 * emails here; the writer resolves them.
 */
import type { ApprovalAction, RequisitionStatus } from '../models/index.js';
import type { DemoClock } from './clock.js';
import type { ApproverFixture, Email, OpenStepFixture, WorkflowEventFixture } from './types.js';

/** An approval step as replayed. */
export interface ReplayedStep {
  round: number;
  approval_level: number;
  approver: ApproverFixture;
  action: ApprovalAction | null;
  comments: string | null;
  actioned_at: Date | null;
  actioned_by: Email | null;
  pass_reason: string | null;
  created_at: Date;
}

/** An audit entry as replayed (of the requisition, or of its purchase order). */
export interface ReplayedAudit {
  action: string;
  from: string | null;
  to: string | null;
  actor: Email | null;
  at: Date;
  comment?: string | null;
  metadata?: Record<string, unknown>;
}

/** The timestamps a requisition's statuses set. */
export type StatusStamps = Partial<
  Record<'submitted_at' | 'approved_at' | 'rejected_at' | 'cancelled_at', Date>
>;

/** Where a requisition's history left it. */
export interface ReplayedWorkflow {
  status: RequisitionStatus;
  stamps: StatusStamps;
  steps: ReplayedStep[];
  audits: ReplayedAudit[];
  /** The latest of its creation and its status timestamps (its updated_at). */
  lastAt: Date;
}

/** Replays `events` of a requisition `requestor` created at `createdAt`. */
export function replayWorkflow(
  clock: DemoClock,
  requestor: Email,
  createdAt: Date,
  events: readonly WorkflowEventFixture[],
): ReplayedWorkflow {
  const steps: ReplayedStep[] = [];
  const audits: ReplayedAudit[] = [
    { action: 'create', from: null, to: 'draft', actor: requestor, at: createdAt },
  ];
  const stamps: StatusStamps = {};
  let status: RequisitionStatus = 'draft';
  let round = 0;
  const openStep = ({ level, approver }: OpenStepFixture, at: Date) =>
    steps.push({
      round,
      approval_level: level,
      approver,
      action: null,
      comments: null,
      actioned_at: null,
      actioned_by: null,
      pass_reason: null,
      created_at: at,
    });

  for (const event of events) {
    const at = clock.ago(event.daysAgo);
    const from = status;
    if (event.kind === 'submit') {
      round += 1;
      status = event.open ? 'under_review' : 'submitted';
      stamps.submitted_at = at;
      audits.push({
        action: from === 'draft' ? 'submit' : 'resubmit',
        from,
        to: status,
        actor: requestor,
        at,
      });
      if (event.open) openStep(event.open, at);
    } else if (event.kind === 'decide') {
      const step = steps.find((candidate) => candidate.action === null);
      if (!step) throw new Error('demo fixtures: a decision without an open step');
      Object.assign(step, {
        action: event.action,
        comments: event.comments ?? null,
        actioned_at: at,
        actioned_by: event.by,
      });
      if (event.action === 'approve') {
        for (const pass of event.passes ?? []) {
          steps.push({
            round,
            approval_level: pass.level,
            approver: { user: pass.approver },
            action: 'auto_approve',
            comments: pass.comments,
            actioned_at: at,
            actioned_by: null,
            pass_reason: pass.reason,
            created_at: at,
          });
        }
        if (event.next) {
          openStep(event.next, at);
        } else {
          status = 'approved';
          stamps.approved_at = at;
        }
      } else if (event.action === 'reject') {
        status = 'rejected';
        stamps.rejected_at = at;
      } else {
        status = 'info_requested';
      }
      audits.push({
        action: event.action,
        from,
        to: status,
        actor: event.by,
        at,
        comment: event.comments ?? null,
        metadata: { approval_level: step.approval_level },
      });
    } else {
      status = 'cancelled';
      stamps.cancelled_at = at;
      audits.push({ action: 'cancel', from, to: status, actor: event.by, at });
    }
  }

  const lastAt = new Date(
    Math.max(createdAt.getTime(), ...Object.values(stamps).map((stamp) => stamp.getTime())),
  );
  return { status, stamps, steps, audits, lastAt };
}
