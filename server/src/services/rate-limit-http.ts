import { isIPv6 } from 'node:net';

/**
 * The coarse per-address flood guard of RATE_LIMIT_PER_MINUTE, counted in this server's memory
 * (the limits that must hold across instances live in PostgreSQL: rate-limit.ts). It answers as
 * @fastify/rate-limit did with our settings: a fixed window per address that opens with the
 * address's first request, `max` requests in it, then 429 with x-ratelimit-limit,
 * x-ratelimit-remaining (0), x-ratelimit-reset and retry-after (seconds left in the window) and the
 * body Fastify made of the plugin's error. An IPv6 address counts by its /64 network, an
 * IPv4-mapped one as the IPv4 address. Synchronous: no promise, no store callback and no headers
 * on an allowed request (the plugin's async hook and three headers were a few percent of a call).
 */
export interface RateLimitRefusal {
  statusCode: 429;
  headers: Record<string, string>;
  body: { statusCode: 429; error: 'Too Many Requests'; message: string };
}

interface Window {
  count: number;
  startedAt: number;
}

export class FloodGuard {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt: number;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    /** At most this many addresses are counted at once (the plugin's cache held 5,000): a flood from ever-new addresses evicts the longest-counted one instead of growing the map. */
    private readonly maxAddresses = 5_000,
  ) {
    this.nextSweepAt = now() + windowMs;
  }

  /** Counts one request from `ip`: null while within the limit, else the 429 answer to send. */
  hit(ip: string): RateLimitRefusal | null {
    const now = this.now();
    if (now >= this.nextSweepAt) this.sweep(now);
    const key = ip.includes(':') ? addressKey(ip) : ip;
    let window = this.windows.get(key);
    if (!window) {
      if (this.windows.size >= this.maxAddresses) this.makeRoom(now);
      window = { count: 0, startedAt: now };
      this.windows.set(key, window);
    } else if (window.startedAt + this.windowMs <= now) {
      window.count = 0;
      window.startedAt = now;
      // Re-inserted, so the map stays in the order the windows opened and the first key is the oldest.
      this.windows.delete(key);
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.max) return null;
    const seconds = Math.ceil((this.windowMs - (now - window.startedAt)) / 1000);
    return {
      statusCode: 429,
      headers: {
        'x-ratelimit-limit': String(this.max),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(seconds),
        'retry-after': String(seconds),
      },
      body: { statusCode: 429, error: 'Too Many Requests', message: `Rate limit exceeded, retry in ${formatDuration(seconds * 1000)}` },
    };
  }

  /** Addresses being counted (tests). */
  get size(): number {
    return this.windows.size;
  }

  /** Full: forgets the windows that are over, else the oldest window (the map's first key). */
  private makeRoom(now: number): void {
    this.sweep(now);
    if (this.windows.size < this.maxAddresses) return;
    const oldest = this.windows.keys().next();
    if (!oldest.done) this.windows.delete(oldest.value);
  }

  /** Forgets every window that is over: the map holds at most one window's addresses. */
  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.startedAt + this.windowMs <= now) this.windows.delete(key);
    this.nextSweepAt = now + this.windowMs;
  }
}

/** As @lukeed/ms's long format, which the plugin's message used: "1 minute", "45 seconds", "1 second". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const [value, unit] = ms < 60_000 ? [ms / 1000, 'second'] : ms < 3_600_000 ? [ms / 60_000, 'minute'] : [ms / 3_600_000, 'hour'];
  const rounded = Math.round(value);
  return `${rounded} ${unit}${rounded === 1 ? '' : 's'}`;
}

/**
 * The key of an address with a colon: an IPv4-mapped IPv6 address is its IPv4 address, any other
 * IPv6 address its /64 network (a client is handed a whole /64), as the plugin's normalizeIP.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip.toLowerCase();
  const groups = expandIPv6(ip.toLowerCase());
  if (!groups) return ip.toLowerCase();
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (a zone id dropped, a trailing IPv4 part read), or null. */
function expandIPv6(ip: string): number[] | null {
  const address = ip.split('%')[0] ?? ip;
  const [head = '', tail] = address.split('::');
  const parse = (part: string): number[] => {
    if (!part) return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        groups.push((a << 8) | b, (c << 8) | d);
      } else groups.push(parseInt(piece, 16));
    }
    return groups;
  };
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}
