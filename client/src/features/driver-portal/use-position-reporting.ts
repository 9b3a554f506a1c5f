import { useEffect, useRef, useState } from 'react';
import { TRPCClientError } from '@trpc/client';
import { haversineMiles } from '#shared/rules/geo.js';
import { REPORT_MIN_DISTANCE_M, REPORT_MIN_INTERVAL_MS } from '#shared/schemas/positions.js';
import { openPositionQueue, type PositionQueue, type QueuedPosition, type SendOutcome } from '../../lib/offline-queue';
import { trpc } from '../../lib/trpc';

const METRES_PER_MILE = 1609.344;
/** Queued positions are retried this often while the portal is open (and at once when the phone is back online). */
const RETRY_MS = 30_000;

let sharedQueue: PositionQueue | null = null;
/** The tab's one queue (IndexedDB), opened on first use. */
export function positionQueue(): PositionQueue {
  sharedQueue ??= openPositionQueue();
  return sharedQueue;
}

/** A refusal that sending again cannot change (bad input, consent off): drop the batch; anything else is retried. */
function outcomeOf(error: unknown): SendOutcome {
  if (error instanceof TRPCClientError) {
    const code = (error.data as { code?: string } | undefined)?.code;
    if (code === 'BAD_REQUEST' || code === 'FORBIDDEN') return 'refused';
  }
  return 'retry';
}

/**
 * While `enabled` (consent on, the portal open), watches the phone's position and reports it: at
 * most every 15 s, or sooner after moving 100 m. Every position goes through the offline queue,
 * so positions taken offline are sent, in order, when the connection returns.
 */
export function usePositionReporting(enabled: boolean) {
  const utils = trpc.useUtils();
  const [queued, setQueued] = useState(0);
  const [lastSentAt, setLastSentAt] = useState<string | null>(null);
  const last = useRef<{ at: number; lat: number; lng: number } | null>(null);

  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !navigator.geolocation) return;
    const queue = positionQueue();
    let stopped = false;
    const send = async (batch: QueuedPosition[]): Promise<SendOutcome> => {
      try {
        await utils.client.positions.report.mutate({ positions: batch });
        return 'stored';
      } catch (error) {
        return outcomeOf(error);
      }
    };
    const flush = async () => {
      const sent = await queue.flush(send);
      if (stopped) return;
      if (sent > 0) {
        setLastSentAt(new Date().toISOString());
        void utils.portal.driver.invalidate();
      }
      setQueued(await queue.count());
    };
    const watch = navigator.geolocation.watchPosition(
      (fix) => {
        const point = { at: fix.timestamp || Date.now(), lat: fix.coords.latitude, lng: fix.coords.longitude };
        const previous = last.current;
        const moved = previous ? haversineMiles(previous, point) * METRES_PER_MILE : Infinity;
        if (previous && point.at - previous.at < REPORT_MIN_INTERVAL_MS && moved < REPORT_MIN_DISTANCE_M) return;
        last.current = point;
        void queue
          .enqueue({
            idempotencyKey: crypto.randomUUID(),
            recordedAt: new Date(point.at).toISOString(),
            lat: Number(point.lat.toFixed(6)),
            lng: Number(point.lng.toFixed(6)),
            accuracy: Number.isFinite(fix.coords.accuracy) ? Math.min(fix.coords.accuracy, 100_000) : null,
          })
          .then(flush);
      },
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 60_000 },
    );
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    const timer = setInterval(() => void flush(), RETRY_MS);
    void flush();
    return () => {
      stopped = true;
      navigator.geolocation.clearWatch(watch);
      window.removeEventListener('online', onOnline);
      clearInterval(timer);
    };
  }, [enabled, utils]);

  return { queued, lastSentAt };
}
