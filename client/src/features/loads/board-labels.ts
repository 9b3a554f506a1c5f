import { EQUIPMENT_LABELS, type LoadListItem } from '#shared/schemas/loads.js';
import { DISPATCHER_TEXTS } from '#shared/schemas/loads-dispatcher.js';

/** How the board (the table and its CSV) writes a row's denser cells (issue 26, item 2). */

/** "+2 stops": the stops between a load's pickup and delivery. */
export const stopsLabel = (count: number) => `${count} ${count === 1 ? 'stop' : 'stops'}`;

/** The Equipment cell: the type, and a reefer's setpoint ("Reefer 34°F"); a dash without one. */
export function equipmentLabel(load: Pick<LoadListItem, 'equipmentType' | 'temperature'>): string {
  if (!load.equipmentType) return '—';
  const label = EQUIPMENT_LABELS[load.equipmentType];
  return load.equipmentType === 'reefer' && load.temperature !== null ? `${label} ${Number(load.temperature)}°F` : label;
}

/** The Dispatcher cell: the name as when assigned; a former member without a name, or none. */
export const dispatcherLabel = (load: Pick<LoadListItem, 'dispatcherId' | 'dispatcherName'>) =>
  load.dispatcherName ?? (load.dispatcherId ? DISPATCHER_TEXTS.former : '—');
