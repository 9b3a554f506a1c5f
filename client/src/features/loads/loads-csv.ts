import type { LoadListItem } from '#shared/schemas/loads.js';
import { statusLabel } from '../../components/StatusBadge';
import { FLAG_LABELS } from './board-filters';
import { dispatcherLabel, equipmentLabel } from './board-labels';

/**
 * "Export CSV" of the board's selected rows (issue 26, item 2): the table's visible columns, in
 * its order, as a spreadsheet reads them (RFC 4180 quoting, CRLF). Dates stay ISO and money plain
 * decimals, so a spreadsheet sorts and sums them. A cell starting like a formula is prefixed with
 * an apostrophe, so opening the file never runs what a load's text holds.
 */
const COLUMNS: [header: string, value: (load: LoadListItem) => string | null][] = [
  ['Load number', (load) => load.loadNumber],
  ['Status', (load) => statusLabel(load.status)],
  ['Pickup', (load) => `${load.pickupCity}, ${load.pickupState}`],
  ['Delivery', (load) => `${load.deliveryCity}, ${load.deliveryState}`],
  ['Stops between', (load) => String(load.extraStops)],
  ['Pickup date', (load) => load.pickupDate],
  ['Delivery date', (load) => load.deliveryDate],
  ['Equipment', (load) => (load.equipmentType ? equipmentLabel(load) : null)],
  ['Driver', (load) => load.driverName],
  ['Dispatcher', (load) => (load.dispatcherId || load.dispatcherName ? dispatcherLabel(load) : null)],
  ['Broker', (load) => load.brokerName],
  ['Carrier', (load) => load.carrierName],
  ['Rate', (load) => load.rate],
  ['Rate per mile', (load) => load.ratePerMile],
  ['Flag', (load) => (load.flag ? FLAG_LABELS[load.flag] : null)],
];

export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function loadsCsv(loads: readonly LoadListItem[]): string {
  const lines = [COLUMNS.map(([header]) => csvCell(header)), ...loads.map((load) => COLUMNS.map(([, value]) => csvCell(value(load))))];
  return `${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

/** Downloads the text as a file, in the browser, without a round trip. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
