import { describe, expect, it } from 'vitest';
import type { PayProfile } from '#shared/schemas/settlements.js';
import { driversPay, formatRate, formatWeek, sameValue } from './settlement-rules';

const profile = (driverId: string, driverName: string, effectiveFrom: string, rate: string): PayProfile => ({
  id: `${driverId}-${effectiveFrom}`,
  driverId,
  driverName,
  effectiveFrom,
  driverType: 'company',
  carrierId: null,
  carrierName: null,
  payBasis: 'loaded_mile',
  rate,
  extraItems: [],
  createdByName: 'Tess Treasury',
  createdAt: `${effectiveFrom}T12:00:00.000Z`,
});

describe('settlement rules on the screen', () => {
  it('writes a rate with its unit, without zeros past the cents', () => {
    expect(formatRate('0.6250', 'loaded_mile')).toBe('$0.625/mi');
    expect(formatRate('0.6000', 'total_mile')).toBe('$0.60/mi');
    expect(formatRate('25.0000', 'line_haul_percent')).toBe('25.00%');
    expect(formatRate('250.00', 'flat')).toBe('$250.00/load');
    expect(formatRate('28.5000', 'hourly')).toBe('$28.50/h');
  });

  it("shows a week from its first to its last day, across a year's end too", () => {
    expect(formatWeek('2026-11-22', '2026-11-28')).toBe('Nov 22 – Nov 28, 2026');
    expect(formatWeek('2026-12-27', '2027-01-02')).toBe('Dec 27, 2026 – Jan 2, 2027');
  });

  it('reads "12.5" and "12.5000" as the same value, so an untouched field is not sent', () => {
    expect(sameValue('12.5000', '12.50')).toBe(true);
    expect(sameValue('100.0000', '100.00')).toBe(true);
    expect(sameValue('-40.00', '-40.00')).toBe(true);
    expect(sameValue('12.5100', '12.50')).toBe(false);
    expect(sameValue(null, null)).toBe(true);
    expect(sameValue(null, '1.00')).toBe(false);
    expect(sameValue('Stop pay', 'Stop pay')).toBe(true);
  });

  it("takes the version in effect as a driver's current pay, the others as history, drivers by name", () => {
    const pay = driversPay(
      [
        profile('b', 'Zoe Zimmer', '2026-12-06', '0.7000'),
        profile('b', 'Zoe Zimmer', '2026-06-01', '0.6500'),
        profile('b', 'Zoe Zimmer', '2026-01-01', '0.6000'),
        profile('a', 'Ann Avery', '2027-01-03', '0.5500'),
      ],
      '2026-11-29',
    );
    expect(pay.map((driver) => driver.driverName)).toEqual(['Ann Avery', 'Zoe Zimmer']);
    expect(pay[1]?.current.rate).toBe('0.6500');
    expect(pay[1]?.history.map((version) => version.effectiveFrom)).toEqual(['2026-12-06', '2026-01-01']);
    // Only a future version: it is shown as the current one, with no history.
    expect(pay[0]?.current.effectiveFrom).toBe('2027-01-03');
    expect(pay[0]?.history).toEqual([]);
  });
});
