import { totalRate } from '#shared/rules/load-rate.js';
import { ACCESSORIAL_LABELS, type LoadAccessorial } from '#shared/schemas/loads.js';

/** One line of an invoice: what is charged and its amount (an exact decimal string, negative for a deduction). */
export interface InvoiceLine {
  description: string;
  amount: string;
}

/** What an invoice's lines are made from: its amount and its load (if any) with the line haul and the charges. */
export interface InvoiceLineSource {
  amount: string;
  load: {
    loadNumber: string;
    pickupCity: string;
    pickupState: string;
    deliveryCity: string;
    deliveryState: string;
    commodity: string | null;
    lineHaul: string | null;
    accessorials: readonly LoadAccessorial[];
  } | null;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const decimal = (value: number) =>
  `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

/**
 * The invoice's lines (issue 26, item 3): a load with accessorial charges is billed as its line
 * haul and each charge, a line each; when the invoice's amount differs from their total (the
 * amount was changed on the invoice), an "Adjustment" line makes up the difference, so the lines
 * always add up to the amount due. Without charges (or without a load) it is one line of freight
 * charges, as before.
 */
export function invoiceLines({ amount, load }: InvoiceLineSource): InvoiceLine[] {
  const lane = load
    ? `load ${load.loadNumber}: ${load.pickupCity}, ${load.pickupState} to ${load.deliveryCity}, ${load.deliveryState}${load.commodity ? ` (${load.commodity})` : ''}`
    : '';
  if (!load || load.accessorials.length === 0) return [{ description: load ? `Freight charges, ${lane}` : 'Freight charges', amount }];
  const lines: InvoiceLine[] = [{ description: `Line haul, ${lane}`, amount: load.lineHaul ?? '0.00' }];
  for (const charge of load.accessorials) {
    lines.push({
      description: `${ACCESSORIAL_LABELS[charge.type]}${charge.description ? `: ${charge.description}` : ''}`,
      amount: charge.amount,
    });
  }
  const difference = cents(amount) - cents(totalRate(load.lineHaul, load.accessorials) ?? '0');
  if (difference !== 0) lines.push({ description: 'Adjustment', amount: decimal(difference) });
  return lines;
}
