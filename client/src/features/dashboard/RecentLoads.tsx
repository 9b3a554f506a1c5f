import { Box, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { ArrowRight } from 'lucide-react';
import type { RecentLoad } from '#shared/schemas/dashboard.js';
import { QueryState } from '../../components/QueryState';
import { StatusBadge } from '../../components/StatusBadge';
import { formatMoney } from '../../lib/format';
import { LoadLink } from './LoadLink';

export const NO_LOADS_TEXT = 'No loads yet. Create your first load to get started.';

/** The latest loads: load number, lane, driver, status and rate. */
export function RecentLoads({
  loads,
  isLoading,
  error,
  onRetry,
  unavailableText,
}: {
  loads: RecentLoad[] | undefined;
  isLoading: boolean;
  error: { message: string } | null;
  onRetry: () => void;
  /** Shown instead of the list to someone who may not read loads. */
  unavailableText?: string;
}) {
  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby="recent-loads-heading">
      <Card.Header pb="2">
        <Heading as="h2" size="lg" id="recent-loads-heading">
          Recent Loads
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        {unavailableText ? (
          <Text color="gray.700" py="6" textAlign="center">
            {unavailableText}
          </Text>
        ) : (
          <QueryState
            isLoading={isLoading}
            error={error}
            isEmpty={!loads || loads.length === 0}
            emptyText={NO_LOADS_TEXT}
            onRetry={onRetry}
            loadingText="Loading loads..."
          >
            <Stack as="ul" gap="0" listStyleType="none" aria-label="Recent loads">
              {(loads ?? []).map((load) => (
                <RecentLoadRow key={load.id} load={load} />
              ))}
            </Stack>
          </QueryState>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function RecentLoadRow({ load }: { load: RecentLoad }) {
  return (
    <Box as="li" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} data-testid="recent-load">
      <Flex justify="space-between" align={{ base: 'flex-start', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1" minW="0">
          <Flex align="center" gap="2" wrap="wrap">
            <LoadLink id={load.id} loadNumber={load.loadNumber} />
            <StatusBadge status={load.status} />
          </Flex>
          <Flex align="center" gap="1.5" color="gray.700" fontSize="sm" wrap="wrap">
            <Text>
              {load.pickupCity}, {load.pickupState}
            </Text>
            <ArrowRight size={14} aria-label="to" />
            <Text>
              {load.deliveryCity}, {load.deliveryState}
            </Text>
          </Flex>
          <Text color="gray.700" fontSize="sm">
            Driver: {load.driverName ?? 'Unassigned'}
          </Text>
        </Stack>
        <Text fontWeight="semibold" whiteSpace="nowrap">
          {formatMoney(load.rate)}
        </Text>
      </Flex>
    </Box>
  );
}
