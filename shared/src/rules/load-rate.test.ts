import { describe, expect, it } from 'vitest';
import { totalRate } from './load-rate.js';

describe('totalRate', () => {
  it('adds the line haul and every charge in exact cents', () => {
    expect(totalRate('2000.00', [{ amount: '250.50' }, { amount: '75' }])).toBe('2325.50');
    expect(totalRate('0.10', [{ amount: '0.20' }])).toBe('0.30');
    expect(totalRate(1850.5, [])).toBe('1850.50');
  });
  it('is the charges alone without a line haul, and none with neither', () => {
    expect(totalRate(null, [{ amount: '150' }])).toBe('150.00');
    expect(totalRate(null, [])).toBeNull();
    expect(totalRate('', [{ amount: '' }])).toBeNull();
  });
  it('keeps large amounts exact', () => {
    expect(totalRate('9999999999.99', [{ amount: '0.01' }])).toBe('10000000000.00');
  });
});
