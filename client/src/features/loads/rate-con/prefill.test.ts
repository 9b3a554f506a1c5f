import { describe, expect, it } from 'vitest';
import { createLoadInput } from '#shared/schemas/loads.js';
import type { RateConExtractOutput } from '#shared/schemas/rate-cons.js';
import { appointmentOf, prefillOf } from './prefill';

const field = <T>(value: T | null, confidence = 0.95) => ({ value, confidence });

function read(overrides: Partial<RateConExtractOutput> = {}): RateConExtractOutput {
  return {
    fileToken: 'token',
    fileName: 'rate-con.pdf',
    method: 'pdf-text',
    fields: {
      referenceNumber: field('SFB-48213'),
      brokerName: field('Summit Freight Brokerage LLC'),
      brokerMc: field('771234'),
      brokerPhone: field('(312) 555-0199'),
      brokerEmail: field('dispatch@summitfreight.example'),
      pickupLocation: field('1200 Industrial Pkwy'),
      pickupCity: field('Dallas'),
      pickupState: field('TX'),
      pickupDate: field('2026-12-03'),
      deliveryLocation: field('88 Harbor Rd'),
      deliveryCity: field('Atlanta', 0.6),
      deliveryState: field('GA'),
      deliveryDate: field('2026-12-05'),
      commodity: field('Paper products'),
      weight: field(42000),
      rate: field(2450),
    },
    stops: [],
    lineItems: [],
    brokerMatch: null,
    duplicateOf: null,
    ...overrides,
  };
}

describe('prefillOf', () => {
  it('fills the two ends from the fields, the total as the line haul, and marks each field read', () => {
    const { values, marks } = prefillOf(read());
    expect(values.referenceNumber).toBe('SFB-48213');
    expect(values.stops?.map((stop) => [stop.type, stop.city, stop.state, stop.date])).toEqual([
      ['pickup', 'Dallas', 'TX', '2026-12-03'],
      ['drop', 'Atlanta', 'GA', '2026-12-05'],
    ]);
    expect(values.lineHaul).toBe('2450.00');
    expect(values.weight).toBe('42000');
    expect(marks['stops.1.city']).toEqual({ confidence: 0.6 });
    expect(marks.referenceNumber).toEqual({ confidence: 0.95 });
    expect(marks.brokerId).toBeUndefined();
  });

  it('keeps the stops between as stops, windows as From and To, the line items as line haul and charges', () => {
    const { values, marks } = prefillOf(
      read({
        stops: [
          {
            type: 'pickup',
            location: '1 A St',
            city: 'Dallas',
            state: 'tx',
            zip: '75201',
            date: '2026-12-03',
            appointment: '08:00 - 14:00',
          },
          {
            type: 'delivery',
            location: '2 B St',
            city: 'Memphis',
            state: 'TN',
            zip: null,
            date: '2026-12-04',
            appointment: 'Call for appt',
          },
          { type: 'delivery', location: '88 Harbor Rd', city: 'Atlanta', state: 'GA', zip: null, date: '2026-12-05', appointment: 'FCFS' },
        ],
        lineItems: [
          { kind: 'line_haul', description: 'Line haul', amount: '2100.00' },
          { kind: 'fuel_surcharge', description: 'Fuel surcharge', amount: '250.00' },
          { kind: 'accessorial', description: 'Detention', amount: '100' },
        ],
        brokerMatch: { id: '7d1d7d4e-0000-4000-8000-000000000001', name: 'Summit', matchedBy: 'mc' },
      }),
    );
    expect(
      values.stops?.map((stop) => [stop.type, stop.city, stop.state, stop.fromTime, stop.toTime, stop.firstComeFirstServed, stop.notes]),
    ).toEqual([
      ['pickup', 'Dallas', 'TX', '08:00', '14:00', false, ''],
      ['drop', 'Memphis', 'TN', '', '', false, 'Appointment: Call for appt'],
      ['drop', 'Atlanta', 'GA', '', '', true, ''],
    ]);
    expect(values.lineHaul).toBe('2100.00');
    expect(values.accessorials).toEqual([
      { type: 'fuel_surcharge', description: 'Fuel surcharge', amount: '250.00' },
      { type: 'detention', description: '', amount: '100.00' },
    ]);
    expect(values.brokerId).toBe('7d1d7d4e-0000-4000-8000-000000000001');
    expect(marks.brokerId?.note).toBe('Matched by MC 771234');
  });

  it('makes values the Create Load form accepts', () => {
    const { values } = prefillOf(read());
    const parsed = createLoadInput.safeParse({ loadNumber: 'L-1', salesPercentage: '0', factoring: false, ...values });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });
});

describe('appointmentOf', () => {
  it('reads windows in several ways, first come first served, and keeps anything else as a note', () => {
    expect(appointmentOf('8:00 AM - 2:00 PM')).toMatchObject({ fromTime: '08:00', toTime: '14:00' });
    expect(appointmentOf('0700–1500')).toMatchObject({ fromTime: '07:00', toTime: '15:00' });
    expect(appointmentOf('09:30')).toMatchObject({ fromTime: '09:30', toTime: '' });
    expect(appointmentOf('First come, first served')).toMatchObject({ firstComeFirstServed: true });
    expect(appointmentOf('By appointment only')).toMatchObject({ fromTime: '', note: 'Appointment: By appointment only' });
    expect(appointmentOf(null)).toMatchObject({ fromTime: '', note: '' });
  });
});
