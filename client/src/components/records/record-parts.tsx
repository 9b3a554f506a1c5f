import type { ReactNode } from 'react';
import { Box, Button, HStack, IconButton, Link, Text } from '@chakra-ui/react';
import type { Control, FieldValues } from 'react-hook-form';
import { EMAIL_MAX, PHONE_MAX } from '#shared/schemas/fields.js';
import type { Column } from '../DataTable';
import { FormField } from '../FormField';

/** Pieces the record screens (drivers, brokers, carriers) share: row actions, contact links, columns and "Load more". */

export interface RecordAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  isDestructive?: boolean;
}

/**
 * A record's actions: icon buttons in a table row (named for screen readers, with a tooltip),
 * labelled buttons on a phone's card. Each names the record it acts on ("Delete: Rosa Alvarez").
 */
export function RecordActions({ recordName, actions, withText }: { recordName: string; actions: RecordAction[]; withText: boolean }) {
  return (
    <HStack gap="1" justify={withText ? 'flex-start' : 'flex-end'} wrap={withText ? 'wrap' : 'nowrap'}>
      {actions.map((action) => {
        const common = {
          size: 'sm',
          colorPalette: action.isDestructive ? 'red' : 'gray',
          onClick: action.onClick,
          'aria-label': `${action.label}: ${recordName}`,
        } as const;
        return withText ? (
          <Button key={action.label} {...common} variant="outline">
            {action.icon} {action.label}
          </Button>
        ) : (
          <IconButton key={action.label} {...common} variant="ghost" title={action.label}>
            {action.icon}
          </IconButton>
        );
      })}
    </HStack>
  );
}

/** A phone number or email address people can tap, or a dash when there is none. */
export function ContactLink({ kind, value }: { kind: 'tel' | 'mailto'; value: string | null }) {
  if (!value) return <Text color="gray.600">—</Text>;
  if (kind === 'tel') {
    return (
      <Link href={`tel:${value.replace(/[^\d+]/g, '')}`} color="blue.700" whiteSpace="nowrap">
        {value}
      </Link>
    );
  }
  return (
    <Link href={`mailto:${value}`} color="blue.700" overflowWrap="anywhere">
      {value}
    </Link>
  );
}

// "Load more" lives in LoadMore.tsx (no form library), for lists that have no form on their first screen.
export { LoadMore } from './LoadMore';

/** A value, or a dash when there is none. */
export const dash = (value: string | null) => value || '—';

/** The Phone and Email columns of a record with contact details. */
export function contactColumns<Row extends { phone: string | null; email: string | null }>(): Column<Row>[] {
  return [
    { key: 'phone', header: 'Phone', cell: (row) => <ContactLink kind="tel" value={row.phone} /> },
    { key: 'email', header: 'Email', cell: (row) => <ContactLink kind="mailto" value={row.email} /> },
  ];
}

/** A phone's card lines for the same contact details. */
export function ContactLines({ row }: { row: { phone: string | null; email: string | null } }) {
  return (
    <>
      <ContactLink kind="tel" value={row.phone} />
      <ContactLink kind="mailto" value={row.email} />
    </>
  );
}

/** A form field that takes both columns of a record form's grid. */
export function Wide({ children }: { children: ReactNode }) {
  return <Box gridColumn={{ md: 'span 2' }}>{children}</Box>;
}

type ContactValues = { email?: string | null; phone?: string | null };

/** A record form's Email and Phone (someone else's, so the browser does not fill in one's own). */
export function ContactFields<Values extends ContactValues, Output extends FieldValues>({
  control,
}: {
  control: Control<Values, unknown, Output>;
}) {
  // Every record form this serves has both fields; TypeScript cannot see that through the generic form type.
  const contact = control as unknown as Control<ContactValues>;
  return (
    <>
      <FormField control={contact} name="email" label="Email" type="email" autoComplete="off" maxLength={EMAIL_MAX} />
      <FormField control={contact} name="phone" label="Phone" type="tel" autoComplete="off" maxLength={PHONE_MAX} />
    </>
  );
}

/** A record form's Notes, across both columns. */
export function NotesField<Values extends { notes?: string | null }, Output extends FieldValues>({
  control,
  maxLength,
}: {
  control: Control<Values, unknown, Output>;
  maxLength: number;
}) {
  const notes = control as unknown as Control<{ notes?: string | null }>;
  return (
    <Wide>
      <FormField control={notes} name="notes" label="Notes" multiline={3} maxLength={maxLength} />
    </Wide>
  );
}
