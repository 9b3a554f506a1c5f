import { Badge } from '@chakra-ui/react';
import type { InvoiceDisplayStatus } from '#shared/schemas/invoices.js';

/** A different colour for each invoice status (the spec), overdue in red. */
const PALETTES: Record<InvoiceDisplayStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  paid: 'green',
  overdue: 'red',
  void: 'orange',
};

const LABELS: Record<InvoiceDisplayStatus, string> = { draft: 'Draft', sent: 'Sent', paid: 'Paid', overdue: 'Overdue', void: 'Void' };

export function InvoiceStatusBadge({ status }: { status: InvoiceDisplayStatus }) {
  return (
    <Badge colorPalette={PALETTES[status]} variant="subtle">
      {LABELS[status]}
    </Badge>
  );
}
