import { Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DollarSign, Gauge, Hourglass, MessageSquare, Phone, Truck, Wallet } from 'lucide-react';
import { gpsFreshness } from '#shared/rules/geo.js';
import { PORTAL_TEXTS } from '#shared/schemas/portal.js';
import { PageHeader } from '../../components/PageHeader';
import { PortalMessagesLink } from '../messages/PortalMessagesLink';
import { PlaceName } from '../../components/PlaceName';
import { QueryState } from '../../components/QueryState';
import { StatusBadge, statusLabel } from '../../components/StatusBadge';
import { useFailureToast } from '../../lib/errors';
import { formatAge, formatMoney, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { StatCard } from '../dashboard/StatCard';
import { DriverLoads } from './DriverLoads';
import { PortalDocuments } from './PortalDocuments';
import { Statements } from './Statements';
import { LocationSharing } from './LocationSharing';
import { usePositionReporting } from './use-position-reporting';

/**
 * The driver portal (phone first): the driver's loads first (the active one in full, with its
 * stops and Navigate, the rest after it, the past folded; DriverLoads.tsx), then the four figures,
 * the company and the dispatcher (call and text), the current location, location sharing with
 * consent, and the driver's documents. Reports the phone's position while consent is on.
 */
export function DriverPortalPage() {
  const portal = trpc.portal.driver.useQuery(undefined, { refetchInterval: 90_000 });
  useFailureToast(portal);
  const data = portal.data;
  const consent = data?.driver?.gpsConsent ?? false;
  const { queued } = usePositionReporting(consent);

  if (!data) {
    return (
      <Stack gap="6">
        <PageHeader title="Driver Portal" />
        <QueryState isLoading={portal.isPending} error={portal.error} isEmpty={false} emptyText="" onRetry={() => void portal.refetch()}>
          {null}
        </QueryState>
      </Stack>
    );
  }
  if (!data.driver) {
    return (
      <Stack gap="6">
        <PageHeader title="Driver Portal" />
        <Text>{PORTAL_TEXTS.noDriver}</Text>
      </Stack>
    );
  }
  const driver = data.driver;
  const freshness = gpsFreshness(driver.lastLocationUpdate);
  const stats = [
    { label: 'Total Earnings', value: formatMoney(data.stats.earnings), icon: DollarSign, hint: 'The rates of your delivered loads' },
    // Issue 30: what the driver is paid, from approved and paid settlements, beside the spec's figure.
    { label: 'Settled pay (this year)', value: formatMoney(data.stats.settledPay), icon: Wallet, hint: 'Net of your approved statements' },
    {
      label: 'Pending Payments',
      value: `${data.stats.pendingPayments} (${formatMoney(data.stats.pendingPaymentsAmount)})`,
      icon: Hourglass,
    },
    { label: 'Active Loads', value: data.stats.activeLoads, icon: Truck },
    { label: 'Miles This Month', value: formatNumber(data.stats.milesThisMonth), icon: Gauge },
  ];
  const dispatcherName = data.dispatcher ? `${data.dispatcher.firstName} ${data.dispatcher.lastName}` : null;
  return (
    <Stack gap="5">
      <PageHeader title="Driver Portal" subtitle={`Welcome, ${driver.firstName} ${driver.lastName}`} actions={<PortalMessagesLink />} />
      {/* The load the driver is on comes first (issue 27, item 1): the figures and contacts after it. */}
      <DriverLoads loads={data.loads} />
      <SimpleGrid as="section" aria-label="Your figures" columns={{ base: 2, xl: 5 }} gap="3">
        {stats.map((stat) => (
          <StatCard key={stat.label} label={stat.label} value={stat.value} icon={stat.icon} hint={stat.hint} isLoading={false} />
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Card.Root variant="outline" bg="white" as="section" aria-labelledby="company-heading">
          <Card.Body>
            <Heading as="h2" size="md" id="company-heading">
              Company
            </Heading>
            <Text mt="2">{data.companyName}</Text>
            <Text fontSize="sm" color="gray.700">
              Status: {statusLabel(driver.status)}
            </Text>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" bg="white" as="section" aria-labelledby="dispatcher-heading">
          <Card.Body>
            <Heading as="h2" size="md" id="dispatcher-heading">
              Dispatcher
            </Heading>
            {dispatcherName ? (
              <Stack gap="2" mt="2">
                <Text>{dispatcherName}</Text>
                {data.dispatcher?.phone ? (
                  <HStack gap="2">
                    <Button asChild size="sm" colorPalette="green">
                      <a href={`tel:${data.dispatcher.phone}`} aria-label={`Call ${dispatcherName}`}>
                        <Phone size={16} /> Call
                      </a>
                    </Button>
                    <Button asChild size="sm" variant="outline">
                      <a href={`sms:${data.dispatcher.phone}`} aria-label={`Text ${dispatcherName}`}>
                        <MessageSquare size={16} /> Text
                      </a>
                    </Button>
                  </HStack>
                ) : (
                  <Text fontSize="sm" color="gray.700">
                    No phone number on file
                  </Text>
                )}
              </Stack>
            ) : (
              <Text mt="2" color="gray.700">
                No dispatcher assigned
              </Text>
            )}
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline" bg="white" as="section" aria-labelledby="location-heading">
          <Card.Body>
            <HStack justify="space-between">
              <Heading as="h2" size="md" id="location-heading">
                Current Location
              </Heading>
              <StatusBadge status={freshness} />
            </HStack>
            {/* Places, not coordinates: the server names the position (a driver may not ask geo.describe). */}
            {driver.lat !== null && driver.lng !== null ? (
              <Box mt="2">
                <PlaceName
                  lat={driver.lat}
                  lng={driver.lng}
                  place={driver.place}
                  at={driver.lastLocationUpdate}
                  testId="current-location"
                  coordinatesTestId="current-coordinates"
                />
              </Box>
            ) : (
              <>
                <Text mt="2" data-testid="current-location">
                  No location shared yet
                </Text>
                <Text fontSize="sm" color="gray.700">
                  Last update: {formatAge(driver.lastLocationUpdate)}
                </Text>
              </>
            )}
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
      <LocationSharing consent={consent} queued={queued} />
      <Statements />
      <PortalDocuments />
    </Stack>
  );
}
