import { useState } from 'react';
import { Button, Card, Dialog, Heading, HStack, Portal, Stack, Switch, Text } from '@chakra-ui/react';
import { PORTAL_TEXTS } from '#shared/schemas/portal.js';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { positionQueue } from './use-position-reporting';

/** Asks the browser for the phone's position once: the permission prompt. */
function askPermission(): Promise<'granted' | 'denied'> {
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      () => resolve('granted'),
      (error) => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : 'granted'),
      { enableHighAccuracy: true, timeout: 30_000, maximumAge: 60_000 },
    );
  });
}

/**
 * The spec's location-sharing consent: turning it on asks the browser's permission first (denied:
 * "Permission Denied", consent stays off; no geolocation: "Geolocation not supported by your
 * browser"), then saves it ("Location Sharing Enabled"); turning it off saves at once ("Location
 * Sharing Disabled") and empties the queue of positions not yet sent. A failed save: "Failed to
 * save consent preference".
 */
export function LocationSharing({ consent, queued }: { consent: boolean; queued: number }) {
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = trpc.portal.setConsent.useMutation();

  const store = async (value: boolean) => {
    try {
      await save.mutateAsync({ consent: value });
      if (!value) await positionQueue().clear();
      notify.success(value ? PORTAL_TEXTS.consentEnabled : PORTAL_TEXTS.consentDisabled);
    } catch (error) {
      reportFailure(PORTAL_TEXTS.consentFailed, error);
    } finally {
      await utils.portal.driver.invalidate();
    }
  };

  const enable = async () => {
    setAsking(false);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      notify.error(PORTAL_TEXTS.notSupported);
      return;
    }
    setBusy(true);
    try {
      if ((await askPermission()) === 'denied') {
        notify.error(PORTAL_TEXTS.permissionDenied, PORTAL_TEXTS.permissionDeniedDetail);
        return;
      }
      await store(true);
    } finally {
      setBusy(false);
    }
  };

  const onToggle = (checked: boolean) => {
    if (checked) setAsking(true);
    else void store(false);
  };

  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby="location-sharing-heading">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" gap="3">
            <Heading as="h2" size="md" id="location-sharing-heading">
              Location Sharing
            </Heading>
            <Switch.Root
              checked={consent}
              disabled={busy || save.isPending}
              onCheckedChange={(details) => onToggle(details.checked)}
              colorPalette="green"
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Share my location</Switch.Label>
            </Switch.Root>
          </HStack>
          <Text color="gray.700">
            {consent
              ? 'Your dispatcher sees where you are while this portal is open.'
              : 'Share your location so your dispatcher can see where you are while this portal is open.'}
          </Text>
          {consent && queued > 0 ? (
            <Text fontSize="sm" color="orange.700" data-testid="queued-positions">
              {queued} position{queued === 1 ? '' : 's'} waiting to be sent
            </Text>
          ) : null}
          {!consent ? (
            <Button alignSelf="start" colorPalette="blue" onClick={() => setAsking(true)} loading={busy}>
              Enable Location Sharing
            </Button>
          ) : null}
        </Stack>
      </Card.Body>
      <Dialog.Root open={asking} onOpenChange={(event) => setAsking(event.open)} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4">
              <Dialog.Header>
                <Dialog.Title>Share your location?</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Dialog.Description>
                  While this portal is open, your phone sends its position to your dispatcher about every 15 seconds. You can turn this off
                  at any time. Your browser will ask for permission.
                </Dialog.Description>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Not now</Button>
                </Dialog.ActionTrigger>
                <Button colorPalette="blue" onClick={() => void enable()}>
                  Allow
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Card.Root>
  );
}
