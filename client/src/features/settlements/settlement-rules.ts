import { addDays } from '#shared/schemas/invoices.js';
import type { PayBasis, PayProfile } from '#shared/schemas/settlements.js';
import { formatDateRange } from '../../lib/format';

/** The unit a rate is in, beside the rate field and in the profiles table. */
export const RATE_UNITS: Record<PayBasis, string> = {
  loaded_mile: '$/mi',
  total_mile: '$/mi',
  line_haul_percent: '%',
  rate_percent: '%',
  flat: '$/load',
  hourly: '$/h',
};

/** A rate as written, without zeros past the cents ("0.6250" → "0.625", "25.0000" → "25.00"). */
const trimRate = (rate: string) => rate.replace(/(\.\d{2}\d*?)0+$/, '$1');

/** A rate with its unit: "$0.625/mi", "25.00%", "$250.00/load", "$28.50/h". */
export function formatRate(rate: string, basis: PayBasis): string {
  const unit = RATE_UNITS[basis];
  return unit === '%' ? `${trimRate(rate)}%` : `$${trimRate(rate)}${unit.slice(1)}`;
}

/** A period's week as people read it: "Nov 22 – Nov 28, 2026" (its last day is `endsOn`). */
export const formatWeek = (startsOn: string, endsOn: string) => formatDateRange(startsOn, addDays(endsOn.slice(0, 10), 1));

/** Two values of a line the same ("12.50" and "12.5000" are: the form writes 4 places, the server a column's own). */
export function sameValue(typed: string | null, stored: string | null): boolean {
  const plain = (value: string | null) => (value !== null && /^-?\d+\.\d+$/.test(value) ? value.replace(/\.?0+$/, '') : value);
  return plain(typed) === plain(stored);
}

export interface DriverPay {
  driverId: string;
  driverName: string;
  /** The version in effect on `today`; a driver whose versions all start later: the earliest. */
  current: PayProfile;
  /** The other versions, newest first. */
  history: PayProfile[];
}

/** Each driver's pay: the version in effect and the others, drivers by name. */
export function driversPay(profiles: readonly PayProfile[], today: string): DriverPay[] {
  const groups = new Map<string, PayProfile[]>();
  for (const profile of profiles) groups.set(profile.driverId, [...(groups.get(profile.driverId) ?? []), profile]);
  const rows: DriverPay[] = [];
  for (const versions of groups.values()) {
    const sorted = [...versions].sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
    const current = sorted.find((profile) => profile.effectiveFrom <= today) ?? sorted.at(-1);
    if (current) {
      rows.push({
        driverId: current.driverId,
        driverName: current.driverName,
        current,
        history: sorted.filter((profile) => profile !== current),
      });
    }
  }
  return rows.sort((a, b) => a.driverName.localeCompare(b.driverName));
}
