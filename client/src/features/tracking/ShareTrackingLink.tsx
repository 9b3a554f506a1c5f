import { useState } from 'react';
import { Box, Button, Dialog, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Copy, Link2 } from 'lucide-react';
import {
  TRACKING_LINK_DAYS,
  TRACKING_LINK_DEFAULT_DAYS,
  TRACKING_POSITION_PRECISION_LABELS,
  TRACKING_POSITION_PRECISIONS,
  type CreatedTrackingLink,
  type TrackingLinkDays,
  type TrackingPositionPrecision,
} from '#shared/schemas/tracking.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DialogFrame } from '../../components/DialogFrame';
import { PlainSelect } from '../../components/PlainFields';
import { QueryState } from '../../components/QueryState';
import { notify } from '../../components/toaster';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { formatDateAtTime } from '../../lib/format';
import { trpc } from '../../lib/trpc';

const DAY_OPTIONS = TRACKING_LINK_DAYS.map((days) => ({ value: String(days), label: days === 1 ? '1 day' : `${days} days` }));
const PRECISION_OPTIONS = TRACKING_POSITION_PRECISIONS.map((precision) => ({
  value: precision,
  label: TRACKING_POSITION_PRECISION_LABELS[precision],
}));
const isPrecision = (value: string): value is TrackingPositionPrecision =>
  (TRACKING_POSITION_PRECISIONS as readonly string[]).includes(value);

/** The full address of a link's public page. */
const linkUrl = (path: string) => new URL(path, window.location.origin).toString();

/** "Share tracking link" and its dialog: create a link (shown once, with Copy), the active links with their expiry, Revoke. */
export function ShareTrackingLink({ loadId, loadNumber, canShare }: { loadId: string; loadNumber: string; canShare: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Link2 aria-hidden="true" /> {canShare ? 'Share tracking link' : 'Tracking links'}
      </Button>
      {open ? <ShareDialog loadId={loadId} loadNumber={loadNumber} canShare={canShare} onClose={() => setOpen(false)} /> : null}
    </Box>
  );
}

function ShareDialog({
  loadId,
  loadNumber,
  canShare,
  onClose,
}: {
  loadId: string;
  loadNumber: string;
  canShare: boolean;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const links = trpc.tracking.listLinks.useQuery({ loadId });
  useFailureToast(links, 'Failed to load tracking links');
  const [days, setDays] = useState<TrackingLinkDays>(TRACKING_LINK_DEFAULT_DAYS);
  const [positionPrecision, setPositionPrecision] = useState<TrackingPositionPrecision>('exact');
  const [created, setCreated] = useState<CreatedTrackingLink | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const create = trpc.tracking.createLink.useMutation({
    onSuccess: (link) => {
      setCreated(link);
      void utils.tracking.listLinks.invalidate({ loadId });
      notify.success('Tracking link created', `Valid until ${formatDateAtTime(link.expiresAt)}`);
    },
    onError: (error) => reportFailure('Failed to create tracking link', error),
  });
  const revoke = trpc.tracking.revokeLink.useMutation({
    onSuccess: ({ id }) => {
      setRevoking(null);
      if (created?.id === id) setCreated(null);
      void utils.tracking.listLinks.invalidate({ loadId });
      notify.success('Tracking link revoked', 'Anyone who opens it now sees that it has expired or was revoked.');
    },
    onError: (error) => reportFailure('Failed to revoke tracking link', error),
  });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success('Link copied', url);
    } catch {
      notify.error('Could not copy the link', 'Select the address and copy it yourself.');
    }
  };

  return (
    <DialogFrame
      open
      onClose={onClose}
      size="md"
      title={`Share tracking for ${loadNumber}`}
      description="Anyone with the link sees the lane on a map, the status, the truck's last position (exact or only the town it is near), an estimated arrival and your company's contact, without signing in."
      nested={
        <ConfirmDialog
          open={revoking !== null}
          onOpenChange={(isOpen) => (isOpen ? undefined : setRevoking(null))}
          title="Revoke this tracking link?"
          description="Anyone who has the link will no longer be able to open it. This action cannot be undone."
          confirmLabel="Revoke"
          busyLabel="Revoking..."
          isPending={revoke.isPending}
          onConfirm={() => (revoking ? revoke.mutate({ id: revoking }) : undefined)}
        />
      }
    >
      <Dialog.Body>
        <Stack gap="6">
          {canShare ? (
            <Stack gap="3">
              <Flex gap="3" align="flex-end" wrap="wrap">
                <Box flex="1" minW="40">
                  <PlainSelect
                    label="Expires in"
                    name="days"
                    value={String(days)}
                    options={DAY_OPTIONS}
                    onChange={(value) => setDays(Number(value) as TrackingLinkDays)}
                  />
                </Box>
                <Box flex="1" minW="40">
                  <PlainSelect
                    label="Show the truck's position"
                    name="positionPrecision"
                    value={positionPrecision}
                    options={PRECISION_OPTIONS}
                    onChange={(value) => (isPrecision(value) ? setPositionPrecision(value) : undefined)}
                  />
                </Box>
                <Button
                  colorPalette="blue"
                  onClick={() => create.mutate({ loadId, days, positionPrecision })}
                  loading={create.isPending}
                  loadingText="Creating..."
                >
                  Create link
                </Button>
              </Flex>
              {created ? (
                <Field.Root>
                  <Field.Label>New tracking link</Field.Label>
                  <HStack gap="2" w="full">
                    <Input
                      readOnly
                      value={linkUrl(created.path)}
                      onFocus={(event) => event.currentTarget.select()}
                      data-testid="tracking-link-url"
                    />
                    <Button variant="outline" onClick={() => void copy(linkUrl(created.path))}>
                      <Copy aria-hidden="true" /> Copy
                    </Button>
                  </HStack>
                  <Field.HelperText>Copy it now: for safety the full link is shown only once.</Field.HelperText>
                </Field.Root>
              ) : null}
            </Stack>
          ) : null}
          <Stack gap="2">
            <Text as="h3" fontWeight="semibold">
              Active links
            </Text>
            <QueryState
              isLoading={links.isLoading}
              error={links.error}
              isEmpty={(links.data?.items.length ?? 0) === 0}
              emptyText="No active tracking links"
              onRetry={() => void links.refetch()}
            >
              <Stack as="ul" gap="2" listStyleType="none" data-testid="tracking-links">
                {links.data?.items.map((link) => (
                  <Flex
                    as="li"
                    key={link.id}
                    gap="3"
                    align="center"
                    justify="space-between"
                    borderWidth="1px"
                    borderRadius="md"
                    p="3"
                    wrap="wrap"
                  >
                    <Stack gap="0">
                      <Text>Expires {formatDateAtTime(link.expiresAt)}</Text>
                      <Text fontSize="sm" color="gray.700">
                        {link.positionPrecision === 'city' ? "Truck's position: city only" : "Truck's position: exact"}
                      </Text>
                      <Text fontSize="sm" color="gray.700">
                        Created {formatDateAtTime(link.createdAt)}
                        {link.createdByName ? ` by ${link.createdByName}` : ''}
                      </Text>
                    </Stack>
                    {canShare ? (
                      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRevoking(link.id)}>
                        Revoke
                      </Button>
                    ) : null}
                  </Flex>
                ))}
              </Stack>
            </QueryState>
          </Stack>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogFrame>
  );
}
