import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { hitRateLimit } from '../../../server/src/services/rate-limit.js';
import { ownerDb } from '../../support/harness.js';

/**
 * The counted rate limits (services/rate-limit.ts): a key's window opens at its first hit. The
 * old windows were cut at clock boundaries shared by every key, so a burst that straddled one
 * (a minute turning over) was counted in two windows and got through twice the limit; the suite
 * met it as a rare failure of the tracking page's limit.
 */
let db: Kysely<any>;
let keys = 0;
const key = () => `test:window:${process.pid}:${(keys += 1)}`;
const at = (iso: string) => vi.setSystemTime(new Date(iso));

beforeAll(() => {
  db = ownerDb();
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
afterAll(async () => {
  vi.useRealTimers();
  await db.destroy();
});

describe('a counted rate limit', () => {
  it('counts a burst that straddles a minute boundary in one window', async () => {
    const name = key();
    at('2026-11-28T10:00:59.500Z');
    expect(await hitRateLimit(db, name, 2, 60)).toBe(true);
    expect(await hitRateLimit(db, name, 2, 60)).toBe(true);
    at('2026-11-28T10:01:00.500Z');
    expect(await hitRateLimit(db, name, 2, 60)).toBe(false);
  });

  it('opens a new window once the last one has run its length', async () => {
    const name = key();
    at('2026-11-28T11:00:30Z');
    expect(await hitRateLimit(db, name, 1, 60)).toBe(true);
    at('2026-11-28T11:01:29Z');
    expect(await hitRateLimit(db, name, 1, 60)).toBe(false);
    at('2026-11-28T11:01:30Z');
    expect(await hitRateLimit(db, name, 1, 60)).toBe(true);
    expect(await hitRateLimit(db, name, 1, 60)).toBe(false);
  });

  it('counts every key on its own', async () => {
    const first = key();
    const second = key();
    at('2026-11-28T12:00:00Z');
    expect(await hitRateLimit(db, first, 1, 60)).toBe(true);
    expect(await hitRateLimit(db, second, 1, 60)).toBe(true);
    expect(await hitRateLimit(db, first, 1, 60)).toBe(false);
  });
});
