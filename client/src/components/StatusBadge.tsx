import { Badge } from '@chakra-ui/react';

const palettes: Record<string, string> = {
  pending: 'gray',
  assigned: 'blue',
  picked: 'purple',
  in_transit: 'orange',
  delivered: 'green',
  cancelled: 'red',
  available: 'green',
  on_route: 'blue',
  off_duty: 'gray',
  approved: 'green',
  rejected: 'red',
  active: 'green',
  idle: 'yellow',
  offline: 'red',
  suspended: 'red',
  queued: 'gray',
  sent: 'blue',
  failed: 'red',
  paid: 'green',
  overdue: 'red',
  draft: 'gray',
};

/** The colour palette of a status (a badge's, or a list's own light badge, as the loads' cards have). */
export const statusPalette = (status: string) => palettes[status] ?? 'gray';

export const statusLabel = (status: string) => status.replaceAll('_', ' ').replace(/^\w/, (letter) => letter.toUpperCase());

/** One badge for every status in the product, coloured by meaning. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge colorPalette={statusPalette(status)} variant="subtle" textTransform="capitalize">
      {statusLabel(status)}
    </Badge>
  );
}
