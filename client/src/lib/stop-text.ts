import type { LoadStop } from '#shared/schemas/loads.js';
import { formatDate } from './format';

/** What a stop is called: "Pickup" and "Delivery" at the ends, "Stop 2 · Drop" between. */
export const stopName = (stop: Pick<LoadStop, 'type'>, index: number, count: number) =>
  index === 0 ? 'Pickup' : index === count - 1 ? 'Delivery' : `Stop ${index + 1} · ${stop.type === 'pickup' ? 'Pickup' : 'Drop'}`;

/** A stop's appointment: "Dec 1, 2026, 08:00–10:00", "Dec 2, 2026, first come, first served", or its date alone. */
export function appointmentOf(stop: Pick<LoadStop, 'date' | 'fromTime' | 'toTime' | 'firstComeFirstServed'>): string {
  if (!stop.date) return 'No appointment';
  const day = formatDate(stop.date);
  if (stop.firstComeFirstServed) return `${day}, first come, first served`;
  if (stop.fromTime && stop.toTime) return `${day}, ${stop.fromTime}–${stop.toTime}`;
  if (stop.fromTime) return `${day}, ${stop.fromTime}`;
  return day;
}

/** A stop's reference numbers on one line ("PO 4471 · Pickup # 88"), empty when it has none. */
export const stopReferences = (stop: Pick<LoadStop, 'poNumber' | 'pickupNumber'>) =>
  [stop.poNumber ? `PO ${stop.poNumber}` : null, stop.pickupNumber ? `Pickup # ${stop.pickupNumber}` : null].filter(Boolean).join(' · ');
