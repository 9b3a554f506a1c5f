import { describe, expect, it } from 'vitest';
import { invoiceLines } from './invoice-lines.js';

const load = {
  loadNumber: 'SFL-1',
  pickupCity: 'Dallas',
  pickupState: 'TX',
  deliveryCity: 'Atlanta',
  deliveryState: 'GA',
  commodity: 'Paper',
  lineHaul: '2000.00',
  accessorials: [
    { type: 'fuel_surcharge' as const, description: null, amount: '250.50' },
    { type: 'other' as const, description: 'Tarp', amount: '75.00' },
  ],
};

describe('invoiceLines', () => {
  it('lists the line haul and each charge when the amount is their total', () => {
    expect(invoiceLines({ amount: '2325.50', load })).toEqual([
      { description: 'Line haul, load SFL-1: Dallas, TX to Atlanta, GA (Paper)', amount: '2000.00' },
      { description: 'Fuel surcharge', amount: '250.50' },
      { description: 'Other: Tarp', amount: '75.00' },
    ]);
  });
  it('adds an adjustment when the invoice amount differs', () => {
    expect(invoiceLines({ amount: '2300.00', load }).at(-1)).toEqual({ description: 'Adjustment', amount: '-25.50' });
    expect(invoiceLines({ amount: '2400', load }).at(-1)).toEqual({ description: 'Adjustment', amount: '74.50' });
  });
  it('is one line of freight charges without charges or without a load', () => {
    expect(invoiceLines({ amount: '1800.00', load: { ...load, accessorials: [] } })).toEqual([
      { description: 'Freight charges, load SFL-1: Dallas, TX to Atlanta, GA (Paper)', amount: '1800.00' },
    ]);
    expect(invoiceLines({ amount: '10.00', load: null })).toEqual([{ description: 'Freight charges', amount: '10.00' }]);
  });
});
