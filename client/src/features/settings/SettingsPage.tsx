import { Stack } from '@chakra-ui/react';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { NotificationSettingsCard } from '../notifications/NotificationSettingsCard';
import { ApiKeysSection } from './ApiKeysSection';
import { CompanyInformationCard } from './CompanyInformationCard';
import { PaymentProviderCard } from './PaymentProviderCard';
import { PersonalInformationCard } from './PersonalInformationCard';
import { SecurityCard } from './SecurityCard';
import { TwoFactorCard } from './TwoFactorCard';
import { WebhooksSection } from './WebhooksSection';

/** The spec's Settings page: one's own account, and one's company (read-only but for the payment-provider account id). */
export function SettingsPage() {
  const settings = trpc.settings.get.useQuery();
  useFailureToast(settings);
  return (
    <Stack gap="6" maxW="4xl">
      <PageHeader title="Settings" subtitle="Manage your account and company settings" />
      <QueryState
        isLoading={settings.isLoading}
        error={settings.error}
        isEmpty={!settings.data}
        loadingText="Loading settings..."
        emptyText="Loading settings..."
        onRetry={() => void settings.refetch()}
      >
        {settings.data ? (
          <Stack gap="6">
            <PersonalInformationCard profile={settings.data.profile} />
            <CompanyInformationCard company={settings.data.company} canEdit={settings.data.canEditCompany} />
            <TwoFactorCard profile={settings.data.profile} />
            <SecurityCard />
            <NotificationSettingsCard />
            <PaymentProviderCard accountId={settings.data.company.airwallexAccountId} canEdit={settings.data.canEditAccountId} />
            <WebhooksSection />
            <ApiKeysSection />
          </Stack>
        ) : null}
      </QueryState>
    </Stack>
  );
}

/** The page while its route reads the settings: the spec's "Loading settings...". */
export function SettingsLoading() {
  return (
    <Stack gap="6" maxW="4xl">
      <PageHeader title="Settings" subtitle="Manage your account and company settings" />
      <QueryState isLoading error={null} isEmpty={false} loadingText="Loading settings..." emptyText="">
        {null}
      </QueryState>
    </Stack>
  );
}
