import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BUSY_MESSAGE } from '../db/database.js';

export interface AdmissionLimits {
  /** MAX_CONCURRENT_REQUESTS: calls in progress at once; the bound on what a burst can hold. */
  maxInFlight: number;
  /** BUSY_LATENCY_MS: calls taking this long lately (a moving average) means overloaded. */
  busyLatencyMs: number;
}

/** Below this many calls in progress nothing is shed for latency (one slow call is not an overload). */
export const SHED_MIN_IN_FLIGHT = 16;
/** Weight of the newest call in the moving average of call durations (about the last 20 calls). */
const WEIGHT = 0.05;

/**
 * Admission control of API calls. A call is refused at once, with 503 "busy, try again", when
 * - `maxInFlight` calls are already in progress (the hard bound), or
 * - the server is overloaded: calls have lately been taking longer than `busyLatencyMs` on average
 *   while at least SHED_MIN_IN_FLIGHT are in progress.
 *
 * A short stall (a garbage collection, a checkpoint, a burst) only delays calls: they queue for the
 * pool and are answered late but answered. A sustained overload is shed instead, so the calls
 * already admitted finish quickly rather than every call waiting for the pool until its acquire
 * timeout. Once the admitted calls are quick again, the average falls and calls are admitted again.
 */
export class Admission {
  private inFlight = 0;
  private averageMs = 0;

  constructor(private readonly limits: AdmissionLimits) {}

  /** Whether a new call may start; when it may, the caller must call `finish` once it ends. */
  admit(): boolean {
    if (this.inFlight >= this.limits.maxInFlight) return false;
    if (this.inFlight >= SHED_MIN_IN_FLIGHT && this.averageMs > this.limits.busyLatencyMs) return false;
    this.inFlight += 1;
    return true;
  }

  finish(durationMs: number): void {
    this.inFlight -= 1;
    this.averageMs += (durationMs - this.averageMs) * WEIGHT;
  }

  get state(): { inFlight: number; averageMs: number } {
    return { inFlight: this.inFlight, averageMs: this.averageMs };
  }
}

/**
 * Admission control of one request, for the tRPC HTTP calls (/trpc/...) only: true when it may go
 * on; false when it was answered 503 (tRPC's error shape, one per call of a batch). Called from the
 * app's one onRequest hook (app.ts), in its place among the other checks.
 */
export function admitRequest(admission: Admission, request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.url.startsWith('/trpc/')) return true;
  if (!admission.admit()) {
    const error = { message: BUSY_MESSAGE, code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: null } };
    const [paths = '', query = ''] = request.url.slice('/trpc/'.length).split('?');
    const batch = new URLSearchParams(query).get('batch') === '1';
    const body = batch ? paths.split(',').map(() => ({ error })) : { error };
    void reply.code(503).header('retry-after', '1').send(body);
    return false;
  }
  const started = performance.now();
  // A response closes once: `on`, not `once`, spares a wrapper and its removal per call.
  reply.raw.on('close', () => admission.finish(performance.now() - started));
  return true;
}

/** Admission control as an onRequest hook of its own. */
export function registerAdmission(app: FastifyInstance, limits: AdmissionLimits): Admission {
  const admission = new Admission(limits);
  app.addHook('onRequest', (request, reply, done) => {
    if (admitRequest(admission, request, reply)) done();
  });
  return admission;
}
