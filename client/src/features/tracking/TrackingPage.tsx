import type { ReactNode } from 'react';
import { Card, Center, DataList, Heading, Link as ChakraLink, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '#shared/constants.js';
import { ETA_ASSUMED_MPH, TRACKING_TEXTS, type TrackingView } from '#shared/schemas/tracking.js';
import { Logo } from '../../components/Logo';
import { StatusBadge } from '../../components/StatusBadge';
import { formatAge, formatDateAtTime, formatNumber } from '../../lib/format';
import { errorDetails, trpc } from '../../lib/trpc';
import { etaText } from './eta-text';
import { TrackingMap } from './TrackingMap';

/** The public page reads the link again this often while it is open. */
const VIEW_REFRESH_MS = 60_000;

const place = ({ city, state }: { city: string; state: string }) => `${city}, ${state}`;

/**
 * A tracking link's public page (/track/<token>), for a broker or a customer: no sign-in, no app
 * prompts (main.tsx shows no install banner on /track/*; the notification prompt lives in the
 * signed-in shell). A map of the lane's stops and the truck's last position (city level when the
 * link says so: the server then sends only the town's centre); the position reads as a place with
 * its age, named by the server (a visitor may not ask geo.describe), never as coordinates; a
 * straight-line ETA to the next stop, stated as an estimate; the company's name and contact.
 * Expired, revoked and unknown links read the same, and say nothing else.
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
    <Center as="main" minH="100vh" bg="gray.100" px={{ base: '3', sm: '4' }} py={{ base: '6', sm: '10' }}>
      <Stack gap="6" w="full" maxW="2xl" minW="0">
        <Stack align="center">
          <Link to="/" aria-label={`${PRODUCT_NAME} home`}>
            <Logo size={10} />
          </Link>
        </Stack>
        <Card.Root minW="0">{body}</Card.Root>
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

/** "Near Reno, NV · 12 min ago": the place the server named, never the coordinates. */
const positionText = (last: NonNullable<TrackingView['lastPosition']>) =>
  `${last.place ?? 'Outside the US'} · ${formatAge(last.recordedAt)}`;

function Shipment({ view }: { view: TrackingView }) {
  const last = view.lastPosition;
  const nextStop = view.eta ? view.stops.find((stop) => stop.kind === view.eta?.stop) : undefined;
  const rows: [string, ReactNode][] = [
    ['Lane', `${place(view.origin)} → ${place(view.destination)}`],
    ['Status', <StatusBadge key="status" status={view.status} />],
    [
      'Last position',
      last ? (
        <Text as="span" data-testid="tracking-last-position" overflowWrap="anywhere">
          {positionText(last)}
        </Text>
      ) : (
        'No position shared yet'
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
          <TrackingMap view={view} />
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
          {view.eta && nextStop ? (
            <Stack gap="1">
              <Text fontWeight="semibold" data-testid="tracking-eta">
                {etaText(view.eta)}
              </Text>
              <Text fontSize="sm" color="gray.700">
                An estimate: {formatNumber(view.eta.miles, 'mi')} as the crow flies from the truck&apos;s{' '}
                {view.positionPrecision === 'city' ? 'town' : 'last position'} to {place(nextStop)}, at an assumed average speed of{' '}
                {ETA_ASSUMED_MPH} mph. Roads, stops and traffic make the real arrival later.
              </Text>
            </Stack>
          ) : null}
          <Contact view={view} />
          <Text fontSize="sm" color="gray.700">
            This link is valid until {formatDateAtTime(view.expiresAt)}.
          </Text>
        </Stack>
      </Card.Body>
    </>
  );
}

/** Who to ask about the shipment: the company's phone and email from its profile, when it has given them. */
function Contact({ view }: { view: TrackingView }) {
  const { companyPhone: phone, companyEmail: email } = view;
  return (
    <Stack as="section" aria-labelledby="tracking-contact-heading" gap="1" data-testid="tracking-contact">
      <Heading as="h2" id="tracking-contact-heading" size="sm">
        Questions about this shipment?
      </Heading>
      {phone || email ? (
        <>
          <Text>Contact {view.companyName}:</Text>
          <Stack as="ul" gap="1" listStyleType="none">
            {phone ? (
              <Text as="li" overflowWrap="anywhere">
                Phone:{' '}
                <ChakraLink href={`tel:${phone.replace(/[^\d+]/g, '')}`} color="blue.700" textDecoration="underline">
                  {phone}
                </ChakraLink>
              </Text>
            ) : null}
            {email ? (
              <Text as="li" overflowWrap="anywhere">
                Email:{' '}
                <ChakraLink href={`mailto:${email}`} color="blue.700" textDecoration="underline">
                  {email}
                </ChakraLink>
              </Text>
            ) : null}
          </Stack>
        </>
      ) : (
        <Text>Contact {view.companyName}, who sent you this link.</Text>
      )}
    </Stack>
  );
}
