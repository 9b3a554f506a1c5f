import { describe, expect, it } from 'vitest';
import { clampSalesPercentage } from './sales-percentage.js';

describe('the sales percentage clamp', () => {
  it.each([
    ['abc', '0'],
    ['', '0'],
    ['   ', '0'],
    [null, '0'],
    [undefined, '0'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
    ['0x10', '0'],
    [{}, '0'],
  ])('makes a non-numeric value (%j) 0', (value, expected) => {
    expect(clampSalesPercentage(value)).toBe(expected);
  });

  it.each([
    [-1, '0'],
    ['-0.01', '0'],
    ['-250', '0'],
  ])('makes a negative value (%j) 0', (value, expected) => {
    expect(clampSalesPercentage(value)).toBe(expected);
  });

  it.each([
    [100.01, '100'],
    ['150', '100'],
    ['1e3', '100'],
    ['99.96', '100'],
  ])('makes a value above 100 (%j) 100', (value, expected) => {
    expect(clampSalesPercentage(value)).toBe(expected);
  });

  it.each([
    ['0', '0'],
    ['12.5', '12.5'],
    [12.5, '12.5'],
    ['7', '7'],
    ['7.0', '7'],
    ['100', '100'],
    ['.5', '0.5'],
    ['+3.3', '3.3'],
    ['  42.1  ', '42.1'],
    ['1e1', '10'],
  ])('keeps a value from 0 to 100 (%j) as %s', (value, expected) => {
    expect(clampSalesPercentage(value)).toBe(expected);
  });

  it.each([
    ['1.15', '1.2'],
    [1.15, '1.2'],
    ['1.149', '1.1'],
    ['12.34', '12.3'],
    ['12.35', '12.4'],
    ['0.04', '0'],
    ['0.05', '0.1'],
    [1e-7, '0'],
    ['99.94', '99.9'],
  ])('rounds %j half up to the 0.1 step (%s)', (value, expected) => {
    expect(clampSalesPercentage(value)).toBe(expected);
  });
});
