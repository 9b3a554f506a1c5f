import { Flex, HStack, Stack, Text, chakra } from '@chakra-ui/react';
import { ArrowRight, Calendar, Handshake, Truck } from 'lucide-react';
import type { LoadListItem } from '#shared/schemas/loads.js';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate, formatMoney } from '../../lib/format';

/**
 * A load as a card: one button that opens its details, by mouse or keyboard. Everything
 * inside is phrasing content (spans), as a button requires.
 */
export function LoadCard({ load, onOpen }: { load: LoadListItem; onOpen: () => void }) {
  return (
    <chakra.button
      type="button"
      onClick={onOpen}
      textAlign="start"
      w="full"
      h="full"
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      cursor="pointer"
      transition="box-shadow 0.15s, border-color 0.15s"
      _hover={{ borderColor: 'blue.300', shadow: 'sm' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '2px' }}
      data-testid="load-card"
    >
      <Stack as="span" gap="3">
        <Flex as="span" justify="space-between" align="start" gap="2">
          <Text as="span" fontWeight="semibold" fontSize="md" wordBreak="break-all">
            {load.loadNumber}
          </Text>
          <StatusBadge status={load.status} />
        </Flex>
        <HStack as="span" gap="2" color="gray.800" align="start">
          <ArrowRight size={16} aria-hidden="true" style={{ marginTop: 4, flexShrink: 0 }} />
          <Text as="span">
            {load.pickupCity}, {load.pickupState}
            <chakra.span aria-hidden="true"> → </chakra.span>
            <chakra.span srOnly> to </chakra.span>
            {load.deliveryCity}, {load.deliveryState}
          </Text>
        </HStack>
        <HStack as="span" gap="2" color="gray.700" fontSize="sm">
          <Calendar size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text as="span">
            Pickup {formatDate(load.pickupDate)} · Delivery {formatDate(load.deliveryDate)}
          </Text>
        </HStack>
        <HStack as="span" gap="2" color="gray.700" fontSize="sm">
          <Truck size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text as="span">Driver: {load.driverName ?? 'Unassigned'}</Text>
        </HStack>
        <HStack as="span" gap="2" color="gray.700" fontSize="sm">
          <Handshake size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          <Text as="span">Broker: {load.brokerName ?? '—'}</Text>
        </HStack>
        <Text as="span" fontWeight="semibold" fontSize="lg" color="gray.900">
          {formatMoney(load.rate)}
        </Text>
      </Stack>
    </chakra.button>
  );
}
