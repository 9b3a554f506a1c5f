import { describe, expect, it } from 'vitest';
import { centsToDecimal, commission, toScaledInteger } from './commission.js';

describe('commission: rate times sales_percentage divided by 100', () => {
  it.each([
    ['1000.00', '10', '100.00'],
    ['2500.00', '12.5', '312.50'],
    ['1250.00', '0', '0.00'],
    ['1250.00', '100', '1250.00'],
    ['0.00', '50', '0.00'],
    ['1999.99', '7.5', '150.00'],
    ['3333.33', '33.3', '1110.00'],
    ['9999999999.99', '100', '9999999999.99'],
    ['9999999999.99', '99.9', '9989999999.99'],
  ])('rate %s at %s%% earns %s', (rate, percentage, expected) => {
    expect(commission(rate, percentage)).toBe(expected);
  });

  it('is exact to the cent where float arithmetic is not', () => {
    // 0.1 × 3 / 100 in floats is 0.003000000000000001; 1.005 × 100 is 100.49999999999999.
    expect(commission('0.10', '30')).toBe('0.03');
    expect(commission('1.005', '100')).toBe('1.01');
    expect(commission('1234.56', '15.5')).toBe('191.36');
    expect(commission('19.99', '5.5')).toBe('1.10');
  });

  it('rounds half a cent up', () => {
    expect(commission('0.05', '10')).toBe('0.01');
    expect(commission('0.04', '10')).toBe('0.00');
    expect(commission('12.50', '0.2')).toBe('0.03');
  });

  it('accepts numbers as well as decimal strings', () => {
    expect(commission(2500, 12.5)).toBe('312.50');
    expect(commission(1999.99, '7.5')).toBe('150.00');
  });

  it('earns nothing on a load with no rate, and clamps the percentage as the form does', () => {
    expect(commission(null, '10')).toBe('0.00');
    expect(commission('', '10')).toBe('0.00');
    expect(commission('1000.00', null)).toBe('0.00');
    expect(commission('1000.00', '-5')).toBe('0.00');
    expect(commission('1000.00', '250')).toBe('1000.00');
    expect(commission('1000.00', 'lots')).toBe('0.00');
  });
});

describe('exact decimal helpers', () => {
  it('scales decimal text to integer units on the digits', () => {
    expect(toScaledInteger('1250', 2)).toBe(125000n);
    expect(toScaledInteger('1250.5', 2)).toBe(125050n);
    expect(toScaledInteger('0.125', 2)).toBe(13n);
    expect(toScaledInteger(12.5, 1)).toBe(125n);
    expect(toScaledInteger('abc', 2)).toBeNull();
    expect(toScaledInteger('-1', 2)).toBeNull();
  });

  it('writes cents as a decimal string', () => {
    expect(centsToDecimal(0n)).toBe('0.00');
    expect(centsToDecimal(5n)).toBe('0.05');
    expect(centsToDecimal(123456n)).toBe('1234.56');
    expect(centsToDecimal(-150n)).toBe('-1.50');
  });
});
