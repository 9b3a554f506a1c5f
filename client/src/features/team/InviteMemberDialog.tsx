import { Stack } from '@chakra-ui/react';
import { TEAM_TEXTS, teamInviteInput, type TeamInviteInput } from '#shared/schemas/team.js';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';
import { notifyInvitationSent, ROLE_OPTIONS } from './team-texts';

const EMPTY: TeamInviteInput = { email: '', firstName: '', lastName: '', role: '' as TeamInviteInput['role'] };

/**
 * The spec's Invite Team Member dialog: email, first name, last name and role, all required
 * ("Missing Information" / "Please fill in all fields" otherwise). The server mails the
 * invitee a single-use link; the toast names the recipient.
 */
export function InviteMemberDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useForm(teamInviteInput, EMPTY);
  const utils = trpc.useUtils();
  const invite = trpc.team.invite.useMutation({ onSettled: () => void utils.team.invitations.invalidate() });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = () => {
    const { email, firstName, lastName, role } = form.values;
    const isMissing = [email, firstName, lastName, role].some((value) => !value?.trim());
    const input = form.validate();
    if (isMissing) {
      notify.error(TEAM_TEXTS.missingTitle, TEAM_TEXTS.missingDescription);
      return;
    }
    if (!input) return;
    invite.mutate(input, {
      onSuccess: (result) => {
        notifyInvitationSent(result);
        close();
      },
      onError: (error) => notify.error('Error', form.applyServerError(error) || TEAM_TEXTS.inviteFailed),
    });
  };

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
      onSubmit={submit}
    >
      <Stack gap="4">
        <FormField
          label="Email"
          name="email"
          type="email"
          required
          autoComplete="off"
          value={form.values.email}
          onChange={(value) => form.setField('email', value)}
          error={form.errors.email}
        />
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          <FormField
            label="First Name"
            name="firstName"
            required
            autoComplete="off"
            value={form.values.firstName}
            onChange={(value) => form.setField('firstName', value)}
            error={form.errors.firstName}
          />
          <FormField
            label="Last Name"
            name="lastName"
            required
            autoComplete="off"
            value={form.values.lastName}
            onChange={(value) => form.setField('lastName', value)}
            error={form.errors.lastName}
          />
        </Stack>
        <SelectField
          label="Role"
          name="role"
          required
          placeholder="Select a role"
          options={ROLE_OPTIONS}
          value={form.values.role}
          onChange={(value) => form.setField('role', value as TeamInviteInput['role'])}
          error={form.errors.role}
        />
      </Stack>
    </FormDialog>
  );
}
