import { Button, DataList } from '@chakra-ui/react';
import { EMAIL_MAX, PHONE_MAX } from '#shared/schemas/fields.js';
import {
  COMPANY_ADDRESS_MAX,
  COMPANY_NUMBER_MAX,
  SETTINGS_TEXT,
  updateCompanyInput,
  type SettingsOutput,
} from '#shared/schemas/settings.js';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { GeofenceSettingsCard } from './GeofenceSettingsCard';
import { SettingsCard } from './SettingsCard';

type Company = SettingsOutput['company'];

/**
 * The company's name, email, phone, address, MC and DOT numbers, as invoices (their "Remit to"),
 * factoring packets and the invoice mail show them. Admins change all but the name here ("Save
 * Company Information"); everyone else reads them.
 */
export function CompanyInformationCard({ company, canEdit }: { company: Company; canEdit: boolean }) {
  // Issue 31: the arrivals and detention defaults follow the company's details.
  return (
    <>
      <CompanyInformation company={company} canEdit={canEdit} />
      <GeofenceSettingsCard />
    </>
  );
}

function CompanyInformation({ company, canEdit }: { company: Company; canEdit: boolean }) {
  return canEdit ? (
    <SettingsCard
      title="Company Information"
      description="How customers reach and pay your company: the Remit to of invoices, and their emails"
    >
      <CompanyForm company={company} />
    </SettingsCard>
  ) : (
    <SettingsCard title="Company Information" description="Your company's details (read-only)">
      <CompanyDetails company={company} />
    </SettingsCard>
  );
}

const formValues = (company: Company) => ({
  email: company.email ?? '',
  phone: company.phone ?? '',
  address: company.address ?? '',
  mcNumber: company.mcNumber ?? '',
  dotNumber: company.dotNumber ?? '',
});

function CompanyForm({ company }: { company: Company }) {
  const form = useZodForm(updateCompanyInput, formValues(company));
  const utils = trpc.useUtils();
  const save = trpc.settings.updateCompany.useMutation();

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset(formValues(saved));
        notify.success('Success', SETTINGS_TEXT.companySaved);
        void utils.settings.get.invalidate();
      },
      onError: form.fail('Error'),
    }),
  );

  return (
    <Form label="Company information" onSubmit={onSubmit}>
      <DataList.Root orientation="horizontal">
        <DataList.Item flexDirection={{ base: 'column', sm: 'row' }} gap={{ base: '0', sm: '4' }}>
          <DataList.ItemLabel minW="36" color="gray.700">
            Company Name
          </DataList.ItemLabel>
          <DataList.ItemValue color="gray.900" wordBreak="break-word">
            {company.name}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <FormField control={form.control} name="email" label="Email" type="email" autoComplete="off" maxLength={EMAIL_MAX} />
      <FormField control={form.control} name="phone" label="Phone" type="tel" autoComplete="off" maxLength={PHONE_MAX} />
      <FormField control={form.control} name="address" label="Address" multiline={3} maxLength={COMPANY_ADDRESS_MAX} />
      <FormField control={form.control} name="mcNumber" label="MC Number" autoComplete="off" maxLength={COMPANY_NUMBER_MAX} />
      <FormField control={form.control} name="dotNumber" label="DOT Number" autoComplete="off" maxLength={COMPANY_NUMBER_MAX} />
      <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={save.isPending} loadingText="Saving...">
        Save Company Information
      </Button>
    </Form>
  );
}

function CompanyDetails({ company }: { company: Company }) {
  const rows: [string, string | null][] = [
    ['Company Name', company.name],
    ['Email', company.email],
    ['Phone', company.phone],
    ['Address', company.address],
    ['MC Number', company.mcNumber],
    ['DOT Number', company.dotNumber],
  ];
  return (
    <DataList.Root orientation="horizontal" gap="3">
      {rows.map(([label, value]) => (
        <DataList.Item key={label} alignItems="start" flexDirection={{ base: 'column', sm: 'row' }} gap={{ base: '0', sm: '4' }}>
          <DataList.ItemLabel minW="36" color="gray.700">
            {label}
          </DataList.ItemLabel>
          <DataList.ItemValue color={value ? 'gray.900' : 'gray.700'} wordBreak="break-word" whiteSpace="pre-line">
            {value || 'Not set'}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
