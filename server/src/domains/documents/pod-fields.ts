import type { PodField, PodProposal } from '#shared/schemas/documents.js';
import type { TextLine } from '../../services/storage/pod-reader.js';

/**
 * Proof-of-delivery fields out of a POD's text (its PDF text layer, or OCR of a scan or photo):
 * each proposed value with the line it came from and a confidence, for a person to review. Only
 * what they confirm is stored.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const field = <Value>(value: Value | null, line: TextLine | null, certainty = 1): PodField<Value> => ({
  value,
  source: line?.text.trim() ?? null,
  confidence: line && value !== null ? Math.round(Math.min(1, line.confidence * certainty) * 100) / 100 : 0,
});

/** The first line whose label matches, and the text after the label. */
function labelled(lines: TextLine[], label: RegExp): { line: TextLine; rest: string } | null {
  for (const line of lines) {
    const match = label.exec(line.text);
    if (match) {
      const rest = line.text
        .slice(match.index + match[0].length)
        .replace(/^[\s:.\-#]+/, '')
        .trim();
      if (rest) return { line, rest };
    }
  }
  return null;
}

/** A date as YYYY-MM-DD from 2026-11-20, 11/20/2026, 11-20-26, Nov 20, 2026 or 20 Nov 2026. */
export function parseDate(text: string): string | null {
  const pad = (value: number) => String(value).padStart(2, '0');
  const valid = (year: number, month: number, day: number) => {
    const full = year < 100 ? 2000 + year : year;
    const date = new Date(Date.UTC(full, month - 1, day));
    return date.getUTCMonth() === month - 1 && full >= 2000 && full <= 2100 ? `${full}-${pad(month)}-${pad(day)}` : null;
  };
  let match = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/.exec(text);
  if (match) return valid(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})\b/.exec(text);
  if (match) return valid(Number(match[3]), Number(match[1]), Number(match[2]));
  match = /\b([a-z]{3})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i.exec(text);
  if (match && MONTHS.includes((match[1] ?? '').toLowerCase())) {
    return valid(Number(match[3]), MONTHS.indexOf((match[1] ?? '').toLowerCase()) + 1, Number(match[2]));
  }
  match = /\b(\d{1,2})\s+([a-z]{3})[a-z]*\.?,?\s+(\d{4})\b/i.exec(text);
  if (match && MONTHS.includes((match[2] ?? '').toLowerCase())) {
    return valid(Number(match[3]), MONTHS.indexOf((match[2] ?? '').toLowerCase()) + 1, Number(match[1]));
  }
  return null;
}

/** A time as HH:MM (24 h) from 14:30, 2:30 PM, 2.30pm. */
export function parseTime(text: string): string | null {
  const match = /\b(\d{1,2})[:.](\d{2})\s*([ap])?\.?\s*m?\.?\b/i.exec(text);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2]);
  const half = match[3]?.toLowerCase();
  if (half === 'p' && hours < 12) hours += 12;
  if (half === 'a' && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

const GOOD = /\b(good|ok|okay|no (?:exceptions?|damages?|shortages?)|clean|intact|excellent)\b/i;
const BAD = /\b(damaged?|broken|torn|crushed|wet|short(?:age)?|missing|refused|exceptions? noted|dented|leak(?:ing)?)\b/i;

export function proposePodFields(lines: TextLine[]): PodProposal {
  const clean = lines.map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() })).filter((line) => line.text);

  const dateLine =
    labelled(clean, /\b(delivery date|delivered on|date delivered|date of delivery|delivery)\b(?=[^a-z]*\d|[^a-z]*[a-z]{3}\s+\d)/i) ??
    labelled(clean, /\bdate\b/i);
  const dateFrom = dateLine ? { line: dateLine.line, value: parseDate(dateLine.rest) } : null;
  const anyDate = dateFrom?.value
    ? dateFrom
    : (() => {
        const line = clean.find((candidate) => parseDate(candidate.text));
        return line ? { line, value: parseDate(line.text) } : null;
      })();

  const timeLine = labelled(clean, /\b(delivery time|time delivered|time of delivery|arrival time|time in|time)\b/i);
  const timeValue = timeLine ? parseTime(timeLine.rest) : null;

  const recipient = labelled(clean, /\b(received by|recipient(?: name)?|consignee signature name|signed by|receiver|print name|name)\b/i);
  const recipientName = recipient
    ? recipient.rest
        .replace(/\s+(signature|date|time)\b.*$/i, '')
        .replace(/[^\p{L}\p{M}' .-]/gu, '')
        .trim()
    : '';

  const signature = labelled(clean, /\b(signature|signed|sign)\b/i);
  const signed = signature
    ? !/\b(none|no|missing|not signed|unsigned|refused)\b/i.test(signature.rest) && /\w/.test(signature.rest)
    : false;

  const location = labelled(clean, /\b(location|delivered to|delivery address|ship to|consignee address|address|destination)\b/i);

  const conditionLine = labelled(clean, /\b(condition|exceptions?|os&d|remarks on condition)\b/i);
  const condition = conditionLine ? (BAD.test(conditionLine.rest) ? 'other' : GOOD.test(conditionLine.rest) ? 'good' : 'other') : null;
  const damageLine = !conditionLine ? (clean.find((line) => BAD.test(line.text)) ?? null) : null;

  const notes = labelled(clean, /\b(notes?|remarks|comments?)\b/i);

  return {
    deliveryDate: field(anyDate?.value ?? null, anyDate?.line ?? null, dateLine?.line === anyDate?.line ? 1 : 0.6),
    deliveryTime: field(timeValue, timeLine?.line ?? null),
    recipientName: field(recipientName || null, recipient?.line ?? null),
    recipientSignature: field(signature ? signed : null, signature?.line ?? null, 0.8),
    location: field(location?.rest ?? null, location?.line ?? null),
    condition: field(condition ?? (damageLine ? 'other' : null), conditionLine?.line ?? damageLine, conditionLine ? 1 : 0.6),
    notes: field(
      notes?.rest ?? (conditionLine && condition === 'other' ? conditionLine.rest : null),
      notes?.line ?? conditionLine?.line ?? null,
    ),
  };
}
