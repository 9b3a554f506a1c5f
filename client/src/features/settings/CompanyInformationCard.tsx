import { DataList } from '@chakra-ui/react';
import type { SettingsOutput } from '#shared/schemas/settings.js';
import { SettingsCard } from './SettingsCard';

/** The company's name, email, phone and address: read-only here. */
export function CompanyInformationCard({ company }: { company: SettingsOutput['company'] }) {
  const rows: [string, string | null][] = [
    ['Company Name', company.name],
    ['Email', company.email],
    ['Phone', company.phone],
    ['Address', company.address],
  ];
  return (
    <SettingsCard title="Company Information" description="Your company's details (read-only)">
      <DataList.Root orientation="horizontal" gap="3">
        {rows.map(([label, value]) => (
          <DataList.Item key={label} alignItems="start" flexDirection={{ base: 'column', sm: 'row' }} gap={{ base: '0', sm: '4' }}>
            <DataList.ItemLabel minW="36" color="gray.700">
              {label}
            </DataList.ItemLabel>
            <DataList.ItemValue color={value ? 'gray.900' : 'gray.700'} wordBreak="break-word">
              {value || 'Not set'}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </SettingsCard>
  );
}
