import { describe, expect, it } from 'vitest';
import { createLoadInput, LOAD_STOPS_MAX } from './loads.js';

const stop = (type: 'pickup' | 'drop', extra: Record<string, unknown> = {}) => ({
  type,
  address: '1 Main St',
  city: 'Dallas',
  state: 'tx',
  ...extra,
});

const issues = (input: unknown) => {
  const result = createLoadInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('createLoadInput with stops', () => {
  it('takes stops in place of the pickup and delivery fields', () => {
    const result = createLoadInput.parse({ stops: [stop('pickup'), stop('drop', { firstComeFirstServed: true, date: '2026-12-02' })] });
    expect(result.stops?.[0]).toMatchObject({ state: 'TX', firstComeFirstServed: false });
    expect(result.stops?.[1]).toMatchObject({ firstComeFirstServed: true, date: '2026-12-02' });
  });

  it('names the stop and its field', () => {
    expect(issues({ stops: [stop('pickup'), stop('drop', { city: ' ' }), stop('drop')] })).toEqual([['stops.1.city', 'City is required']]);
    expect(issues({ stops: [stop('pickup'), stop('drop', { state: 'Texas' })] })).toEqual([['stops.1.state', 'State must be 2 letters']]);
    expect(issues({ stops: [stop('pickup', { zip: '7520' }), stop('drop')] })).toEqual([
      ['stops.0.zip', 'ZIP must be 5 digits (or ZIP+4)'],
    ]);
    expect(issues({ stops: [stop('pickup', { fromTime: '25:00', date: '2026-12-01' }), stop('drop')] })).toEqual([
      ['stops.0.fromTime', 'From must be a time (HH:MM)'],
    ]);
    expect(issues({ stops: [stop('pickup', { fromTime: '08:00' }), stop('drop')] })).toEqual([
      ['stops.0.date', 'Date is required for an appointment'],
    ]);
    expect(issues({ stops: [stop('pickup', { toTime: '08:00', date: '2026-12-01' }), stop('drop')] })).toEqual([
      ['stops.0.fromTime', 'From is required with a To time'],
    ]);
  });

  it('wants a pickup first, a drop last, two to twenty stops, and the delivery not before the pickup', () => {
    expect(issues({ stops: [stop('drop'), stop('pickup')] })).toEqual([
      ['stops.0.type', 'The first stop must be a pickup'],
      ['stops.1.type', 'The last stop must be a delivery (drop)'],
    ]);
    expect(issues({ stops: [stop('pickup')] })).toEqual([['stops', 'A load needs at least two stops: a pickup and a delivery']]);
    const many = Array.from({ length: LOAD_STOPS_MAX + 1 }, (_, index) => stop(index === 0 ? 'pickup' : 'drop'));
    expect(issues({ stops: many })).toEqual([['stops', 'A load has at most 20 stops']]);
    expect(issues({ stops: [stop('pickup', { date: '2026-12-05' }), stop('drop', { date: '2026-12-01' })] })).toEqual([
      ['stops.1.date', 'Delivery date cannot be before the pickup date'],
    ]);
  });

  it('still wants the pickup and delivery fields without stops', () => {
    expect(issues({}).map(([path]) => path)).toEqual([
      'pickupLocation',
      'pickupCity',
      'pickupState',
      'deliveryLocation',
      'deliveryCity',
      'deliveryState',
    ]);
  });

  it('checks equipment, temperature and charges', () => {
    const stops = [stop('pickup'), stop('drop')];
    expect(createLoadInput.parse({ stops, equipmentType: 'reefer', temperature: '-5' }).temperature).toBe('-5.0');
    expect(issues({ stops, equipmentType: 'flatbed', temperature: 34 })).toEqual([
      ['temperature', 'A temperature is set only for a reefer'],
    ]);
    expect(issues({ stops, equipmentType: 'reefer', temperature: 400 })).toEqual([
      ['temperature', 'Temperature must be between -100 and 150 °F'],
    ]);
    expect(issues({ stops, equipmentType: 'boat' })).toEqual([['equipmentType', 'Choose an equipment type']]);
    expect(issues({ stops, accessorials: [{ type: 'lumper', amount: '' }] })).toEqual([['accessorials.0.amount', 'Amount is required']]);
    expect(issues({ stops, accessorials: [{ type: 'bribe', amount: '5' }] })).toEqual([['accessorials.0.type', 'Choose a charge type']]);
    expect(createLoadInput.parse({ stops, accessorials: [{ type: 'tonu', amount: 150 }] }).accessorials).toEqual([
      { type: 'tonu', description: undefined, amount: '150.00' },
    ]);
  });
});
