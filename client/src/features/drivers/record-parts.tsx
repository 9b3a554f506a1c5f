import type { ReactNode } from 'react';
import { Button, Flex, HStack, IconButton, Link, Text } from '@chakra-ui/react';

/** Pieces the Drivers, Brokers and Carriers screens share: their row actions, contact links and "Load more". */

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
