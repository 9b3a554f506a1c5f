import { describe, expect, it } from 'vitest';
import {
  ACTIVE_DRIVER_STATUSES,
  conversionRate,
  NON_REVENUE_LOAD_STATUSES,
  onTimeOf,
  onTimeRate,
  OPEN_LOAD_STATUSES,
  REVENUE_LOAD_STATUSES,
} from './figures.js';

describe('the figures', () => {
  it('revenue counts every status but cancelled; the two lists cover every status once', () => {
    expect(REVENUE_LOAD_STATUSES).toEqual(['pending', 'assigned', 'picked', 'in_transit', 'delivered']);
    expect(NON_REVENUE_LOAD_STATUSES).toEqual(['cancelled']);
    expect(OPEN_LOAD_STATUSES).toEqual(['pending', 'assigned', 'picked', 'in_transit']);
    expect(ACTIVE_DRIVER_STATUSES).toEqual(['available', 'on_route']);
  });

  it('on time: delivered on or before the delivery date; overdue open loads are late; the rest are not judged', () => {
    const today = '2026-11-28';
    const load = (
      status: Parameters<typeof onTimeOf>[0]['status'],
      deliveryDate: string | null,
      statusUpdatedAt: string | null = null,
    ) => ({
      status,
      deliveryDate,
      statusUpdatedAt,
      createdAt: '2026-11-01T10:00:00Z',
    });
    expect(onTimeOf(load('delivered', '2026-11-20', '2026-11-20T23:59:00Z'), today)).toEqual({ judged: true, onTime: true });
    expect(onTimeOf(load('delivered', '2026-11-20', '2026-11-21T00:00:00Z'), today)).toEqual({ judged: true, onTime: false });
    expect(onTimeOf(load('delivered', '2026-11-02'), today)).toEqual({ judged: true, onTime: true });
    expect(onTimeOf(load('delivered', null, '2026-11-20T10:00:00Z'), today)).toEqual({ judged: false, onTime: false });
    expect(onTimeOf(load('in_transit', '2026-11-27'), today)).toEqual({ judged: true, onTime: false });
    expect(onTimeOf(load('pending', '2026-11-28'), today)).toEqual({ judged: false, onTime: false });
    expect(onTimeOf(load('cancelled', '2026-11-01'), today)).toEqual({ judged: false, onTime: false });
  });

  it('the on-time rate is rounded down: 100% only when every judged load was on time', () => {
    expect(onTimeRate(200, 201)).toBe(99);
    expect(onTimeRate(3, 6)).toBe(50);
    expect(onTimeRate(2, 3)).toBe(66);
    expect(onTimeRate(5, 5)).toBe(100);
    expect(onTimeRate(0, 0)).toBeNull();
  });

  it('the conversion rate divides the active drivers by the drivers onboarded, never above 100', () => {
    expect(conversionRate(3, 4)).toBe(75);
    expect(conversionRate(2, 3)).toBe(67);
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(3, 2)).toBe(100);
  });
});
