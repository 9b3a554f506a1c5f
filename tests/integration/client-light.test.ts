// The signed-in client's light paths (issue 16) say exactly what the heavier code they replace said:
// money and dates formatted without making Intl formatters (client/src/lib/format.ts) against Intl
// itself, and the routes' address checks without zod (client/src/lib/search-params.ts) against the
// zod schemas they replaced.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatDate, formatMoney } from '../../client/src/lib/format';
import {
  DOCUMENT_ADDRESS,
  LOAD_ADDRESS,
  optionalIsoDate,
  optionalOneOf,
  optionalText,
  optionalUuid,
  tokenParam,
} from '../../client/src/lib/search-params';
import { LOAD_LIMITS, LOAD_STATUS_FILTERS } from '../../shared/src/schemas/loads';
import { DOCUMENT_SEARCH_MAX, DOCUMENT_TYPE_FILTERS } from '../../shared/src/schemas/documents';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A seeded generator, so a failure can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('formatMoney without Intl', () => {
  const intl = (value: string | number) => {
    const amount = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(amount) ? usd.format(amount) : '—';
  };

  it('writes what Intl writes for the edge cases (ties, negative zero, exponents, odd strings)', () => {
    const values = [0, -0, 1.005, 2.675, 0.125, -0.125, 999.995, -999.995, 1e21, 1e-7, 123_456_789.125, 4.35, 8.345];
    const texts = [
      '1900.00',
      '-12.5',
      '0.005',
      '-0.005',
      '-0',
      '-0.00',
      '1e3',
      '.5',
      '+5',
      ' 12 ',
      '5.',
      'abc',
      '99999999999999.995',
      '12345678901234567890.12',
    ];
    for (const value of [...values, ...texts]) expect(formatMoney(value), JSON.stringify(value)).toBe(intl(value));
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney('')).toBe('—');
  });

  it('writes what Intl writes for 60,000 random amounts, as numbers and as decimal strings', () => {
    const next = random(16);
    for (let index = 0; index < 20_000; index += 1) {
      const amount = (next() - 0.3) * 10 ** Math.floor(next() * 12);
      const cents = Math.round(amount * 1000) / 1000;
      const text = amount.toFixed(Math.floor(next() * 4));
      for (const value of [amount, cents, text]) expect(formatMoney(value), JSON.stringify(value)).toBe(intl(value));
    }
  });
});

describe('formatDate without Intl', () => {
  it('writes what Intl writes for 20,000 random days between 1870 and 2170, and the edge cases', () => {
    const next = random(17);
    const intl = (value: string) => {
      const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? '—' : shortDate.format(date);
    };
    for (let index = 0; index < 20_000; index += 1) {
      const iso = new Date(Date.UTC(1870, 0, 1) + Math.floor(next() * 300 * 365.25) * 86_400_000).toISOString();
      expect(formatDate(iso)).toBe(intl(iso));
    }
    for (const value of ['2026-11-21', '2026-11-21T23:59:59Z', '2028-02-29', '0999-01-01', 'not a date'])
      expect(formatDate(value)).toBe(intl(value));
    expect(formatDate(null)).toBe('—');
  });
});

describe('address checks without zod', () => {
  const samples: unknown[] = [
    undefined,
    null,
    '',
    'x',
    'all',
    'pending',
    'in_transit',
    'PENDING',
    42,
    true,
    ['pending'],
    { a: 1 },
    'a'.repeat(100),
    'a'.repeat(101),
  ];

  it('the loads screen reads its address as its zod schema did', () => {
    const zodSchema = z.object({
      search: z.string().max(LOAD_LIMITS.search).optional().catch(undefined),
      status: z.enum(LOAD_STATUS_FILTERS).optional().catch(undefined),
    });
    for (const search of samples)
      for (const status of samples) {
        const raw = { search, status };
        expect({ search: optionalText(search, LOAD_ADDRESS.searchMax), status: optionalOneOf(status, LOAD_ADDRESS.statuses) }).toEqual(
          zodSchema.parse(raw),
        );
      }
  });

  it('uuids and dates as z.uuid() and z.iso.date()', () => {
    const zodSchema = z.object({
      search: z.string().max(DOCUMENT_SEARCH_MAX).optional().catch(undefined),
      documentType: z.enum(DOCUMENT_TYPE_FILTERS).optional().catch(undefined),
      loadId: z.uuid().optional().catch(undefined),
      from: z.iso.date().optional().catch(undefined),
    });
    const ids = [
      '6f1c2b9e-8d4a-4c1e-9b2f-3a5d7e9f1b2c',
      '6F1C2B9E-8D4A-4C1E-9B2F-3A5D7E9F1B2C',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '6f1c2b9e-8d4a-9c1e-9b2f-3a5d7e9f1b2c',
      '6f1c2b9e-8d4a-4c1e-7b2f-3a5d7e9f1b2c',
      '6f1c2b9e8d4a4c1e9b2f3a5d7e9f1b2c',
      'nope',
      7,
    ];
    const dates = ['2026-11-21', '2028-02-29', '2026-02-29', '2026-13-01', '2026-04-31', '2026-1-1', '20261121', 'x', 5];
    for (const loadId of ids)
      for (const from of dates)
        for (const documentType of ['pod', 'load_document', 'all', 'POD', 3]) {
          const raw = { search: 'rosa', documentType, loadId, from };
          expect({
            search: optionalText(raw.search, DOCUMENT_ADDRESS.searchMax),
            documentType: optionalOneOf(documentType, DOCUMENT_ADDRESS.types),
            loadId: optionalUuid(loadId),
            from: optionalIsoDate(from),
          }).toEqual(zodSchema.parse(raw));
        }
  });

  it('a link token: 1 to 200 characters, else the route fails', () => {
    expect(tokenParam({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(tokenParam({ token: 'a'.repeat(200) })).toEqual({ token: 'a'.repeat(200) });
    expect(() => tokenParam({ token: '' })).toThrow();
    expect(() => tokenParam({ token: 'a'.repeat(201) })).toThrow();
  });
});
