import type { ReactNode } from 'react';
import { Card, Center, DataList, Heading, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '#shared/constants.js';
import { ETA_ASSUMED_MPH, TRACKING_TEXTS, type TrackingView } from '#shared/schemas/tracking.js';
import { Logo } from '../../components/Logo';
import { PlaceName } from '../../components/PlaceName';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDateAtTime, formatNumber } from '../../lib/format';
import { errorDetails, trpc } from '../../lib/trpc';

/** The public page reads the link again this often while it is open. */
const VIEW_REFRESH_MS = 60_000;

const place = ({ city, state }: { city: string; state: string }) => `${city}, ${state}`;

/**
 * A tracking link's public page (/track/<token>), for a broker or a customer: no sign-in, no
 * map (a static card keeps it light). The last position reads as a place with its age, named by
 * the server (a visitor may not ask geo.describe), the coordinates under it. Expired, revoked and unknown links read the same, and say
 * nothing else.
 */
export function TrackingPage({ token }: { token: string }) {
  const view = trpc.tracking.view.useQuery({ token }, { retry: false, refetchInterval: VIEW_REFRESH_MS, refetchOnWindowFocus: false });
  let body: ReactNode;
  if (view.data) body = <Shipment view={view.data} />;
  else if (view.isPending) body = <Loading />;
  else {
    const tooMany = view.error?.data?.code === 'TOO_MANY_REQUESTS';
    body = tooMany ? <Unavailable message={errorDetails(view.error).message} /> : <Gone />;
  }
  return (
    <Center as="main" minH="100vh" bg="gray.100" px="4" py="10">
      <Stack gap="6" w="full" maxW="lg">
        <Stack align="center">
          <Link to="/" aria-label={`${PRODUCT_NAME} home`}>
            <Logo size={10} />
          </Link>
        </Stack>
        <Card.Root>{body}</Card.Root>
      </Stack>
    </Center>
  );
}

function Loading() {
  return (
    <Card.Body>
      <Center py="8" role="status">
        <Stack align="center" gap="2">
          <Spinner color="blue.600" />
          <Text color="gray.700">Loading shipment...</Text>
        </Stack>
      </Center>
    </Card.Body>
  );
}

function Gone() {
  return (
    <Card.Body>
      <Stack gap="3" textAlign="center" py="4">
        <Text fontSize="4xl" fontWeight="bold" color="gray.500" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="lg">
          {TRACKING_TEXTS.expired}
        </Heading>
        <Text color="gray.700">Ask the sender for a new link.</Text>
        <ChakraLink asChild color="blue.700" textDecoration="underline" alignSelf="center">
          <Link to="/">Return to Home</Link>
        </ChakraLink>
      </Stack>
    </Card.Body>
  );
}

function Unavailable({ message }: { message: string }) {
  return (
    <Card.Body>
      <Stack gap="2" role="alert">
        <Heading as="h1" size="lg">
          Shipment tracking
        </Heading>
        <Text color="red.700">{message}</Text>
      </Stack>
    </Card.Body>
  );
}

function Shipment({ view }: { view: TrackingView }) {
  const last = view.lastPosition;
  const rows: [string, ReactNode][] = [
    ['Lane', `${place(view.origin)} → ${place(view.destination)}`],
    ['Status', <StatusBadge key="status" status={view.status} />],
    [
      'Last position',
      last ? (
        <PlaceName lat={last.lat} lng={last.lng} place={last.place} at={last.recordedAt} testId="tracking-last-position" />
      ) : (
        'No position shared yet'
      ),
    ],
    [
      'Estimated arrival',
      view.eta ? (
        <Stack gap="0" data-testid="tracking-eta">
          <Text>{formatDateAtTime(view.eta.arrivesAt)}</Text>
          <Text fontSize="sm" color="gray.700">
            {formatNumber(view.eta.miles, 'mi')} to {place(view.destination)}, about {formatNumber(view.eta.hours)}{' '}
            {view.eta.hours === 1 ? 'hour' : 'hours'}
          </Text>
        </Stack>
      ) : view.status === 'delivered' ? (
        'Delivered'
      ) : (
        '—'
      ),
    ],
  ];
  return (
    <>
      <Card.Header>
        <Stack gap="1">
          <Text color="gray.700">{view.companyName}</Text>
          <Heading as="h1" size="xl" wordBreak="break-word">
            Load {view.loadNumber}
          </Heading>
        </Stack>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <DataList.Root orientation="horizontal" gap="3">
            {rows.map(([label, value]) => (
              <DataList.Item key={label} alignItems="start" flexDirection={{ base: 'column', sm: 'row' }} gap={{ base: '0', sm: '4' }}>
                <DataList.ItemLabel minW="36" color="gray.700">
                  {label}
                </DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Text fontSize="sm" color="gray.700">
            The estimated arrival is a straight-line estimate: the distance as the crow flies from the last position to{' '}
            {place(view.destination)}, at an assumed average speed of {ETA_ASSUMED_MPH} mph. Roads, stops and traffic make the real arrival
            later.
          </Text>
          <Text fontSize="sm" color="gray.700">
            This link is valid until {formatDateAtTime(view.expiresAt)}.
          </Text>
        </Stack>
      </Card.Body>
    </>
  );
}
