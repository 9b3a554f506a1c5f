import { Stack } from '@chakra-ui/react';
import { TEAM_TEXTS, teamInviteInput } from '#shared/schemas/team.js';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { NameFields } from '../../components/PersonFields';
import { SelectField } from '../../components/SelectField';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { notifyInvitationSent, ROLE_OPTIONS } from './team-texts';

/**
 * The spec's Invite Team Member dialog: email, first name, last name and role, all required
 * ("Missing Information" / "Please fill in all fields" otherwise). The server mails the
 * invitee a single-use link; the toast names the recipient.
 */
export function InviteMemberDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useZodForm(teamInviteInput, { email: '', firstName: '', lastName: '', role: undefined });
  const utils = trpc.useUtils();
  const invite = trpc.team.invite.useMutation({ onSettled: () => void utils.team.invitations.invalidate() });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(
    (input) =>
      invite.mutate(input, {
        onSuccess: (result) => {
          notifyInvitationSent(result);
          close();
        },
        onError: form.fail('Error', TEAM_TEXTS.inviteFailed),
      }),
    () => {
      // The spec's toast when a field is left empty; the fields say which.
      const isMissing = Object.values(form.getValues()).some((value) => !value?.trim());
      if (isMissing) notify.error(TEAM_TEXTS.missingTitle, TEAM_TEXTS.missingDescription);
    },
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      title="Invite Team Member"
      description="They will get an email with a link to join your company. The link works once and expires in 7 days."
      submitLabel="Send Invitation"
      busyLabel="Sending..."
      isPending={invite.isPending}
      onSubmit={(event) => void submit(event)}
    >
      <Stack gap="4">
        <FormField control={form.control} name="email" label="Email" type="email" required autoComplete="off" />
        <NameFields control={form.control} forSelf={false} />
        <SelectField control={form.control} name="role" label="Role" required placeholder="Select a role" options={ROLE_OPTIONS} />
      </Stack>
    </FormDialog>
  );
}
