import { useEffect, useState } from 'react';
import { Button, Dialog, Stack, chakra } from '@chakra-ui/react';
import { useController, useWatch } from 'react-hook-form';
import { MESSAGE_LIMITS, MESSAGE_TEXTS, messageSendInput } from '#shared/schemas/messages.js';
import { DialogFrame } from '../../components/DialogFrame';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { InviteDriverDialog } from '../drivers/InviteDriverDialog';
import { RecipientPicker } from './RecipientPicker';
import { useMayInviteDrivers, useWritesAsPortal } from './use-messages';

const EMPTY = { recipientId: '', subject: '', body: '', loadId: '' };

/**
 * Compose Message: a searchable picker of the company's people (name and role; drivers without an
 * account marked, with "Invite" for users who may invite them), Subject, Message (6 rows) and an
 * optional load (staff only: a driver or a carrier user writes to dispatch, the load named in the
 * text). "Send Message" is enabled only with a recipient and a non-empty message. Sent: the spec's
 * toast "Message Sent" / "Your message has been sent successfully".
 */
export function ComposeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const form = useZodForm(messageSendInput, EMPTY);
  const recipients = trpc.messages.recipients.useQuery(undefined, { enabled: open });
  // Failures loading the recipient list are only logged (platform.md, section 8).
  useEffect(() => {
    if (recipients.error) console.warn('Failed to load recipients', recipients.error);
  }, [recipients.error]);
  const portal = useWritesAsPortal();
  const mayInvite = useMayInviteDrivers();
  const [inviting, setInviting] = useState<{ driverId: string; name: string } | null>(null);
  const loads = trpc.loads.list.useQuery({ limit: 100 }, { enabled: open && !portal });
  const utils = trpc.useUtils();
  const send = trpc.messages.send.useMutation();
  const recipient = useController({ control: form.control, name: 'recipientId' });
  const [recipientId, body] = useWatch({ control: form.control, name: ['recipientId', 'body'] });
  const canSend = Boolean(recipientId) && Boolean(body?.trim());

  useEffect(() => {
    if (!open) {
      form.reset(EMPTY);
      setInviting(null);
    }
  }, [open, form]);

  const submit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => {
        notify.success(MESSAGE_TEXTS.sentToast.title, MESSAGE_TEXTS.sentToast.description);
        void utils.messages.sent.invalidate();
        onOpenChange(false);
      },
      onError: form.fail('Error'),
    }),
  );
  const loadOptions = (loads.data?.items ?? []).map((load) => ({
    value: load.id,
    label: `${load.loadNumber} · ${load.pickupCity}, ${load.pickupState} to ${load.deliveryCity}, ${load.deliveryState}`,
  }));

  return (
    <DialogFrame
      open={open}
      onClose={() => onOpenChange(false)}
      size="md"
      title={MESSAGE_TEXTS.compose}
      nested={
        inviting ? (
          <InviteDriverDialog
            driverId={inviting.driverId}
            driverName={inviting.name}
            onClose={() => {
              setInviting(null);
              // An invitation makes no account yet: the list is read again (and once accepted, live).
              void utils.messages.recipients.invalidate();
            }}
          />
        ) : null
      }
    >
      <chakra.form
        onSubmit={(event) => {
          event.preventDefault();
          void submit(event);
        }}
        noValidate
        display="contents"
        aria-label={MESSAGE_TEXTS.compose}
      >
        <Dialog.Body>
          <Stack gap="4">
            <RecipientPicker
              people={recipients.data ?? []}
              isLoading={recipients.isPending}
              value={recipient.field.value ?? ''}
              onChange={(userId) => recipient.field.onChange(userId)}
              onInvite={mayInvite ? setInviting : undefined}
              error={recipient.fieldState.error?.message}
            />
            <FormField control={form.control} name="subject" label="Subject" maxLength={MESSAGE_LIMITS.subject} />
            <FormField control={form.control} name="body" label="Message" required multiline={6} maxLength={MESSAGE_LIMITS.body} />
            {portal ? null : (
              <SelectField control={form.control} name="loadId" label="Load (optional)" options={loadOptions} placeholder="No load" />
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" type="button">
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" colorPalette="blue" disabled={!canSend} loading={send.isPending} loadingText="Sending...">
            {MESSAGE_TEXTS.send}
          </Button>
        </Dialog.Footer>
      </chakra.form>
    </DialogFrame>
  );
}
