/** A point on the earth in decimal degrees, as geo.describe takes it. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** The server names at most this many positions a call (geo.describe). */
export const DESCRIBE_BATCH = 100;

/** Set when the server could not name a position (a failed call); the screen falls back to the coordinates. */
export const PLACE_UNAVAILABLE: unique symbol = Symbol('place unavailable');

/**
 * A position's place: its name ("12 mi W of Memphis, TN"); null when no US town is near;
 * undefined while it is being asked (or without a position); PLACE_UNAVAILABLE when the server
 * could not say.
 */
export type PlaceLookup = string | null | undefined | typeof PLACE_UNAVAILABLE;

/** Positions a few hundred feet apart read as one place: rounding keeps a driver who idles on one key. */
const round = (value: number) => Math.round(value * 1000) / 1000;

/** The cache key of a position ("35.149,-90.049"), or null without one. */
export function placeKey(point: { lat: number | string | null | undefined; lng: number | string | null | undefined }): string | null {
  if (point.lat === null || point.lat === undefined || point.lng === null || point.lng === undefined) return null;
  if (point.lat === '' || point.lng === '') return null;
  const lat = Number(point.lat);
  const lng = Number(point.lng);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return `${round(lat)},${round(lng)}`;
}

const pointOf = (key: string): LatLng => {
  const [lat, lng] = key.split(',').map(Number);
  return { lat: lat ?? 0, lng: lng ?? 0 };
};

export interface PlaceNameStoreOptions {
  /** A failed position is asked again this long after the failure, if it is still on screen. */
  retryAfterMs?: number;
  /** The most names kept; the oldest go first. */
  maxEntries?: number;
  /** Whether a failure may pass with time (a refusal of the caller's rights never does). */
  retryable?: (error: unknown) => boolean;
  /** Runs the batched asks once the current render's requests are in (a timer in the browser). */
  schedule?: (run: () => void) => void;
  /** Runs `run` after `ms` (the retry's wake-up). */
  later?: (run: () => void, ms: number) => void;
  now?: () => number;
}

/**
 * The client's one cache of place names. A name never changes for a position (the gazetteer is
 * static), so it is kept for as long as the tab lives (bounded), outside the query cache: a live
 * resync, which re-reads every query, never asks for places again, nor does a list's periodic
 * refetch. Screens request the positions they show; the positions not yet known, from every
 * screen in one tick, are asked together, DESCRIBE_BATCH a call (the calls of one tick share one
 * HTTP request through the batch link). A position asked or being asked is never asked again.
 */
export class PlaceNameStore {
  private readonly names = new Map<string, string | null>();
  private readonly failedAt = new Map<string, { at: number; permanent: boolean }>();
  private readonly asking = new Set<string>();
  private readonly queued = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private scheduled = false;
  private version = 0;
  private readonly retryAfterMs: number;
  private readonly maxEntries: number;
  private readonly retryable: (error: unknown) => boolean;
  private readonly schedule: (run: () => void) => void;
  private readonly later: (run: () => void, ms: number) => void;
  private readonly now: () => number;

  constructor(
    private readonly describe: (points: LatLng[]) => Promise<readonly (string | null)[]>,
    options: PlaceNameStoreOptions = {},
  ) {
    this.retryAfterMs = options.retryAfterMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 5_000;
    this.retryable = options.retryable ?? (() => true);
    this.schedule = options.schedule ?? ((run) => void setTimeout(run, 0));
    this.later = options.later ?? ((run, ms) => void setTimeout(run, ms));
    this.now = options.now ?? (() => Date.now());
  }

  /** For useSyncExternalStore: told whenever names arrive or an ask fails. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** For useSyncExternalStore: changes whenever what lookup() answers may have changed. */
  readonly snapshot = (): number => this.version;

  lookup(key: string | null): PlaceLookup {
    if (key === null) return undefined;
    if (this.names.has(key)) return this.names.get(key);
    if (this.failedAt.has(key) && !this.asking.has(key) && !this.queued.has(key)) return PLACE_UNAVAILABLE;
    return undefined;
  }

  /** Asks for the positions not known yet (nor being asked), together with other screens' of the same tick. */
  request(keys: Iterable<string>): void {
    for (const key of keys) {
      if (this.names.has(key) || this.asking.has(key) || this.queued.has(key)) continue;
      const failed = this.failedAt.get(key);
      if (failed && (failed.permanent || this.now() - failed.at < this.retryAfterMs)) continue;
      this.queued.add(key);
    }
    if (this.queued.size > 0 && !this.scheduled) {
      this.scheduled = true;
      this.schedule(() => this.flush());
    }
  }

  private flush(): void {
    this.scheduled = false;
    const keys = [...this.queued];
    this.queued.clear();
    for (let start = 0; start < keys.length; start += DESCRIBE_BATCH) {
      const batch = keys.slice(start, start + DESCRIBE_BATCH);
      for (const key of batch) this.asking.add(key);
      void this.ask(batch);
    }
  }

  private async ask(keys: string[]): Promise<void> {
    try {
      const places = await this.describe(keys.map(pointOf));
      keys.forEach((key, index) => {
        this.failedAt.delete(key);
        this.remember(key, places[index] ?? null);
      });
    } catch (error) {
      const permanent = !this.retryable(error);
      for (const key of keys) this.failedAt.set(key, { at: this.now(), permanent });
      while (this.failedAt.size > this.maxEntries) {
        const oldest = this.failedAt.keys().next();
        if (oldest.done) break;
        this.failedAt.delete(oldest.value);
      }
      // Wake the screens when a retry is due: those still showing these positions ask again.
      if (!permanent) this.later(() => this.changed(), this.retryAfterMs);
    } finally {
      for (const key of keys) this.asking.delete(key);
      this.changed();
    }
  }

  private remember(key: string, name: string | null): void {
    this.names.set(key, name);
    while (this.names.size > this.maxEntries) {
      const oldest = this.names.keys().next();
      if (oldest.done) break;
      this.names.delete(oldest.value);
    }
  }

  private changed(): void {
    this.version += 1;
    for (const listener of this.listeners) listener();
  }
}
