import { Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Navigation, Phone } from 'lucide-react';
import type { DriverPortalLoad } from '#shared/schemas/portal.js';
import { formatDate } from '../../lib/format';
import { navigateUrl, stopAddress } from './load-order';

/** Above a card's open button (which covers the card): what is pressed on its own. */
export const ABOVE_CARD = { position: 'relative', zIndex: 1 } as const;

function Stop({
  role,
  location,
  city,
  state,
  date,
  notes,
  loadNumber,
}: {
  role: 'Pickup' | 'Delivery';
  location: string;
  city: string;
  state: string;
  date: string | null;
  notes: string | null;
  loadNumber: string;
}) {
  const address = stopAddress(location, city, state);
  const place = stopAddress(null, city, state);
  return (
    <Stack as="li" listStyleType="none" gap="1" minW="0" data-testid={`stop-${role.toLowerCase()}`}>
      <HStack justify="space-between" align="start" gap="2" wrap="wrap">
        <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" letterSpacing="wide" color="gray.700">
          {role} · {formatDate(date)}
        </Text>
      </HStack>
      <Text fontWeight="semibold" overflowWrap="anywhere">
        {place}
      </Text>
      {location ? (
        <Text overflowWrap="anywhere" data-testid={`stop-${role.toLowerCase()}-address`}>
          {location}
        </Text>
      ) : null}
      {notes ? (
        <Text fontSize="sm" color="gray.700" overflowWrap="anywhere" whiteSpace="pre-line">
          {notes}
        </Text>
      ) : null}
      <Box {...ABOVE_CARD} alignSelf="start">
        <Button asChild size="sm" colorPalette="blue" variant="outline">
          <a
            href={navigateUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Navigate to ${role.toLowerCase()} of ${loadNumber}: ${address}`}
          >
            <Navigation size={16} aria-hidden="true" /> Navigate
          </a>
        </Button>
      </Box>
    </Stack>
  );
}

/** A load's two stops, pickup then delivery: where, when, the notes (appointments), and Navigate to each. */
export function LoadStops({ load }: { load: DriverPortalLoad }) {
  return (
    <Stack as="ul" gap="3" p="0" m="0" aria-label={`Stops of ${load.loadNumber}`}>
      <Stop
        role="Pickup"
        location={load.pickupLocation ?? ''}
        city={load.pickupCity}
        state={load.pickupState}
        date={load.pickupDate}
        notes={load.pickupNotes ?? null}
        loadNumber={load.loadNumber}
      />
      <Stop
        role="Delivery"
        location={load.deliveryLocation ?? ''}
        city={load.deliveryCity}
        state={load.deliveryState}
        date={load.deliveryDate}
        notes={load.deliveryNotes ?? null}
        loadNumber={load.loadNumber}
      />
    </Stack>
  );
}

/** The load's numbers and who to call about it: the reference number and the broker's phone. */
export function LoadReferences({ load }: { load: DriverPortalLoad }) {
  return (
    <Stack gap="1" fontSize="sm">
      {load.referenceNumber ? (
        <Text overflowWrap="anywhere">
          <Text as="span" color="gray.700">
            Reference:{' '}
          </Text>
          <Text as="span" data-testid="load-reference">
            {load.referenceNumber}
          </Text>
        </Text>
      ) : null}
      {load.brokerName ? (
        <HStack gap="2" wrap="wrap">
          <Text overflowWrap="anywhere">
            <Text as="span" color="gray.700">
              Broker:{' '}
            </Text>
            {load.brokerName}
          </Text>
          {load.brokerPhone ? (
            <Link
              {...ABOVE_CARD}
              href={`tel:${load.brokerPhone}`}
              aria-label={`Phone the broker of ${load.loadNumber}: ${load.brokerPhone}`}
              color="blue.700"
              fontWeight="semibold"
              textDecoration="underline"
            >
              <Phone size={14} aria-hidden="true" /> {load.brokerPhone}
            </Link>
          ) : null}
        </HStack>
      ) : null}
    </Stack>
  );
}
