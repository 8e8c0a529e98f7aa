import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain/errors.js';
import {
  calendarDay,
  isFutureDate,
  isPastDate,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
  transition,
} from './po-rules.js';

describe('transition', () => {
  it.each<[PurchaseOrderAction, PurchaseOrderStatus, PurchaseOrderStatus]>([
    ['update', 'draft', 'draft'],
    ['send', 'draft', 'sent'],
    ['receive', 'sent', 'received'],
    ['cancel', 'draft', 'cancelled'],
    ['cancel', 'sent', 'cancelled'],
  ])('allows %s on a %s order, which becomes %s', (action, from, to) => {
    expect(transition(action, from)).toBe(to);
  });

  it.each<[PurchaseOrderAction, PurchaseOrderStatus, string]>([
    ['update', 'sent', 'Only draft purchase orders can be edited. This one is sent.'],
    ['update', 'received', 'Only draft purchase orders can be edited. This one is received.'],
    ['update', 'cancelled', 'Only draft purchase orders can be edited. This one is cancelled.'],
    ['send', 'sent', 'Only draft purchase orders can be sent to the vendor. This one is sent.'],
    ['send', 'received', 'Only draft purchase orders can be sent to the vendor. This one is received.'],
    ['send', 'cancelled', 'Only draft purchase orders can be sent to the vendor. This one is cancelled.'],
    ['receive', 'draft', 'Only sent purchase orders can be marked as received. This one is draft.'],
    ['receive', 'received', 'Only sent purchase orders can be marked as received. This one is received.'],
    ['receive', 'cancelled', 'Only sent purchase orders can be marked as received. This one is cancelled.'],
    ['cancel', 'received', 'Only draft or sent purchase orders can be cancelled. This one is received.'],
    ['cancel', 'cancelled', 'Only draft or sent purchase orders can be cancelled. This one is cancelled.'],
  ])('refuses %s on a %s order with 409 naming the status', (action, from, message) => {
    let error: unknown;
    try {
      transition(action, from);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect((error as DomainError).message).toBe(message);
  });
});

describe('calendar dates without the user’s time zone', () => {
  it.each([
    ['2026-11-21T05:00:00Z', -12, '2026-11-20'],
    ['2026-11-21T12:00:00Z', -12, '2026-11-21'],
    ['2026-11-21T09:59:59Z', 14, '2026-11-21'],
    ['2026-11-21T10:00:00Z', 14, '2026-11-22'],
    ['2026-12-31T23:00:00Z', 0, '2026-12-31'],
  ])('places %s at UTC%+i on %s', (instant, offset, day) => {
    expect(calendarDay(new Date(instant), offset)).toBe(day);
  });

  it.each([
    // At 05:00 UTC it is still the 20th west of UTC−5, so the 20th is not past yet.
    ['2026-11-20', '2026-11-21T05:00:00Z', false],
    ['2026-11-19', '2026-11-21T05:00:00Z', true],
    ['2026-11-20', '2026-11-21T12:00:00Z', true],
    ['2026-11-21', '2026-11-21T23:59:59Z', false],
    ['2027-01-01', '2026-11-21T12:00:00Z', false],
  ])('judges %s past at %s: %s', (date, now, past) => {
    expect(isPastDate(date, new Date(now))).toBe(past);
  });

  it.each([
    // At 12:00 UTC the 22nd has begun in Kiribati (UTC+14), so it is not future any more.
    ['2026-11-22', '2026-11-21T12:00:00Z', false],
    ['2026-11-22', '2026-11-21T09:00:00Z', true],
    ['2026-11-23', '2026-11-21T12:00:00Z', true],
    ['2026-11-21', '2026-11-21T00:00:00Z', false],
    ['2025-01-01', '2026-11-21T00:00:00Z', false],
  ])('judges %s future at %s: %s', (date, now, future) => {
    expect(isFutureDate(date, new Date(now))).toBe(future);
  });
});
