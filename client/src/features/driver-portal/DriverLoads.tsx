import { useRef, useState } from 'react';
import { Badge, Box, Button, Card, chakra, Dialog, Heading, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { takesPod } from '#shared/constants.js';
import type { DriverPortalLoad } from '#shared/schemas/portal.js';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../lib/format';
import { groupDriverLoads } from './load-order';
import { LoadConfirmationButton, LoadDetailDrawer, openLoadId } from './LoadDetailDrawer';
import { ABOVE_CARD, LoadReferences, LoadStops } from './LoadStops';
import { PodUpload } from './PodUpload';
import { UndoBanner } from './UndoBanner';
import { nextStep, STEP_DONE, STEP_LABELS, statusName, useLoadSteps, type LoadSteps } from './use-load-steps';

/**
 * The button that opens a load's detail: its load number, stretched over the whole card (an
 * ::after covering it), so a tap anywhere on the card opens it; what the card holds that is pressed
 * on its own (Navigate, the step, Upload POD, a phone number) sits above it (ABOVE_CARD).
 */
const OpenLoadButton = chakra('button', {
  base: {
    textAlign: 'start',
    fontWeight: 'semibold',
    cursor: 'pointer',
    overflowWrap: 'anywhere',
    _after: { content: '""', position: 'absolute', inset: '0', borderRadius: 'inherit' },
    _focusVisible: { outline: 'none', _after: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '-2px' } },
  },
});

function StepButton({ load, steps }: { load: DriverPortalLoad; steps: LoadSteps }) {
  const step = nextStep(load.status);
  if (!step) return null;
  return (
    <Button
      {...ABOVE_CARD}
      alignSelf="start"
      size="sm"
      colorPalette="blue"
      onClick={() => steps.ask({ load, step, origin: 'page' })}
      aria-label={`${STEP_LABELS[step]}: ${load.loadNumber}`}
    >
      {STEP_LABELS[step]}
    </Button>
  );
}

