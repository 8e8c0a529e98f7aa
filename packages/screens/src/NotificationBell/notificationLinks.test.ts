import type { Schemas } from '@purchasing/api-client';
import { describe, expect, it } from 'vitest';
import type { Hrefs } from '../PurchasingProvider';
import { notificationHref } from './notificationLinks';

const hrefs = {
  approvalReview: (id: string) => `/approvals/${id}`,
  requisitionDetail: (id: string) => `/requisitions/${id}`,
  purchaseOrderDetail: (id: string) => `/purchase-orders/${id}`,
} as unknown as Hrefs;

const note = (kind: Schemas['NotificationKind']): Schemas['Notification'] => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind,
  message: 'REQ-2026-00001 …',
  subject_type: 'requisition',
  subject_id: 'r1',
  requisition_id: 'r1',
  read_at: null,
  created_at: '2026-11-27T10:00:00.000Z',
});

describe('notificationHref', () => {
  it('leads a reminder to the review, an escalation to the requisition', () => {
    expect(notificationHref(hrefs, note('reminder'))).toBe('/approvals/r1');
    expect(notificationHref(hrefs, note('escalation'))).toBe('/requisitions/r1');
  });
});
