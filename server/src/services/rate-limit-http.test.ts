import { describe, expect, it } from 'vitest';
import { addressKey, FloodGuard, formatDuration } from './rate-limit-http.js';

describe('FloodGuard (RATE_LIMIT_PER_MINUTE)', () => {
  it('allows max requests per address in a window that opens with its first request, then answers 429 as the plugin did', () => {
    let now = 1_000_000;
    const guard = new FloodGuard(3, 60_000, () => now);
    expect([guard.hit('10.0.0.1'), guard.hit('10.0.0.1'), guard.hit('10.0.0.1')]).toEqual([null, null, null]);
    now += 15_000;
    const refusal = guard.hit('10.0.0.1');
    expect(refusal).toEqual({
      statusCode: 429,
      headers: { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '45', 'retry-after': '45' },
      body: { statusCode: 429, error: 'Too Many Requests', message: 'Rate limit exceeded, retry in 45 seconds' },
    });
    // Another address has its own count.
    expect(guard.hit('10.0.0.2')).toBeNull();
    // The window is over 60 s after the address's first request: counted afresh.
    now += 45_000;
    expect(guard.hit('10.0.0.1')).toBeNull();
  });

  it('forgets the windows that are over, once a window', () => {
    let now = 0;
    const guard = new FloodGuard(10, 60_000, () => now);
    for (let index = 0; index < 100; index++) guard.hit(`10.0.1.${index}`);
    expect(guard.size).toBe(100);
    now = 30_000;
    guard.hit('10.0.2.1');
    now = 60_000;
    guard.hit('10.0.2.2');
    // The 100 first windows ended at 60 s; the one opened at 30 s goes on.
    expect(guard.size).toBe(2);
  });

  it('counts at most maxAddresses at once: a flood from new addresses evicts the oldest window, not the map growing', () => {
    let now = 0;
    const guard = new FloodGuard(2, 60_000, () => now, 100);
    guard.hit('10.9.9.9');
    guard.hit('10.9.9.9');
    expect(guard.hit('10.9.9.9')?.statusCode).toBe(429);
    for (let index = 0; index < 1_000; index++) {
      now += 1;
      guard.hit(`10.3.${index >> 8}.${index & 255}`);
      expect(guard.size).toBeLessThanOrEqual(100);
    }
    // The oldest window was the one evicted first; a recent address is still counted.
    expect(guard.hit('10.3.3.231')).toBeNull();
    expect(guard.hit('10.3.3.231')?.statusCode).toBe(429);
  });

  it('counts an IPv6 address by its /64 and an IPv4-mapped one as its IPv4 address', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    const guard = new FloodGuard(1, 60_000, () => 0);
    expect(guard.hit('::ffff:192.0.2.7')).toBeNull();
    expect(guard.hit('192.0.2.7')?.statusCode).toBe(429);
  });

  it("formats the wait as the plugin's message did", () => {
    expect(formatDuration(60_000)).toBe('1 minute');
    expect(formatDuration(1_000)).toBe('1 second');
    expect(formatDuration(45_000)).toBe('45 seconds');
  });
});
