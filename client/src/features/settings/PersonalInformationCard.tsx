import { Button } from '@chakra-ui/react';
import { SETTINGS_TEXT, updateProfileInput, type SettingsOutput } from '#shared/schemas/settings.js';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { NameFields } from '../../components/PersonFields';
import { notify } from '../../components/toaster';
import { useRefreshSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { SettingsCard } from './SettingsCard';

/** First name, last name and phone of one's own profile, and "Save Changes". */
export function PersonalInformationCard({ profile }: { profile: SettingsOutput['profile'] }) {
  const form = useZodForm(updateProfileInput, { firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone ?? '' });
  const utils = trpc.useUtils();
  const refreshSession = useRefreshSession();
  const save = trpc.settings.updateProfile.useMutation();

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: () => {
        notify.success('Success', SETTINGS_TEXT.profileSaved);
        void utils.settings.get.invalidate();
        // The sidebar shows the name from the session.
        void refreshSession();
      },
      onError: form.fail('Error'),
    }),
  );

  return (
    <SettingsCard title="Personal Information" description={`Signed in as ${profile.email}`}>
      <Form label="Personal information" onSubmit={onSubmit}>
        <NameFields control={form.control} />
        <FormField
          control={form.control}
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="+1 (555) 010-2020"
          helperText="Two-factor codes by SMS go to this number."
        />
        <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={save.isPending} loadingText="Saving...">
          Save Changes
        </Button>
      </Form>
    </SettingsCard>
  );
}
