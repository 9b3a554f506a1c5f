import { describe, expect, it } from 'vitest';
import { cents, lineAmount, money, unitRate, units } from './money.js';
import {
  deductionLines,
  deliveredBy,
  deliveredIn,
  estimateRoadMiles,
  lineHaulCents,
  loadPayLines,
  periodFrom,
  profileOn,
  totalsOf,
  weekStartOf,
  type DeductionState,
  type PayLoad,
  type ProfileVersion,
} from './pay-rules.js';

/** The worked examples (docs/settlements.md). */

const profile = (values: Partial<ProfileVersion> = {}): ProfileVersion => ({
  id: 'p1',
  effectiveFrom: '2026-01-01',
  driverType: 'company',
  carrierId: null,
  payBasis: 'loaded_mile',
  rate: '0.60',
  extraItems: [],
  ...values,
});

const load = (values: Partial<PayLoad> = {}): PayLoad => ({
  loadNumber: 'L-1',
  deliveredOn: '2026-11-18',
  rate: '2500.00',
  lineHaul: null,
  accessorials: '0',
  loadedMiles: { miles: '500', estimated: false },
  emptyMiles: { miles: '50', estimated: true },
  extraStops: 0,
  ...values,
});

const deduction = (values: Partial<DeductionState>): DeductionState => ({
  id: 'd1',
  kind: 'recurring',
  description: 'Insurance',
  amount: '50.00',
  total: null,
  startsOn: '2026-01-01',
  endedOn: null,
  taken: '0.00',
  ...values,
});

describe('money', () => {
  it('multiplies exactly and rounds half-up to the cent once', () => {
    expect(money(lineAmount(units('1'), unitRate('0.005')))).toBe('0.01');
    expect(money(lineAmount(units('1'), unitRate('0.0049')))).toBe('0.00');
    expect(money(lineAmount(units('-1'), unitRate('0.005')))).toBe('-0.01');
    // 0.1 + 0.2 is 0.3 here.
    expect(money(cents('0.10') + cents('0.20'))).toBe('0.30');
  });
});

