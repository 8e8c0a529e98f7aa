import { describe, expect, it } from 'vitest';
import { DemoClock } from './clock.js';
import type { WorkflowEventFixture } from './types.js';
import { replayWorkflow } from './workflow.js';

const clock = new DemoClock(new Date('2025-06-18T09:30:00Z'));
const created = clock.ago(10);
const toMark = { level: 1, approver: { user: 'mark@x.test' } };

describe('replaying a demo requisition history', () => {
  it.each<[string, WorkflowEventFixture[], string, number]>([
    ['leaves a requisition without events a draft', [], 'draft', 0],
    ['leaves one submitted without an open step submitted', [{ kind: 'submit', daysAgo: 9 }], 'submitted', 0],
    [
      'puts one submitted to an approver under review',
      [{ kind: 'submit', daysAgo: 9, open: toMark }],
      'under_review',
      1,
    ],
    [
      'approves one whose last open step is approved',
      [
        { kind: 'submit', daysAgo: 9, open: toMark },
        { kind: 'decide', daysAgo: 8, action: 'approve', by: 'mark@x.test' },
      ],
      'approved',
      1,
    ],
    [
      'keeps one under review while an approval opens the next level',
      [
        { kind: 'submit', daysAgo: 9, open: toMark },
        {
          kind: 'decide',
          daysAgo: 8,
          action: 'approve',
          by: 'mark@x.test',
          next: { level: 2, approver: { group: 'Finance Manager' } },
        },
      ],
      'under_review',
      2,
    ],
    [
      'rejects',
      [
        { kind: 'submit', daysAgo: 9, open: toMark },
        { kind: 'decide', daysAgo: 8, action: 'reject', by: 'mark@x.test', comments: 'No.' },
      ],
      'rejected',
      1,
    ],
    [
      'cancels after information was requested',
      [
        { kind: 'submit', daysAgo: 9, open: toMark },
        { kind: 'decide', daysAgo: 8, action: 'request_info', by: 'mark@x.test', comments: 'Why?' },
        { kind: 'cancel', daysAgo: 7, by: 'uma@x.test' },
      ],
      'cancelled',
      1,
    ],
  ])('%s', (_name, events, status, steps) => {
    const replayed = replayWorkflow(clock, 'uma@x.test', created, events);
    expect(replayed.status).toBe(status);
    expect(replayed.steps).toHaveLength(steps);
    expect(replayed.steps.filter((step) => step.action === null)).toHaveLength(
      status === 'under_review' ? 1 : 0,
    );
    // One audit entry per event after the creation, ending in the status reached.
    expect(replayed.audits).toHaveLength(events.length + 1);
    expect(replayed.audits.at(-1)?.to).toBe(status);
  });

  it('stamps each status reached and dates the requisition by its last change', () => {
    const replayed = replayWorkflow(clock, 'uma@x.test', created, [
      { kind: 'submit', daysAgo: 9, open: toMark },
      {
        kind: 'decide',
        daysAgo: 8,
        action: 'approve',
        by: 'mark@x.test',
        passes: [{ level: 2, approver: 'mark@x.test', reason: 'already_approved', comments: 'Passed.' }],
      },
    ]);
    expect(replayed.stamps).toEqual({ submitted_at: clock.ago(9), approved_at: clock.ago(8) });
    expect(replayed.lastAt).toEqual(clock.ago(8));
    expect(replayed.steps.map((step) => [step.approval_level, step.action, step.actioned_by])).toEqual([
      [1, 'approve', 'mark@x.test'],
      [2, 'auto_approve', null],
    ]);
    expect(replayed.audits.at(-1)?.metadata).toEqual({ approval_level: 1 });
  });

  it('refuses a decision without an open step', () => {
    expect(() =>
      replayWorkflow(clock, 'uma@x.test', created, [
        { kind: 'decide', daysAgo: 8, action: 'approve', by: 'mark@x.test' },
      ]),
    ).toThrow(/without an open step/);
  });
});
