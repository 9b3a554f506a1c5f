import type { FormEvent } from 'react';
import { Button, chakra, Stack } from '@chakra-ui/react';
import { SETTINGS_TEXT, updateProfileInput, type SettingsOutput } from '#shared/schemas/settings.js';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';
import { SettingsCard } from './SettingsCard';

/** First name, last name and phone of one's own profile, and "Save Changes". */
export function PersonalInformationCard({ profile }: { profile: SettingsOutput['profile'] }) {
  const form = useForm(updateProfileInput, { firstName: profile.firstName, lastName: profile.lastName, phone: profile.phone ?? '' });
  const utils = trpc.useUtils();
  const save = trpc.settings.updateProfile.useMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    save.mutate(input, {
      onSuccess: () => {
        notify.success('Success', SETTINGS_TEXT.profileSaved);
        // The sidebar shows the name from the session.
        void utils.settings.get.invalidate();
        void utils.auth.session.invalidate();
      },
      onError: (error) => notify.error('Error', form.applyServerError(error)),
    });
  };

  return (
    <SettingsCard title="Personal Information" description={`Signed in as ${profile.email}`}>
      <chakra.form onSubmit={onSubmit} noValidate aria-label="Personal information">
        <Stack gap="4">
          <Stack direction={{ base: 'column', md: 'row' }} gap="4">
            <FormField
              label="First Name"
              name="firstName"
              required
              autoComplete="given-name"
              value={form.values.firstName}
              onChange={(value) => form.setField('firstName', value)}
              error={form.errors.firstName}
            />
            <FormField
              label="Last Name"
              name="lastName"
              required
              autoComplete="family-name"
              value={form.values.lastName}
              onChange={(value) => form.setField('lastName', value)}
              error={form.errors.lastName}
            />
          </Stack>
          <FormField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            placeholder="+1 (555) 010-2020"
            helperText="Two-factor codes by SMS go to this number."
            value={form.values.phone ?? ''}
            onChange={(value) => form.setField('phone', value)}
            error={form.errors.phone}
          />
          <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={save.isPending} loadingText="Saving...">
            Save Changes
          </Button>
        </Stack>
      </chakra.form>
    </SettingsCard>
  );
}
