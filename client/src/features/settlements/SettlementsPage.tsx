import { Tabs } from '@chakra-ui/react';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { PageHeader } from '../../components/PageHeader';
import { DeductionsTab } from './DeductionsTab';
import { PayProfilesTab } from './PayProfilesTab';
import { PeriodsTab } from './PeriodsTab';
import { ReportsTab } from './ReportsTab';
import { SETTLEMENT_TABS, settlementPermissions, type SettlementTab } from './use-settlements';

/** What the address holds: the tab, the period chosen and the settlement open. */
export interface SettlementsAddress {
  tab: SettlementTab;
  period?: string | undefined;
  settlement?: string | undefined;
}

const TAB_LABELS: Record<SettlementTab, string> = {
  periods: 'Periods',
  profiles: 'Pay profiles',
  deductions: 'Deductions',
  reports: 'Reports',
};

/**
 * Driver pay (issue 30), for treasury and admins: weekly periods and their settlements (review,
 * edit with a reason, approve, mark paid, statements), the drivers' pay profiles, the deductions
 * and advances, and the reports with their CSVs. The tab is in the address (?tab=).
 */
export function SettlementsPage({
  session,
  address,
  onAddressChange,
}: {
  session: SessionOutput;
  address: SettlementsAddress;
  onAddressChange: (address: SettlementsAddress) => void;
}) {
  const { canChange } = settlementPermissions(session);
  return (
    <>
      <PageHeader title="Settlements" subtitle="Pay your drivers: weekly settlements, deductions and statements" />
      <Tabs.Root
        value={address.tab}
        onValueChange={(event) => onAddressChange({ tab: event.value as SettlementTab })}
        lazyMount
        unmountOnExit
        variant="line"
        colorPalette="blue"
      >
        {/* On a phone the tabs scroll sideways rather than wrap. */}
        <Tabs.List overflowX="auto" overflowY="hidden" css={{ '& > button': { flexShrink: 0, whiteSpace: 'nowrap' } }}>
          {SETTLEMENT_TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab}>
              {TAB_LABELS[tab]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="periods">
          <PeriodsTab
            canChange={canChange}
            periodId={address.period}
            settlementId={address.settlement}
            onSelect={(period, settlement) => onAddressChange({ tab: 'periods', period, settlement })}
          />
        </Tabs.Content>
        <Tabs.Content value="profiles">
          <PayProfilesTab canChange={canChange} session={session} />
        </Tabs.Content>
        <Tabs.Content value="deductions">
          <DeductionsTab canChange={canChange} />
        </Tabs.Content>
        <Tabs.Content value="reports">
          <ReportsTab />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
