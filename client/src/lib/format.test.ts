import { describe, expect, it } from 'vitest';
import { formatDateRange } from './format';

describe('formatDateRange', () => {
  it('shows a month as its first and last day, the exclusive end shown inclusive', () => {
    expect(formatDateRange('2026-11-01', '2026-12-01')).toBe('Nov 1 – Nov 30, 2026');
    expect(formatDateRange('2026-02-01', '2026-03-01')).toBe('Feb 1 – Feb 28, 2026');
    expect(formatDateRange('2028-02-01', '2028-03-01')).toBe('Feb 1 – Feb 29, 2028');
  });
  it('names both years across a new year, and December ends on the 31st', () => {
    expect(formatDateRange('2026-12-01', '2027-01-01')).toBe('Dec 1 – Dec 31, 2026');
    expect(formatDateRange('2025-12-15', '2026-01-16')).toBe('Dec 15, 2025 – Jan 15, 2026');
    expect(formatDateRange('2026-01-01', '2027-01-01')).toBe('Jan 1 – Dec 31, 2026');
  });
  it('shows one day once', () => {
    expect(formatDateRange('2026-11-05', '2026-11-06')).toBe('Nov 5, 2026');
  });
  it('is not shifted by the time zone and takes timestamps by their date', () => {
    expect(formatDateRange('2026-10-01T00:00:00Z', '2027-01-01T00:00:00Z')).toBe('Oct 1 – Dec 31, 2026');
  });
  it('says nothing it cannot read', () => {
    expect(formatDateRange(null, '2026-12-01')).toBe('—');
    expect(formatDateRange('2026-11-01', 'soon')).toBe('—');
  });
});
