/**
 * The fields of a rate confirmation from its layout: a value right of its label or below it,
 * stops anchored on their "City, ST 12345" line and typed by the nearest pickup or delivery
 * heading (above, or to the left in a table row), the carrier's own section skipped, and a second
 * page of terms never read for amounts or dates.
 */
import { buildLayout, gapX, gapY, type Layout, type Segment } from './layout.js';
import {
  APPOINTMENT_PATTERN,
  decimal,
  EMAIL_PATTERN,
  MC_PATTERN,
  normaliseMc,
  parseDate,
  parseMoney,
  parsePhone,
  parseWeight,
  PHONE_PATTERN,
  stateCode,
  yearOf,
} from './normalise.js';
import type { Word } from './read.js';

export interface Found<T> {
  value: T;
  confidence: number;
}

export interface ReadStop {
  type: 'pickup' | 'delivery';
  location: string | null;
  city: string;
  state: string;
  zip: string;
  date: string | null;
  appointment: string | null;
  confidence: number;
}

export interface ReadDocument {
  referenceNumber: Found<string> | null;
  brokerName: Found<string> | null;
  brokerMc: Found<string> | null;
  brokerPhone: Found<string> | null;
  brokerEmail: Found<string> | null;
  commodity: Found<string> | null;
  weight: Found<number> | null;
  rate: Found<number> | null;
  stops: ReadStop[];
  lineItems: { kind: 'line_haul' | 'fuel_surcharge' | 'accessorial'; description: string; amount: string }[];
  looksLikeRateCon: boolean;
}

/** How much a value found by a guess (no label of its own) is trusted beside a direct label hit. */
const GUESS = 0.6;