describe('pay rules', () => {
  it('a mid-period rate change: the profile in force on the delivery day applies', () => {
    const versions = [profile({ id: 'old', rate: '0.55' }), profile({ id: 'new', effectiveFrom: '2026-11-19', rate: '0.62' })];
    const period = periodFrom('2026-11-16');
    const before = profileOn(versions, '2026-11-18');
    const after = profileOn(versions, '2026-11-19');
    expect(before?.id).toBe('old');
    expect(after?.id).toBe('new');
    const lines = [
      ...loadPayLines(load({ loadNumber: 'A', deliveredOn: '2026-11-18' }), before as ProfileVersion),
      ...loadPayLines(load({ loadNumber: 'B', deliveredOn: '2026-11-19' }), after as ProfileVersion),
    ];
    expect(lines.map((line) => line.amount)).toEqual(['275.00', '310.00']);
    expect(totalsOf(lines)).toEqual({ gross: '585.00', deductions: '0.00', net: '585.00' });
    expect(period).toEqual({ startsOn: '2026-11-16', endsOn: '2026-11-22' });
    // Before the first version there is no profile.
    expect(profileOn(versions, '2025-12-31')).toBeNull();
  });

  it('% of line haul leaves the fuel surcharge out', () => {
    // $2,500 billed: $2,200 line haul + $300 fuel surcharge (an accessorial). 25% of the line haul.
    const billed = load({ rate: '2500.00', lineHaul: null, accessorials: '300.00' });
    expect(money(lineHaulCents(billed))).toBe('2200.00');
    const [line] = loadPayLines(billed, profile({ payBasis: 'line_haul_percent', rate: '25' }));
    expect(line).toMatchObject({ kind: 'load_pay', quantity: '2200.0000', unitRate: '0.250000', amount: '550.00' });
    // The load's own line haul, when given, is the base; % of rate takes the whole rate.
    expect(loadPayLines(load({ lineHaul: '2150.00' }), profile({ payBasis: 'line_haul_percent', rate: '25' }))[0]?.amount).toBe('537.50');
    expect(loadPayLines(billed, profile({ payBasis: 'rate_percent', rate: '27.125' }))[0]?.amount).toBe('678.13');
  });

  it('pays per total mile, flat, hourly and extra stops', () => {
    const [total] = loadPayLines(load(), profile({ payBasis: 'total_mile', rate: '0.5' }));
    expect(total).toMatchObject({ quantity: '550.0000', amount: '275.00', milesEstimated: true });
    expect(loadPayLines(load(), profile({ payBasis: 'flat', rate: '400' }))[0]?.amount).toBe('400.00');
    // 550 miles ÷ 50 mph = 11 hours at $28.50.
    expect(loadPayLines(load(), profile({ payBasis: 'hourly', rate: '28.50' }))[0]).toMatchObject({
      quantity: '11.0000',
      amount: '313.50',
    });
    const lines = loadPayLines(
      load({ extraStops: 2 }),
      profile({
        extraItems: [
          { kind: 'stop_pay', description: 'Stop pay', amount: '35.00' },
          { kind: 'tarp', description: 'Tarp', amount: '50.00' },
        ],
      }),
    );
    expect(lines.map((line) => [line.kind, line.amount])).toEqual([
      ['load_pay', '300.00'],
      ['extra_pay', '70.00'],
      ['extra_pay', '50.00'],
    ]);
    // No extra stop: no stop pay.
    expect(loadPayLines(load(), profile({ extraItems: [{ kind: 'stop_pay', description: 'Stop pay', amount: '35.00' }] }))).toHaveLength(1);
  });

  it('escrow stops at its target: the last deduction only tops up', () => {
    const period = periodFrom('2026-11-16');
    const escrow = (taken: string) =>
      deductionLines([deduction({ kind: 'escrow', description: 'Escrow', amount: '100.00', total: '1000.00', taken })], period);
    expect(escrow('800.00')[0]).toMatchObject({ kind: 'escrow', amount: '-100.00' });
    expect(escrow('950.00')[0]).toMatchObject({ kind: 'escrow', amount: '-50.00' });
    expect(escrow('1000.00')).toEqual([]);
  });

  it('an advance of $500 repaid over three weeks ($200, $200, $100)', () => {
    let taken = 0n;
    const taken_each: string[] = [];
    for (const startsOn of ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']) {
      const lines = deductionLines(
        [
          deduction({
            kind: 'advance',
            description: 'Fuel advance',
            amount: '200.00',
            total: '500.00',
            taken: money(taken),
            startsOn: '2026-11-01',
          }),
        ],
        periodFrom(startsOn),
      );
      for (const line of lines) {
        expect(line.kind).toBe('advance_repayment');
        taken -= cents(line.amount);
        taken_each.push(line.amount);
      }
    }
    expect(taken_each).toEqual(['-200.00', '-200.00', '-100.00']);
    expect(money(taken)).toBe('500.00');
  });

  it('one-off once, recurring every week from its date until ended', () => {
    const period = periodFrom('2026-11-16');
    expect(deductionLines([deduction({ kind: 'one_off', amount: '75.00' })], period)[0]?.amount).toBe('-75.00');
    expect(deductionLines([deduction({ kind: 'one_off', amount: '75.00', taken: '75.00' })], period)).toEqual([]);
    expect(deductionLines([deduction({ startsOn: '2026-11-23' })], period)).toEqual([]);
    expect(deductionLines([deduction({ endedOn: '2026-11-15' })], period)).toEqual([]);
    expect(deductionLines([deduction({ endedOn: '2026-11-16' })], period)).toHaveLength(1);
  });

  it('a load delivered on the period’s boundary belongs to the week of its local date', () => {
    const period = periodFrom('2026-11-16'); // Monday 16 to Sunday 22, America/Chicago (UTC-6 in November)
    const zone = 'America/Chicago';
    // Sunday 23:59:59 in Chicago is Monday 05:59:59 UTC: still this week.
    expect(deliveredIn(period, new Date('2026-11-23T05:59:59Z'), zone)).toBe(true);
    // Monday 00:00 in Chicago: next week.
    expect(deliveredIn(period, new Date('2026-11-23T06:00:00Z'), zone)).toBe(false);
    expect(deliveredBy(period, new Date('2026-11-23T06:00:00Z'), zone)).toBe(false);
    // Monday 00:00 of the period itself: in.
    expect(deliveredIn(period, new Date('2026-11-16T06:00:00Z'), zone)).toBe(true);
    expect(deliveredIn(period, new Date('2026-11-16T05:59:59Z'), zone)).toBe(false);
    // An older unsettled delivery is still due.
    expect(deliveredBy(period, new Date('2026-11-01T12:00:00Z'), zone)).toBe(true);
    expect(weekStartOf('2026-11-22', 1)).toBe('2026-11-16');
    expect(weekStartOf('2026-11-22', 0)).toBe('2026-11-22');
  });

  it('cents over 1,000 lines: each line rounded, the total their sum (no drift)', () => {
    // 1,000 loads of 333.3333 miles at $0.55: each 183.333315 → 183.33; total 183,330.00 (the unrounded sum would be 183,333.32).
    const lines = Array.from({ length: 1000 }, (_, index) =>
      loadPayLines(load({ loadNumber: `L-${index}`, loadedMiles: { miles: '333.3333', estimated: false } }), profile({ rate: '0.55' })),
    ).flat();
    expect(new Set(lines.map((line) => line.amount))).toEqual(new Set(['183.33']));
    expect(totalsOf(lines).gross).toBe('183330.00');
    // Half-up at the half cent: 1,000 lines of 1 × $0.005 are 1,000 × $0.01.
    const halves = Array.from({ length: 1000 }, () => ({ amount: money(lineAmount(units('1'), unitRate('0.005'))) }));
    expect(totalsOf(halves).gross).toBe('10.00');
  });

  it('estimates road miles as the great circle × 1.17', () => {
    // Dallas to Atlanta: about 721 miles as the crow flies.
    const miles = estimateRoadMiles({ lat: 32.7767, lng: -96.797 }, { lat: 33.749, lng: -84.388 });
    expect(miles).toBeGreaterThan(830);
    expect(miles).toBeLessThan(860);
  });
});
