import { Button, List, Stack, Text } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { PAYMENT_PROVIDER, PRODUCT_NAME } from '#shared/constants.js';
import { ACCOUNT_ID_MAX, saveAccountIdInput, SETTINGS_TEXT } from '#shared/schemas/settings.js';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { SettingsCard } from './SettingsCard';

/**
 * The payment-provider card: the company's Airwallex account id (non-secret), which payment links
 * are created on behalf of. "Save Account ID" is disabled while saving or while the field is empty.
 * Only admins change it; everyone else sees it read-only.
 */
export function PaymentProviderCard({ accountId, canEdit }: { accountId: string | null; canEdit: boolean }) {
  const form = useZodForm(saveAccountIdInput, { accountId: accountId ?? '' });
  const isEmpty = useWatch({ control: form.control, name: 'accountId' }).trim() === '';
  const utils = trpc.useUtils();
  const save = trpc.settings.saveAirwallexAccountId.useMutation();

  const onSubmit = form.handleSubmit((input) => {
    if (!canEdit) return;
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset({ accountId: saved.airwallexAccountId });
        notify.success('Success', SETTINGS_TEXT.accountIdSaved);
        void utils.settings.get.invalidate();
      },
      onError: form.fail('Error'),
    });
  });

  return (
    <SettingsCard
      title={`${PAYMENT_PROVIDER} Integration`}
      description={`Receive invoice payments through your company's ${PAYMENT_PROVIDER} account`}
    >
      <Form label={`${PAYMENT_PROVIDER} account`} onSubmit={onSubmit}>
        {canEdit ? (
          <FormField
            control={form.control}
            name="accountId"
            label="Account ID"
            placeholder="acct_..."
            maxLength={ACCOUNT_ID_MAX}
            autoComplete="off"
          />
        ) : (
          <Stack gap="1">
            <Text fontWeight="medium">Account ID</Text>
            <Text color={accountId ? 'gray.900' : 'gray.700'} data-testid="account-id">
              {accountId ?? 'Not set'}
            </Text>
            <Text fontSize="sm" color="gray.700">
              Only company admins can change the Account ID.
            </Text>
          </Stack>
        )}
        {canEdit ? (
          <Button
            type="submit"
            colorPalette="blue"
            alignSelf="flex-start"
            disabled={save.isPending || isEmpty}
            loading={save.isPending}
            loadingText="Saving..."
          >
            Save Account ID
          </Button>
        ) : null}
        <Stack gap="2" bg="gray.50" borderRadius="md" p="4">
          <Text fontWeight="medium">How to configure</Text>
          <List.Root as="ol" ps="5" gap="1" color="gray.800">
            <List.Item>Sign in to your {PAYMENT_PROVIDER} web app as an account owner or admin.</List.Item>
            <List.Item>Open Account settings and copy your Account ID (it starts with "acct_").</List.Item>
            <List.Item>Paste it above and select Save Account ID.</List.Item>
          </List.Root>
          <Text fontSize="sm" color="gray.700">
            The Account ID is not a secret. {PAYMENT_PROVIDER} API keys are managed centrally by the {PRODUCT_NAME} administrators, never by
            company users.
          </Text>
        </Stack>
      </Form>
    </SettingsCard>
  );
}
