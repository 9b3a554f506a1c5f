import { useMemo, type RefObject } from 'react';
import { Box, Button, CloseButton, Drawer, HStack, Portal, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import type { DriverPortalLoad } from '#shared/schemas/portal.js';
import { StatusBadge } from '../../components/StatusBadge';
import { reportFailure } from '../../lib/errors';
import { formatDateTime, formatMoney, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { saveFile } from '../invoices/use-invoices';
import { MapView } from '../maps/MapView';
import { LANE_COLOURS, type MapPlace } from '../maps/map-types';
import { stopAddress } from './load-order';
import { LoadReferences, LoadStops } from './LoadStops';
import { UndoBanner } from './UndoBanner';
import { nextStep, STEP_LABELS, type LoadSteps } from './use-load-steps';

/** The lane on the map: the two ends the server located (a driver may not ask geo.*), joined by a line. */
function LaneMap({ load }: { load: DriverPortalLoad }) {
  const pickup = stopAddress(null, load.pickupCity, load.pickupState);
  const delivery = stopAddress(null, load.deliveryCity, load.deliveryState);
  const pickupPoint = load.pickupPoint ?? null;
  const deliveryPoint = load.deliveryPoint ?? null;
  const places = useMemo(() => {
    const found: MapPlace[] = [];
    if (pickupPoint) found.push({ id: 'pickup', ...pickupPoint, label: `Pickup: ${pickup}`, color: LANE_COLOURS.pickup });
    if (deliveryPoint) found.push({ id: 'delivery', ...deliveryPoint, label: `Delivery: ${delivery}`, color: LANE_COLOURS.delivery });
    return found;
  }, [pickupPoint, deliveryPoint, pickup, delivery]);
  if (places.length === 0) {
    return (
      <Text color="gray.700" role="status">
        The map needs the stops' cities: {pickup} and {delivery} could not be found.
      </Text>
    );
  }
  return <MapView places={places} connect ariaLabel={`Map of the lane from ${pickup} to ${delivery}`} height="260px" />;
}

/**
 * The load confirmation (issue 27, item 1), once a dispatcher has sent it: "Load confirmation" and
 * when it was sent; a tap saves the PDF (loadPaperwork.driverConfirmationPdf, the driver's own load only).
 */
export function LoadConfirmationButton({ load }: { load: DriverPortalLoad }) {
  const pdf = trpc.loadPaperwork.driverConfirmationPdf.useMutation();
  if (!load.confirmationSentAt) return null;
  const sent = `Sent ${formatDateTime(load.confirmationSentAt)}`;
  return (
    <Button
      variant="outline"
      size="sm"
      alignSelf="start"
      loading={pdf.isPending}
      loadingText="Opening..."
      aria-label={`Load confirmation (PDF), s${sent.slice(1)}`}
      onClick={() =>
        pdf.mutate(
          { loadId: load.id },
          {
            onSuccess: ({ fileName, contentBase64 }) => saveFile(fileName, contentBase64),
            onError: (error) => reportFailure('Failed to open the load confirmation', error),
          },
        )
      }
    >
      <FileText aria-hidden="true" /> Load confirmation
      <Text as="span" fontSize="xs" color="gray.700" fontWeight="normal">
        {sent}
      </Text>
    </Button>
  );
}

/** The id of the button that opens a load's detail (on its card, or in History): the focus goes back there. */
export const openLoadId = (loadId: string) => `open-load-${loadId}`;

/**
 * A load's detail, phone first (the whole screen on a phone, a side panel from md up): its stops
 * with Navigate to each, the lane on a map, its references and the broker's phone, the step the
 * driver may set (asking first) and, after one, its Undo.
 */
export function LoadDetailDrawer({
  load,
  open,
  onClose,
  onExitComplete,
  steps,
  undoRef,
}: {
  load: DriverPortalLoad;
  open: boolean;
  onClose: () => void;
  onExitComplete: () => void;
  steps: LoadSteps;
  undoRef: RefObject<HTMLButtonElement | null>;
}) {
  const size = useBreakpointValue({ base: 'full', md: 'md' } as const) ?? 'md';
  const step = nextStep(load.status);
  const undoHere = steps.undoable?.loadId === load.id;
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(event) => (event.open ? undefined : onClose())}
      onExitComplete={onExitComplete}
      finalFocusEl={() => document.getElementById(openLoadId(load.id))}
      placement="end"
      size={size}
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="load-detail">
            <Drawer.Header pe="12">
              <HStack gap="3" wrap="wrap">
                <Drawer.Title overflowWrap="anywhere">Load {load.loadNumber}</Drawer.Title>
                <StatusBadge status={load.status} />
              </HStack>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4" minW="0">
                {undoHere ? <UndoBanner steps={steps} buttonRef={undoRef} /> : null}
                <LoadStops load={load} />
                <Box minW="0">
                  <LaneMap load={load} />
                </Box>
                <LoadReferences load={load} />
                <LoadConfirmationButton load={load} />
                <Stack gap="1" fontSize="sm" color="gray.800">
                  {load.commodity ? <Text overflowWrap="anywhere">Commodity: {load.commodity}</Text> : null}
                  {load.weight ? <Text>Weight: {formatNumber(Number(load.weight), 'lbs')}</Text> : null}
                  {load.distance ? <Text>Distance: {formatNumber(Number(load.distance), 'mi')}</Text> : null}
                  {load.rate ? <Text>Rate: {formatMoney(load.rate)}</Text> : null}
                </Stack>
              </Stack>
            </Drawer.Body>
            <Drawer.Footer justifyContent="flex-start" gap="2" flexWrap="wrap">
              {step ? (
                <Button
                  colorPalette="blue"
                  onClick={() => steps.ask({ load, step, origin: 'detail' })}
                  aria-label={`${STEP_LABELS[step]}: ${load.loadNumber}`}
                >
                  {STEP_LABELS[step]}
                </Button>
              ) : null}
              <Drawer.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Drawer.ActionTrigger>
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild position="absolute" top="3" right="3">
              <CloseButton size="sm" aria-label="Close load details" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
