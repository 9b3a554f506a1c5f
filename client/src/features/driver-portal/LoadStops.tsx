import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Navigation, Phone } from 'lucide-react';
import type { LoadStop } from '#shared/schemas/loads.js';
import type { DriverPortalLoad } from '#shared/schemas/portal.js';
import { appointmentOf, stopName, stopReferences } from '../../lib/stop-text';
import { navigateUrl, stopAddress } from './load-order';

/** Above a card's open button (which covers the card): what is pressed on its own. */
export const ABOVE_CARD = { position: 'relative', zIndex: 1 } as const;

/** The test id of a stop: the ends keep "pickup" and "delivery", a stop between its place ("stop-2"). */
const stopKey = (index: number, count: number) => (index === 0 ? 'pickup' : index === count - 1 ? 'delivery' : `stop-${index + 1}`);

function Stop({ stop, index, count, loadNumber }: { stop: LoadStop; index: number; count: number; loadNumber: string }) {
  const address = stopAddress(stop.address, stop.city, stop.state);
  const place = [stopAddress(null, stop.city, stop.state), stop.zip].filter(Boolean).join(' ');
  const name = stopName(stop, index, count);
  const key = stopKey(index, count);
  const references = stopReferences(stop);
  return (
    <Stack as="li" listStyleType="none" gap="1" minW="0" data-testid={`stop-${key}`}>
      <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" letterSpacing="wide" color="gray.700">
        {name} · {appointmentOf(stop)}
      </Text>
      {stop.facilityName ? (
        <Text fontWeight="semibold" overflowWrap="anywhere">
          {stop.facilityName}
        </Text>
      ) : null}
      <Text fontWeight={stop.facilityName ? undefined : 'semibold'} overflowWrap="anywhere">
        {place}
      </Text>
      {stop.address ? (
        <Text overflowWrap="anywhere" data-testid={`stop-${key}-address`}>
          {stop.address}
        </Text>
      ) : null}
      {references ? (
        <Text fontSize="sm" overflowWrap="anywhere">
          {references}
        </Text>
      ) : null}
      {stop.notes ? (
        <Text fontSize="sm" color="gray.700" overflowWrap="anywhere" whiteSpace="pre-line">
          {stop.notes}
        </Text>
      ) : null}
      <HStack {...ABOVE_CARD} alignSelf="start" gap="2" wrap="wrap">
        <Button asChild size="sm" colorPalette="blue" variant="outline">
          <a
            href={navigateUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`Navigate to ${name.toLowerCase()} of ${loadNumber}: ${address}`}
          >
            <Navigation size={16} aria-hidden="true" /> Navigate
          </a>
        </Button>
        {stop.contactPhone ? (
          <Button asChild size="sm" variant="outline">
            <a
              href={`tel:${stop.contactPhone}`}
              aria-label={`Phone ${stop.contactName ?? 'the contact'} at ${name.toLowerCase()} of ${loadNumber}: ${stop.contactPhone}`}
            >
              <Phone size={16} aria-hidden="true" /> {stop.contactName ?? stop.contactPhone}
            </a>
          </Button>
        ) : stop.contactName ? (
          <Text fontSize="sm">Contact: {stop.contactName}</Text>
        ) : null}
      </HStack>
    </Stack>
  );
}

/**
 * Every stop of a load in order, pickup first and delivery last: facility, place and address, the
 * appointment window, references, notes, Navigate to it and a call to its contact.
 */
export function LoadStops({ load }: { load: DriverPortalLoad }) {
  return (
    <Stack as="ul" gap="3" p="0" m="0" aria-label={`Stops of ${load.loadNumber}`}>
      {load.stops.map((stop, index) => (
        <Stop key={index} stop={stop} index={index} count={load.stops.length} loadNumber={load.loadNumber} />
      ))}
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
