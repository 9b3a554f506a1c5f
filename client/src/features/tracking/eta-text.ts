import type { TrackingView } from '#shared/schemas/tracking.js';
import { formatNumber } from '../../lib/format';

/** "about 40 min", "about 2.5 h", "about 14 h": an estimate's precision, no more. */
export function formatEtaDuration(hours: number): string {
  const minutes = Math.max(5, Math.round((hours * 60) / 5) * 5);
  if (minutes < 60) return `about ${minutes} min`;
  if (hours < 10) return `about ${formatNumber(Math.round(hours * 2) / 2)} h`;
  return `about ${formatNumber(Math.round(hours))} h`;
}

const arrivalFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "ETA to delivery: about 6 h (Nov 29, 3:40 PM)". */
export function etaText(eta: NonNullable<TrackingView['eta']>): string {
  return `ETA to ${eta.stop}: ${formatEtaDuration(eta.hours)} (${arrivalFormat.format(new Date(eta.arrivesAt))})`;
}
