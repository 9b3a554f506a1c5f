import type { ReactNode } from 'react';
import { Box, Button, Flex, HStack, IconButton, Link, Text } from '@chakra-ui/react';
import type { Column } from '../DataTable';

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
      {actions.map((action) =>
        withText ? (
          <Button
            key={action.label}
            size="sm"
            variant="outline"
            colorPalette={action.isDestructive ? 'red' : 'gray'}
            onClick={action.onClick}
            aria-label={`${action.label}: ${recordName}`}
          >
            {action.icon} {action.label}
          </Button>
        ) : (
          <IconButton
            key={action.label}
            size="sm"
            variant="ghost"
            colorPalette={action.isDestructive ? 'red' : 'gray'}
            onClick={action.onClick}
            aria-label={`${action.label}: ${recordName}`}
            title={action.label}
          >
            {action.icon}
          </IconButton>
        ),
      )}
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

/** The next page of a list, when there is one. */
export function LoadMore({ hasMore, isLoading, onLoad }: { hasMore: boolean; isLoading: boolean; onLoad: () => void }) {
  if (!hasMore) return null;
  return (
    <Flex justify="center" mt="6">
      <Button variant="outline" onClick={onLoad} loading={isLoading} loadingText="Loading...">
        Load more
      </Button>
    </Flex>
  );
}

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
