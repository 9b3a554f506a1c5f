import type { AccessorialType, CreateLoadInput, LoadAccessorialInput, LoadStopInput } from '#shared/schemas/loads.js';
import type { RateConExtractOutput, RateConStop } from '#shared/schemas/rate-cons.js';
import { blankStop } from '../LoadStopsFields';
import type { ReadMarks } from './read-marks';

/**
 * What an imported rate con puts into the Create Load form (issue 29): the values read and which
 * fields they fill (their marks). The reference number is the broker's; the stops in order (the
 * first pickup and the last delivery are the load's own, the ones between its stops); an
 * appointment window "08:00-14:00" becomes the stop's From and To, "FCFS" its first come, first
 * served, anything else the stop's notes; the line haul goes to Line Haul, the fuel surcharge and
 * the accessorials to the charges; with no line items the total rate is the line haul.
 */
export interface RateConPrefill {
  values: Partial<CreateLoadInput>;
  marks: ReadMarks;
}

const TIME = /(\d{1,2}):?(\d{2})\s*(am|pm)?/i;

function time(text: string): string | null {
  const match = TIME.exec(text);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const meridiem = match[3]?.toLowerCase();
  if (meridiem === 'pm' && hours < 12) hours += 12;
  if (meridiem === 'am' && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** An appointment as written: a window's From and To, first come first served, or (anything else) a note. */
export function appointmentOf(text: string | null): Pick<LoadStopInput, 'fromTime' | 'toTime' | 'firstComeFirstServed'> & { note: string } {
  const none = { fromTime: '', toTime: '', firstComeFirstServed: false, note: '' };
  if (!text?.trim()) return none;
  if (/\b(fcfs|first come)/i.test(text)) return { ...none, firstComeFirstServed: true };
  const [from, to, ...rest] = text.split(/\s*(?:-|–|—|\bto\b)\s*/i);
  const fromTime = from ? time(from) : null;
  const toTime = to ? time(to) : null;
  if (fromTime && rest.length === 0) return { ...none, fromTime, toTime: toTime ?? '' };
  return { ...none, note: `Appointment: ${text.trim()}` };
}

function stopOf(stop: RateConStop, type: 'pickup' | 'drop'): LoadStopInput {
  const appointment = appointmentOf(stop.appointment);
  const hasDate = Boolean(stop.date);
  const windowFits = hasDate && (appointment.fromTime || appointment.firstComeFirstServed);
  return {
    ...blankStop(type),
    address: stop.location ?? '',
    city: stop.city ?? '',
    state: (stop.state ?? '').toUpperCase(),
    zip: stop.zip ?? '',
    date: stop.date ?? '',
    // A window needs its date (the form's rule): without one it stays a note.
    ...(windowFits
      ? { fromTime: appointment.fromTime, toTime: appointment.toTime, firstComeFirstServed: appointment.firstComeFirstServed }
      : {}),
    notes: appointment.note || (!windowFits && stop.appointment ? `Appointment: ${stop.appointment}` : ''),
  };
}

/** Cents of a decimal string ("1,250.00", "1250.5"), or null. */
function centsOf(amount: string): number | null {
  const text = amount.replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return text.startsWith('-') ? -cents : cents;
}

const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const ACCESSORIAL_WORDS: Array<[RegExp, AccessorialType]> = [
  [/detention/i, 'detention'],
  [/lumper/i, 'lumper'],
  [/stop[\s-]?off|extra stop/i, 'stop_off'],
  [/layover/i, 'layover'],
  [/tonu|truck order(ed)? not used/i, 'tonu'],
  [/fuel/i, 'fuel_surcharge'],
];

export function prefillOf(read: RateConExtractOutput): RateConPrefill {
  const { fields } = read;
  const values: Partial<CreateLoadInput> = {};
  const marks: ReadMarks = {};
  const mark = (name: string, confidence: number | null) => {
    marks[name] = { confidence };
  };
  if (fields.referenceNumber.value) {
    values.referenceNumber = fields.referenceNumber.value;
    mark('referenceNumber', fields.referenceNumber.confidence);
  }
  if (fields.commodity.value) {
    values.commodity = fields.commodity.value;
    mark('commodity', fields.commodity.confidence);
  }
  if (fields.weight.value !== null) {
    values.weight = String(fields.weight.value);
    mark('weight', fields.weight.confidence);
  }

  // The stops: as read, in order; else the two ends from the fields.
  const pickups = read.stops.filter((stop) => stop.type === 'pickup');
  const deliveries = read.stops.filter((stop) => stop.type === 'delivery');
  const fromFields = (type: 'pickup' | 'delivery'): RateConStop => ({
    type,
    location: fields[`${type}Location`].value,
    city: fields[`${type}City`].value,
    state: fields[`${type}State`].value,
    zip: null,
    date: fields[`${type}Date`].value,
    appointment: null,
  });
  const ordered = pickups.length > 0 && deliveries.length > 0 ? read.stops : [fromFields('pickup'), fromFields('delivery')];
  const firstPickup = ordered.findIndex((stop) => stop.type === 'pickup');
  const lastDelivery = ordered.map((stop) => stop.type).lastIndexOf('delivery');
  const between = ordered.filter((_, index) => index > firstPickup && index < lastDelivery);
  const first = ordered[firstPickup] ?? fromFields('pickup');
  const last = ordered[lastDelivery] ?? fromFields('delivery');
  const stops = [first, ...between, last].map((stop, index, all) =>
    stopOf(stop, index === 0 ? 'pickup' : index === all.length - 1 ? 'drop' : stop.type === 'pickup' ? 'pickup' : 'drop'),
  );
  values.stops = stops;
  const lastIndex = stops.length - 1;
  for (const [end, index] of [
    ['pickup', 0],
    ['delivery', lastIndex],
  ] as const) {
    const stop = stops[index];
    if (!stop) continue;
    if (stop.address) mark(`stops.${index}.address`, fields[`${end}Location`].value ? fields[`${end}Location`].confidence : null);
    if (stop.city) mark(`stops.${index}.city`, fields[`${end}City`].value ? fields[`${end}City`].confidence : null);
    if (stop.state) mark(`stops.${index}.state`, fields[`${end}State`].value ? fields[`${end}State`].confidence : null);
    if (stop.date) mark(`stops.${index}.date`, fields[`${end}Date`].value ? fields[`${end}Date`].confidence : null);
    if (stop.fromTime || stop.firstComeFirstServed) mark(`stops.${index}.fromTime`, null);
  }
  for (let index = 1; index < lastIndex; index += 1) {
    const stop = stops[index];
    if (stop?.city) mark(`stops.${index}.city`, null);
    if (stop?.address) mark(`stops.${index}.address`, null);
  }

  // The pay: line haul, then the charges; the total read is the line haul when nothing is itemised.
  const charges: LoadAccessorialInput[] = [];
  let lineHaulCents: number | null = null;
  for (const item of read.lineItems) {
    const cents = centsOf(item.amount);
    if (cents === null) continue;
    if (item.kind === 'line_haul') lineHaulCents = (lineHaulCents ?? 0) + cents;
    else {
      const type =
        item.kind === 'fuel_surcharge'
          ? 'fuel_surcharge'
          : (ACCESSORIAL_WORDS.find(([pattern]) => pattern.test(item.description))?.[1] ?? 'other');
      charges.push({ type, description: type === 'other' || type === 'fuel_surcharge' ? item.description : '', amount: money(cents) });
    }
  }
  const rateCents = fields.rate.value === null ? null : Math.round(fields.rate.value * 100);
  if (lineHaulCents === null && rateCents !== null) {
    const chargedCents = charges.reduce((sum, charge) => sum + (centsOf(String(charge.amount ?? '')) ?? 0), 0);
    lineHaulCents = rateCents - chargedCents > 0 ? rateCents - chargedCents : rateCents;
    if (lineHaulCents === rateCents) charges.length = 0;
  }
  if (lineHaulCents !== null) {
    values.lineHaul = money(lineHaulCents);
    mark('lineHaul', fields.rate.value !== null ? fields.rate.confidence : null);
  }
  if (charges.length > 0) {
    values.accessorials = charges;
    charges.forEach((_, index) => mark(`accessorials.${index}.amount`, null));
  }

  if (read.brokerMatch) {
    values.brokerId = read.brokerMatch.id;
    const mc = fields.brokerMc.value?.replace(/\D/g, '');
    marks.brokerId = {
      confidence: read.brokerMatch.matchedBy === 'mc' ? fields.brokerMc.confidence : fields.brokerName.confidence,
      note:
        read.brokerMatch.matchedBy === 'mc'
          ? `Matched by MC ${mc ?? ''}`.trim()
          : `Matched by name (${fields.brokerName.value ?? read.brokerMatch.name})`,
    };
  }
  return { values, marks };
}