/** The load the driver is on, in full: the stops with Navigate, the references, the step and the POD. */
function ActiveLoadCard({ load, steps, onOpen }: { load: DriverPortalLoad; steps: LoadSteps; onOpen: () => void }) {
  return (
    <Card.Root variant="outline" bg="white" position="relative" borderColor="blue.300" borderWidth="2px" data-testid="active-load">
      <Card.Body p="4">
        <Stack gap="3" minW="0">
          <HStack justify="space-between" gap="2" wrap="wrap">
            <OpenLoadButton
              type="button"
              id={openLoadId(load.id)}
              onClick={onOpen}
              aria-label={`Open load ${load.loadNumber}`}
              fontSize="lg"
            >
              {load.loadNumber}
            </OpenLoadButton>
            <StatusBadge status={load.status} />
          </HStack>
          <LoadStops load={load} />
          <LoadReferences load={load} />
          <HStack gap="2" wrap="wrap" align="start">
            <StepButton load={load} steps={steps} />
            {load.confirmationSentAt ? (
              <Box {...ABOVE_CARD}>
                <LoadConfirmationButton load={load} />
              </Box>
            ) : null}
            {takesPod(load.status) ? (
              <Box {...ABOVE_CARD}>
                <PodUpload loadId={load.id} loadNumber={load.loadNumber} />
              </Box>
            ) : null}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** A load still to haul, in short: the lane and dates; the card opens its detail. */
function LoadSummaryCard({ load, steps, onOpen }: { load: DriverPortalLoad; steps: LoadSteps; onOpen: () => void }) {
  return (
    <Card.Root variant="outline" bg="white" as="li" listStyleType="none" position="relative">
      <Card.Body p="4">
        <Stack gap="2" minW="0">
          <HStack justify="space-between" gap="2" wrap="wrap">
            <OpenLoadButton type="button" id={openLoadId(load.id)} onClick={onOpen} aria-label={`Open load ${load.loadNumber}`}>
              {load.loadNumber}
            </OpenLoadButton>
            <StatusBadge status={load.status} />
          </HStack>
          <Text overflowWrap="anywhere">
            {load.pickupCity}, {load.pickupState} → {load.deliveryCity}, {load.deliveryState}
          </Text>
          <Text fontSize="sm" color="gray.700">
            Pickup {formatDate(load.pickupDate)} · Delivery {formatDate(load.deliveryDate)}
          </Text>
          <HStack gap="2" wrap="wrap" align="start">
            <StepButton load={load} steps={steps} />
            {takesPod(load.status) ? (
              <Box {...ABOVE_CARD}>
                <PodUpload loadId={load.id} loadNumber={load.loadNumber} />
              </Box>
            ) : null}
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** Delivered and cancelled loads, folded: a count until opened, then one line each (each opens its detail). */
function LoadHistory({ loads, onOpen }: { loads: DriverPortalLoad[]; onOpen: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  if (loads.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="load-history-heading">
      <Heading as="h3" size="sm" id="load-history-heading">
        <Button
          variant="ghost"
          size="sm"
          px="2"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={open ? 'load-history-list' : undefined}
        >
          {open ? <ChevronDown size={16} aria-hidden="true" /> : <ChevronRight size={16} aria-hidden="true" />}
          History ({loads.length})
        </Button>
      </Heading>
      {open ? (
        <Stack as="ul" id="load-history-list" gap="0" p="0" m="0" mt="1" borderWidth="1px" borderRadius="md" bg="white">
          {loads.map((load, index) => (
            <Box as="li" listStyleType="none" key={load.id} borderTopWidth={index === 0 ? '0' : '1px'}>
              <chakra.button
                type="button"
                id={openLoadId(load.id)}
                onClick={() => onOpen(load.id)}
                aria-label={`Open load ${load.loadNumber}`}
                w="full"
                textAlign="start"
                px="3"
                py="2"
                cursor="pointer"
                _hover={{ bg: 'gray.50' }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '-2px' }}
              >
                <HStack as="span" justify="space-between" gap="2" wrap="wrap">
                  <Text as="span" fontWeight="semibold">
                    {load.loadNumber}
                  </Text>
                  <StatusBadge status={load.status} />
                </HStack>
                <Text as="span" display="block" fontSize="sm" color="gray.700" overflowWrap="anywhere">
                  {load.pickupCity}, {load.pickupState} → {load.deliveryCity}, {load.deliveryState} · {formatDate(load.deliveryDate)}
                </Text>
              </chakra.button>
            </Box>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

/** Asks before a step: names the load and the status it will have, and says it can be undone for a minute. */
function StepConfirmDialog({ steps, finalFocus }: { steps: LoadSteps; finalFocus: () => HTMLElement | null }) {
  const pending = steps.pending;
  return (
    <Dialog.Root
      open={pending !== null}
      onOpenChange={(event) => (event.open ? undefined : steps.cancel())}
      role="alertdialog"
      placement="center"
      finalFocusEl={finalFocus}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            {pending ? (
              <>
                <Dialog.Header>
                  <Dialog.Title>{STEP_LABELS[pending.step]}?</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Dialog.Description>
                    Mark load {pending.load.loadNumber} as {STEP_DONE[pending.step]} (now {statusName(pending.load.status)})? You can undo
                    this for one minute.
                  </Dialog.Description>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">Cancel</Button>
                  </Dialog.ActionTrigger>
                  <Button colorPalette="blue" onClick={steps.confirm} loading={steps.isSaving} loadingText="Saving...">
                    {STEP_LABELS[pending.step]}
                  </Button>
                </Dialog.Footer>
              </>
            ) : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * The driver's loads (issue 27, item 1): the active load first, in full (stops, Navigate, the
 * references, the step); the others still to haul after it; the past folded into History. A tap
 * on a card opens the load's detail with the lane's map. Steps ask first and can be undone for a
 * minute.
 */
export function DriverLoads({ loads }: { loads: DriverPortalLoad[] }) {
  const steps = useLoadSteps();
  // The load whose detail is shown; kept while the drawer slides out, then forgotten.
  const [detail, setDetail] = useState<{ id: string; open: boolean } | null>(null);
  const openDetail = (id: string) => setDetail({ id, open: true });
  const pageUndo = useRef<HTMLButtonElement>(null);
  const detailUndo = useRef<HTMLButtonElement>(null);
  const { active, upcoming, history } = groupDriverLoads(loads);
  const opened = detail ? (loads.find((load) => load.id === detail.id) ?? null) : null;
  // After a step the focus goes to its Undo, where the step was asked (the trigger may be gone).
  const finalFocus = () => {
    const origin = steps.doneAt();
    if (origin === null) return null;
    return origin === 'detail' ? detailUndo.current : pageUndo.current;
  };

  return (
    <Box as="section" aria-labelledby="my-loads-heading">
      <HStack justify="space-between" mb="2">
        <Heading as="h2" size="md" id="my-loads-heading">
          My Loads
        </Heading>
        <Badge>{loads.length}</Badge>
      </HStack>
      <Stack gap="4">
        {detail?.open ? null : <UndoBanner steps={steps} buttonRef={pageUndo} />}
        {loads.length === 0 ? <Text color="gray.700">No loads assigned to you yet.</Text> : null}
        {active ? (
          <Box as="section" aria-labelledby="active-load-heading">
            <Heading as="h3" size="sm" id="active-load-heading" mb="2">
              Active load
            </Heading>
            <ActiveLoadCard load={active} steps={steps} onOpen={() => openDetail(active.id)} />
          </Box>
        ) : loads.length > 0 ? (
          <Text color="gray.700">No active load right now.</Text>
        ) : null}
        {upcoming.length > 0 ? (
          <Box as="section" aria-labelledby="upcoming-loads-heading">
            <Heading as="h3" size="sm" id="upcoming-loads-heading" mb="2">
              Up next ({upcoming.length})
            </Heading>
            <Stack as="ul" gap="3" p="0" m="0">
              {upcoming.map((load) => (
                <LoadSummaryCard key={load.id} load={load} steps={steps} onOpen={() => openDetail(load.id)} />
              ))}
            </Stack>
          </Box>
        ) : null}
        <LoadHistory loads={history} onOpen={openDetail} />
      </Stack>
      {opened && detail ? (
        <LoadDetailDrawer
          load={opened}
          open={detail.open}
          onClose={() => setDetail({ id: opened.id, open: false })}
          onExitComplete={() => setDetail((current) => (current?.open ? current : null))}
          steps={steps}
          undoRef={detailUndo}
        />
      ) : null}
      <StepConfirmDialog steps={steps} finalFocus={finalFocus} />
    </Box>
  );
}