const TERMS_HEADING = /^\s*(?:standard\s+|general\s+)?terms\s*(?:and|&)\s*conditions\b/i;
const CARRIER_HEADING = /^carrier(?:'s)?(?:\s+(?:information|info|details|contact))?\s*:?$/i;
const CARRIER_LABEL = /^carrier(?:'s)?\s*(?:name|mc|#|no\.?)\s*[#:.]?\s*$|^carrier(?:'s)?\s*(?:name|mc|#|no\.?)?\s*:/i;
const CARRIER_WORDS = /\b(?:carrier|driver|truck\s*#?|trailer\s*#?|dispatcher)\b/i;
const PICKUP_WORDS = /\b(?:pick\s*-?\s*up|pu|shipper|origin|load(?:ing)?\s+at|ship\s+from)\b/i;
const PICKUP_REF = /\b(?:pick\s*-?\s*up|pu|po)\s*(?:#|no\b|number)/i;
const DELIVERY_WORDS = /\b(?:deliver(?:y|ies)?|drop(?:\s+at)?|consignee|destination|receiver|ship\s+to|unload(?:ing)?|so)\b/i;
const STOPPER_WORDS = /\b(?:broker|carrier|bill\s+to|remit(?:\s+to)?)\b/i;
const REFERENCE_LABEL =
  /\b(?:load|order|confirmation|conf|shipment|reference|ref|pro|tender|trip|booking)\s*(?:#|no\.?|num(?:ber)?|id)(?![a-z])\s*[:.]?/i;
const REFERENCE_VALUE = /(?:^|[\s:#])([A-Z]{0,4}-?\d[A-Z0-9-]{3,})\b/i;
const BROKER_LABEL =
  /^(?:broker(?:\s+name)?|brokered\s+by|issued\s+by|broker\s*\/\s*shipper)\s*:?\s*(?!\s*(?:mc|phone|tel|email|fax|#|contact))/i;
const TITLE_WORDS = /\b(?:rate|confirmation|tender|agreement|dispatch\s+sheet|carrier)\b/i;
const COMMODITY_LABEL = /^(?:commodity|description|product|contents|cargo|freight\s+description)\b\s*:?/i;
const WEIGHT_LABEL = /\b(?:gross\s+weight|weight|wt)\b\.?\s*:?/i;
const TOTAL_LABEL = /^(?:grand\s+)?total(?:\s+(?:carrier\s+pay|rate|due(?:\s+carrier)?|amount|pay|charges|cost))?\s*:?/i;
const PROSE_TOTAL = /\btotal\s+(?:rate|pay|amount|carrier\s+pay|price)\b[^$\d]{0,40}/i;
const RATE_LABEL = /\b(?:total\s+rate|flat\s+rate|agreed\s+rate|all[- ]in(?:\s+rate)?|rate|line\s*haul)\b\s*:?/i;
const LINE_HAUL = /\bline\s*haul\b/i;
const ITEM_LABEL =
  /^(line\s*haul|linehaul|base\s+rate|flat\s+rate|fuel(?:\s+surcharge)?|fsc|detention|lumper(?:\s+fee)?|stop[- ]?off(?:\s+charge)?|tarp(?:\s+fee)?|driver\s+assist|layover|tonu|accessorials?|extra\s+stop)\b\s*:?/i;
/** A stop's own label at the start of its line: "Pickup:", "Delivery 2 -", "Consignee #1:". */
const OWN_STOP_LABEL =
  /^\s*(?:(?:stop\s*#?\s*\d{1,2}\s*[-:]?\s*)?(?:pick\s*-?\s*up|shipper|origin|ship\s+from|deliver(?:y|ies)?|drop|consignee|destination|receiver|ship\s+to)(?:\s*#?\s*\d{1,2})?)\s*[:-]\s*/i;
const ADDRESS = /(?:^|,\s*)([A-Za-z][A-Za-z.'\- ]*?),\s*([A-Za-z]{2})\.?,?\s+(\d{5})(?:-\d{4})?\b/;
const STREET = /^\d{1,6}[A-Za-z]?\s+[A-Za-z0-9][A-Za-z0-9 .'#/-]*$/;
const OTHER_DOCUMENT = /\b(?:invoice|proof\s+of\s+delivery|bill\s+of\s+lading|delivery\s+receipt|packing\s+list|statement)\b/i;
const RATE_CON_TITLE =
  /\brate\s*con(?:firmation|f)?\b|\bload\s+confirmation\b|\bcarrier\s+confirmation\b|\brate\s+agreement\b|\bload\s+tender\b|\bconfirmation\s+of\s+(?:rate|load)/i;

const clean = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[\s:;,.|-]+|[\s:;,|-]+$/g, '')
    .replace(/\.$/, '')
    .trim();

const normalName = (text: string | null | undefined) => (text ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');

class Reader {
  readonly segments: Segment[];
  readonly unit: number;
  readonly carrier = new Set<Segment>();
  readonly year: number;

  constructor(
    readonly layout: Layout,
    readonly carrierName: string | null,
    readonly carrierMc: string | null,
  ) {
    this.unit = layout.unit;
    this.segments = withoutTerms(layout.segments);
    this.year = yearOf(this.segments.map((segment) => segment.text).join('\n')) ?? new Date().getUTCFullYear();
    this.markCarrier();
  }

  private markCarrier(): void {
    const carrierKey = normalName(this.carrierName);
    for (const segment of this.segments) {
      const text = segment.text.trim();
      if (carrierKey.length >= 4 && normalName(text).includes(carrierKey)) this.carrier.add(segment);
      if (this.carrierMc && normaliseMc(MC_PATTERN.exec(text)?.[1]) === normaliseMc(this.carrierMc)) this.carrier.add(segment);
      if (CARRIER_HEADING.test(text) || CARRIER_LABEL.test(text)) {
        this.carrier.add(segment);
        // A "Carrier" heading or label: what stands below it in its column, down to a gap or the next section.
        const heading = CARRIER_HEADING.test(text);
        let last = segment;
        const below = this.segments
          .filter(
            (other) =>
              other.page === segment.page &&
              other.y0 > segment.y0 + this.unit * 0.5 &&
              other.x0 >= segment.x0 - this.unit * 2 &&
              other.x0 <= segment.x0 + this.unit * 20,
          )
          .sort((a, b) => a.y0 - b.y0);
        for (const other of below) {
          if (gapY(last, other, this.unit) > 2.4 && last !== segment) break;
          if (gapY(segment, other, this.unit) > (heading ? 7 : 2.6)) break;
          if (
            looksLikeLabel(other.text) ||
            PICKUP_WORDS.test(other.text) ||
            DELIVERY_WORDS.test(other.text) ||
            /\bbroker\b/i.test(other.text) ||
            TOTAL_LABEL.test(other.text)
          )
            break;
          this.carrier.add(other);
          last = other;
        }
      }
      if (carrierKey && normalName(text) === carrierKey) this.carrier.add(segment);
    }
  }

  private sameLineRight(segment: Segment): Segment[] {
    return this.segments.filter((other) => other.line === segment.line && other.x0 >= segment.x1 - 1).sort((a, b) => a.x0 - b.x0);
  }

  private above(segment: Segment): Segment[] {
    return this.segments.filter((other) => {
      const dy = gapY(other, segment, this.unit);
      return dy > 0.6 && dy <= 2.6 && gapX(segment, other, this.unit) === 0;
    });
  }

  private below(segment: Segment, within: number): Segment[] {
    return this.segments
      .filter((other) => {
        const dy = gapY(segment, other, this.unit);
        const gap = (other.y0 - segment.y1) / this.unit;
        return (
          dy > 0.6 &&
          (dy <= within || gap <= within - 1.2) &&
          (gapX(segment, other, this.unit) === 0 || Math.abs(other.x0 - segment.x0) < this.unit * 2)
        );
      })
      .sort((a, b) => a.y0 - b.y0);
  }

  /** The value of the first label matching `label`: right of it on its segment, then the next segment right, then below it. */
  labelled<T>(
    label: RegExp,
    accept: (text: string) => T | null,
    options: { skipCarrier?: boolean; below?: number; where?: (segment: Segment) => boolean } = {},
  ): (Found<T> & { segment: Segment }) | null {
    for (const found of this.eachLabelled(label, accept, options)) return found;
    return null;
  }

  /** Every label matching `label` with its value, in reading order (labelled() takes the first). */
  *eachLabelled<T>(
    label: RegExp,
    accept: (text: string) => T | null,
    options: { skipCarrier?: boolean; below?: number; where?: (segment: Segment) => boolean } = {},
  ): Generator<Found<T> & { segment: Segment; label: Segment }> {
    for (const segment of this.segments) {
      if (options.skipCarrier !== false && this.carrier.has(segment)) continue;
      if (options.where && !options.where(segment)) continue;
      const match = label.exec(segment.text);
      if (!match) continue;
      const rest = segment.text.slice(match.index + match[0].length).replace(/^[\s’'`.,:;|]+/, '');
      const direct = accept(rest);
      if (direct !== null) {
        yield { value: direct, confidence: segment.confidence, segment, label: segment };
        continue;
      }
      if (rest.trim()) continue;
      const right = this.sameLineRight(segment)[0];
      if (right && gapX(segment, right, this.unit) < 25 && !looksLikeLabel(right.text)) {
        const value = accept(right.text);
        if (value !== null) {
          yield { value, confidence: Math.min(segment.confidence, right.confidence), segment: right, label: segment };
          continue;
        }
      }
      for (const under of this.below(segment, options.below ?? 2.6)) {
        const value = accept(under.text);
        if (value !== null) yield { value, confidence: Math.min(segment.confidence, under.confidence), segment: under, label: segment };
        break;
      }
    }
  }

  read(): ReadDocument {
    const referenceNumber = this.referenceNumber();
    const broker = this.brokerName();
    const stops = this.stops();
    const rate = this.rate();
    const top = this.segments
      .filter((segment) => segment.page === 0 && segment.line < 12)
      .map((segment) => segment.text)
      .join('\n');
    const titled = RATE_CON_TITLE.test(top);
    const otherDocument = OTHER_DOCUMENT.test(top) && !titled;
    const found = [referenceNumber, rate, stops.length > 0 ? stops : null].filter(Boolean).length;
    return {
      referenceNumber,
      brokerName: broker ? { value: broker.value, confidence: broker.confidence } : null,
      brokerMc: this.brokerMc(broker?.segment ?? null),
      brokerPhone: this.nearBroker(PHONE_PATTERN, parsePhone, broker?.segment ?? null, /\b(?:phone|tel|ph|call|office)\b/i),
      brokerEmail: this.nearBroker(
        EMAIL_PATTERN,
        (text) => EMAIL_PATTERN.exec(text)?.[0].toLowerCase() ?? null,
        broker?.segment ?? null,
        /\b(?:e-?mail|write)\b/i,
      ),
      commodity: this.commodity(),
      weight: this.weight(),
      rate,
      stops,
      lineItems: this.lineItems(),
      looksLikeRateCon: !otherDocument && (titled ? found >= 2 : found === 3 && stops.length >= 2),
    };
  }

  private referenceNumber(): Found<string> | null {
    const found = this.labelled(REFERENCE_LABEL, (text) => {
      const match = REFERENCE_VALUE.exec(text);
      return match?.[1] ? match[1].toUpperCase().replace(/[.,]$/, '') : null;
    });
    if (found) return { value: found.value, confidence: found.confidence };
    // A load-number box whose label was not read: a lone number in large type near the top of the first page.
    const first = this.segments.filter((segment) => segment.page === 0);
    const top = Math.min(...first.map((segment) => segment.y0));
    const boxed = first.find(
      (segment) =>
        segment.y0 <= top + this.unit * 8 &&
        segment.y1 - segment.y0 >= this.unit * 1.15 &&
        /^[A-Z]{0,4}-?\d{5,}[A-Z0-9-]*$/i.test(segment.text.trim()) &&
        !this.carrier.has(segment) &&
        this.above(segment).every((other) => other.confidence < 0.5),
    );
    return boxed ? { value: boxed.text.trim().toUpperCase(), confidence: boxed.confidence * GUESS } : null;
  }

  private brokerName(): (Found<string> & { segment: Segment }) | null {
    const carrierKey = normalName(this.carrierName);
    const acceptName = (text: string) => {
      const name = clean(text.split(/\s{2,}|\|/)[0] ?? '');
      if (!/[A-Za-z]{2,}/.test(name) || name.length < 3 || /^\d/.test(name) || MC_PATTERN.test(name)) return null;
      if (carrierKey && normalName(name) === carrierKey) return null;
      return name;
    };
    const labelled = this.labelled(BROKER_LABEL, acceptName);
    if (labelled) return labelled;
    // The letterhead: the largest type near the top of the first page that is not the title.
    const first = this.segments.filter((segment) => segment.page === 0 && !this.carrier.has(segment));
    if (first.length === 0) return null;
    const top = Math.min(...first.map((segment) => segment.y0));
    const candidates = first
      .filter((segment) => segment.y0 <= top + this.unit * 14)
      .flatMap((segment) =>
        segment.text
          .split(/\s{2,}|\|/)
          .map((part) => clean(part))
          .filter(
            (part) =>
              part && !TITLE_WORDS.test(part) && /[A-Za-z]{3,}\s+[A-Za-z]/.test(part) && !/\d{3}/.test(part) && !REFERENCE_LABEL.test(part),
          )
          .map((part) => ({ part, segment })),
      )
      .filter(({ part }) => !carrierKey || normalName(part) !== carrierKey)
      .sort((a, b) => b.segment.y1 - b.segment.y0 - (a.segment.y1 - a.segment.y0) || a.segment.order - b.segment.order);
    const best = candidates[0];
    return best ? { value: best.part, confidence: best.segment.confidence * 0.8, segment: best.segment } : null;
  }

  private brokerMc(brokerSegment: Segment | null): Found<string> | null {
    const carrierMc = normaliseMc(this.carrierMc);
    const labelled = this.labelled(/^broker\s*mc\s*(?:#|number|no\.?)?\s*:?/i, (text) => normaliseMc(/^\s*(\d{5,8})\b/.exec(text)?.[1]));
    if (labelled && labelled.value !== carrierMc) return { value: labelled.value, confidence: labelled.confidence };
    const candidates: { value: string; segment: Segment; score: number }[] = [];
    for (const segment of this.segments) {
      if (this.carrier.has(segment)) continue;
      const match = MC_PATTERN.exec(segment.text);
      const value = normaliseMc(match?.[1]);
      if (!match || !value || value === carrierMc) continue;
      const before = segment.text.slice(0, match.index);
      if (CARRIER_WORDS.test(before) && !/\bbroker\b/i.test(before)) continue;
      const brokerWord = /\bbroker\b/i.test(before);
      const distance = brokerSegment ? Math.abs(segment.order - brokerSegment.order) : segment.order;
      candidates.push({ value, segment, score: brokerWord ? -1 : distance });
    }
    candidates.sort((a, b) => a.score - b.score);
    const best = candidates[0];
    return best ? { value: best.value, confidence: best.segment.confidence * (best.score <= 6 ? 1 : GUESS) } : null;
  }

  /** A phone or email of the broker's: not in the carrier's section, the one nearest the broker's name, a labelled one first. */
  private nearBroker(
    pattern: RegExp,
    read: (text: string) => string | null,
    brokerSegment: Segment | null,
    label: RegExp,
  ): Found<string> | null {
    const candidates: { value: string; segment: Segment; score: number }[] = [];
    for (const segment of this.segments) {
      if (this.carrier.has(segment)) continue;
      const match = pattern.exec(segment.text);
      if (!match) continue;
      const before = segment.text.slice(0, match.index);
      if (CARRIER_WORDS.test(before) && !/\bbroker\b/i.test(before)) continue;
      const value = read(segment.text.slice(match.index));
      if (!value) continue;
      const distance = brokerSegment ? Math.abs(segment.line - brokerSegment.line) : segment.line;
      candidates.push({ value, segment, score: distance - (label.test(before) ? 0.5 : 0) });
    }
    candidates.sort((a, b) => a.score - b.score);
    const best = candidates[0];
    return best ? { value: best.value, confidence: best.segment.confidence * (best.score <= 8 ? 1 : GUESS) } : null;
  }

  private commodity(): Found<string> | null {
    const found = this.labelled(COMMODITY_LABEL, (text) => {
      const value = clean(text.split(/\s{2,}|\.\s|\b(?:weight|wt|gross|equipment|pieces|pallets)\b/i)[0] ?? '');
      return /[A-Za-z]{3,}/.test(value) && !/^\$/.test(value) ? value : null;
    });
    return found ? { value: found.value, confidence: found.confidence } : null;
  }

  private weight(): Found<number> | null {
    const found = this.labelled(WEIGHT_LABEL, (text) => {
      const weight = parseWeight(text.split(/\s{2,}/)[0] ?? text);
      return weight !== null && weight >= 100 && weight <= 200_000 ? weight : null;
    });
    if (found) return { value: found.value, confidence: found.confidence };
    for (const segment of this.segments) {
      const weight = parseWeight(segment.text, true);
      if (weight !== null && weight >= 100 && weight <= 200_000) return { value: weight, confidence: segment.confidence * GUESS };
    }
    return null;
  }

  private rate(): Found<number> | null {
    const money = (text: string) => {
      const value = parseMoney(text);
      return value !== null && value > 0 ? value : null;
    };
    const totals = [...this.eachLabelled(TOTAL_LABEL, money)];
    const rates = [...this.eachLabelled(RATE_LABEL, money, { where: (segment) => !/\bper\b/i.test(segment.text) })];
    const lineHaul = (found: { label: Segment }) => LINE_HAUL.test(found.label.text);
    // A labelled total or rate that is the sum of the line items (two or more) is the total pay, wherever it is printed.
    const items = this.lineItems();
    const cents = (value: number) => Math.round(value * 100);
    const sum = items.reduce((total, item) => total + cents(Number(item.amount)), 0);
    const summed = items.length >= 2 ? [...totals, ...rates].find((found) => !lineHaul(found) && cents(found.value) === sum) : undefined;
    if (summed) return { value: summed.value, confidence: summed.confidence };
    const total = totals[0];
    if (total) return { value: total.value, confidence: total.confidence };
    for (const segment of this.segments) {
      const match = PROSE_TOTAL.exec(segment.text);
      if (!match) continue;
      const value = money(segment.text.slice(match.index + match[0].length, match.index + match[0].length + 30));
      if (value !== null) return { value, confidence: segment.confidence };
    }
    // A line haul is the total only when no larger rate is labelled beside it.
    const rate = rates.find((found) => !lineHaul(found) || !rates.some((other) => !lineHaul(other) && other.value > found.value));
    if (rate) return { value: rate.value, confidence: rate.confidence * 0.9 };
    return null;
  }

  private lineItems(): ReadDocument['lineItems'] {
    const items: ReadDocument['lineItems'] = [];
    for (const segment of this.segments) {
      if (this.carrier.has(segment)) continue;
      const match = ITEM_LABEL.exec(segment.text);
      if (!match) continue;
      const rest = segment.text.slice(match[0].length);
      let amount: number | null = null;
      if (/^\s*[:-]?\s*(?:\$|USD)?\s*[\d,]+(?:\.\d\d)?\s*$/i.test(rest)) amount = parseMoney(rest) ?? Number(rest.replace(/[^\d.]/g, ''));
      else if (!rest.trim()) {
        const right = this.sameLineRight(segment)[0];
        const under = this.below(segment, 2.6)[0];
        if (right && gapX(segment, right, this.unit) < 25) amount = parseMoney(right.text);
        if (amount === null && under) amount = /^\s*(?:\$|USD)/i.test(under.text) ? parseMoney(under.text) : null;
      }
      if (amount === null || !Number.isFinite(amount) || amount <= 0) continue;
      const label = (match[1] ?? '').toLowerCase();
      const kind = /line|base|flat/.test(label) ? 'line_haul' : /fuel|fsc/.test(label) ? 'fuel_surcharge' : 'accessorial';
      const description = clean(match[1] ?? '').replace(/\b\w/g, (letter) => letter.toUpperCase());
      items.push({ kind, description, amount: decimal(amount) });
    }
    return items;
  }

  // ---------------------------------------------------------------------------------------------
  // Stops

  private stops(): ReadStop[] {
    const anchors: { segment: Segment; city: string; state: string; zip: string; prefix: string }[] = [];
    for (const segment of this.segments) {
      if (this.carrier.has(segment)) continue;
      const match = ADDRESS.exec(segment.text);
      if (!match) continue;
      const state = stateCode(match[2] ?? '');
      if (!state) continue;
      const city = clean((match[1] ?? '').split(/\s{2,}/).pop() ?? '');
      if (!city || /\d/.test(city)) continue;
      anchors.push({ segment, city, state, zip: match[3] ?? '', prefix: segment.text.slice(0, match.index) });
    }
    const usedStreets = new Set<Segment>();
    const read: (ReadStop & { number: number | null; order: number })[] = [];
    for (const anchor of anchors) {
      const typed = this.ownStopType(anchor.segment, anchor.prefix) ?? this.stopType(anchor.segment);
      if (!typed) continue;
      const gridPrefix = /^(.*?)\s*(?:city\s*\/\s*state|city,?\s*st(?:ate)?|city|location)\s*:?$/i.exec(typed.label.text.trim())?.[1];
      const others = anchors.filter((other) => other !== anchor).map((other) => other.segment);
      let location = streetOf(anchor.prefix.replace(OWN_STOP_LABEL, ''));
      let confidence = anchor.segment.confidence;
      if (!location && gridPrefix)
        location = this.gridValue(`${gridPrefix} (?:address|street)`, (text) => (STREET.test(clean(text)) ? clean(text) : null));
      if (!location) {
        const street = this.nearestStreet(anchor.segment, usedStreets);
        if (street) {
          usedStreets.add(street.segment);
          location = street.value;
          confidence = Math.min(confidence, street.segment.confidence);
        }
      }
      let date: string | null = null;
      let appointment: string | null = null;
      if (gridPrefix) {
        date = this.gridValue(`${gridPrefix} date`, (text) => parseDate(text, this.year));
        appointment = this.gridValue(`${gridPrefix} (?:appt|appointment|time)`, (text) => APPOINTMENT_PATTERN.exec(text)?.[1] ?? null);
      }
      const area = this.stopArea(anchor.segment, others);
      date ??= firstOf(area, (text) => parseDate(text, this.year));
      appointment ??= firstOf(area, (text) => APPOINTMENT_PATTERN.exec(text)?.[1] ?? null);
      read.push({
        type: typed.type,
        location,
        city: anchor.city,
        state: anchor.state,
        zip: anchor.zip,
        date,
        appointment: appointment ? appointment.replace(/^(?:appt|appointment)\s*(?:at)?\s*/i, '') : null,
        confidence: Math.min(confidence, typed.label.confidence),
        number: typed.number,
        order: anchor.segment.order,
      });
    }
    const numbered = read.every((stop) => stop.number !== null) && new Set(read.map((stop) => stop.number)).size === read.length;
    read.sort((a, b) => (numbered ? (a.number ?? 0) - (b.number ?? 0) : a.order - b.order));
    return read.map(({ number, order, ...stop }) => {
      void number;
      void order;
      return stop;
    });
  }

  /**
   * Pickup or delivery from the stop's own line when it begins with its label, "Pickup: 123 Main St,
   * Dallas, TX 75201": that label is nearer than any heading above (which may be the previous stop's).
   */
  private ownStopType(anchor: Segment, prefix: string): { type: 'pickup' | 'delivery'; label: Segment; number: number | null } | null {
    const label = OWN_STOP_LABEL.exec(prefix)?.[0];
    if (!label) return null;
    const pickup = PICKUP_WORDS.test(label.replace(PICKUP_REF, ' '));
    const delivery = DELIVERY_WORDS.test(label);
    if (pickup === delivery) return null;
    const number = /\b(\d{1,2})\b/.exec(label)?.[1];
    return { type: pickup ? 'pickup' : 'delivery', label: anchor, number: number ? Number(number) : null };
  }

  /** Pickup or delivery: a heading in the row to the left (a table), else the nearest heading above in its column. */
  private stopType(anchor: Segment): { type: 'pickup' | 'delivery'; label: Segment; number: number | null } | null {
    const classify = (segment: Segment) => {
      const text = segment.text.replace(PICKUP_REF, ' ');
      const pickup = PICKUP_WORDS.exec(text);
      const delivery = DELIVERY_WORDS.exec(text);
      if (pickup && (!delivery || pickup.index <= delivery.index)) return 'pickup' as const;
      if (delivery) return 'delivery' as const;
      if (STOPPER_WORDS.test(text)) return 'stop' as const;
      return null;
    };
    const numberIn = (segment: Segment) => {
      const match = /\b(?:stop\s*)?#?(\d{1,2})\b/i.exec(segment.text.replace(/\d{5}|\d+[/:-]\d+/g, ' '));
      return match ? Number(match[1]) : null;
    };
    const row = this.segments.filter((other) => other.line === anchor.line && other.x1 <= anchor.x0 + 1).sort((a, b) => b.x0 - a.x0);
    for (const segment of row) {
      const type = classify(segment);
      if (type === 'pickup' || type === 'delivery') {
        const first = row[row.length - 1];
        const number = first && /^\d{1,2}\.?$/.test(first.text.trim()) ? Number.parseInt(first.text, 10) : numberIn(segment);
        return { type, label: segment, number };
      }
    }
    const above = this.segments
      .filter((other) => other.page === anchor.page && other.y0 < anchor.y0 - this.unit * 0.4 && gapY(other, anchor, this.unit) <= 12)
      .map((other) => ({ other, score: gapY(other, anchor, this.unit) + gapX(other, anchor, this.unit) / 2 }))
      .filter(({ score }) => score <= 14)
      .sort((a, b) => a.score - b.score);
    for (const { other } of above) {
      const type = classify(other);
      if (type === 'stop') return null;
      if (type) return { type, label: other, number: numberIn(other) };
    }
    return null;
  }

  /** A grid cell's value: the segment below the label `pattern` (e.g. "PICKUP 2 DATE"). */
  private gridValue<T>(pattern: string, accept: (text: string) => T | null): T | null {
    const label = new RegExp(`^${pattern.replace(/\s+/g, '\\s*')}\\s*[:.]?$`, 'i');
    const found = this.labelled(label, accept, { skipCarrier: false });
    return found?.value ?? null;
  }

  private nearestStreet(anchor: Segment, used: Set<Segment>): { value: string; segment: Segment } | null {
    const candidates = this.segments
      .filter(
        (other) => other !== anchor && !used.has(other) && !this.carrier.has(other) && Math.abs(gapY(anchor, other, this.unit)) <= 3.2,
      )
      .map((other) => ({
        other,
        value: streetOf(other.text),
        score: Math.abs(gapY(anchor, other, this.unit)) + gapX(anchor, other, this.unit) / 2,
      }))
      .filter(
        (candidate): candidate is { other: Segment; value: string; score: number } => candidate.value !== null && candidate.score <= 12,
      )
      .sort((a, b) => a.score - b.score);
    const best = candidates[0];
    return best ? { value: best.value, segment: best.other } : null;
  }

  /** The segments a stop's date and appointment are read from: its own line to the right, and below it in its column up to the next stop. */
  private stopArea(anchor: Segment, others: Segment[]): Segment[] {
    const limit = Math.min(
      5.2,
      ...others
        .filter((other) => gapY(anchor, other, this.unit) > 0.6 && gapX(anchor, other, this.unit) <= 2)
        .map((other) => gapY(anchor, other, this.unit)),
    );
    const right = this.sameLineRight(anchor);
    const below = this.segments
      .filter((other) => {
        const dy = gapY(anchor, other, this.unit);
        return dy > 0.6 && dy < limit && (gapX(anchor, other, this.unit) <= 2 || Math.abs(other.x0 - anchor.x0) < this.unit * 3);
      })
      .sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
    // A note beside a line of the stop's own ("Date: 11/29/2026   Appt: 08:00-14:00"), near enough not to be the next column's.
    const beside = below.flatMap((segment) =>
      this.sameLineRight(segment).filter((other) => !below.includes(other) && gapX(segment, other, this.unit) < 8),
    );
    return [anchor, ...right, ...below, ...beside];
  }
}

/** A label, not a value: a short all-capitals phrase without digits, or text ending in a colon. */
function looksLikeLabel(text: string): boolean {
  const trimmed = text.trim();
  return /:$/.test(trimmed) || (/^[A-Z][A-Z /#&.()’'-]*$/.test(trimmed) && trimmed.split(/\s+/).length <= 4);
}

function firstOf<T>(segments: Segment[], read: (text: string) => T | null): T | null {
  for (const segment of segments) {
    const value = read(segment.text);
    if (value !== null) return value;
  }
  return null;
}

/** A street line: the segment itself, or its last comma-separated part that starts with a number ("Facility, 1200 Main St"). */
function streetOf(text: string): string | null {
  const parts = text
    .split(/[,;]|\s{2,}/)
    .map((part) => clean(part.replace(/:/g, ' ')))
    .filter(Boolean);
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index] ?? '';
    if (STREET.test(part) && !/^\d+\s*(?:lbs?|#|kg)\b/i.test(part) && !/^\d{1,2}:\d{2}/.test(part) && /[A-Za-z]{2,}/.test(part))
      return part;
  }
  return null;
}

/** Everything from a "Terms and Conditions" heading on is the broker's boilerplate, never the load's. */
function withoutTerms(segments: Segment[]): Segment[] {
  const heading = segments.find((segment) => TERMS_HEADING.test(segment.text) && segment.text.length < 60);
  if (!heading) return segments;
  return segments.filter((segment) => segment.page < heading.page || (segment.page === heading.page && segment.y0 < heading.y0 - 1));
}

export function readDocument(words: Word[], carrierName: string | null, carrierMc: string | null): ReadDocument {
  return new Reader(buildLayout(words), carrierName, carrierMc).read();
}
