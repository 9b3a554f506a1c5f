import { Button, DataList } from '@chakra-ui/react';
import { EMAIL_MAX, PHONE_MAX } from '#shared/schemas/fields.js';
import { COMPANY_ADDRESS_MAX, SETTINGS_TEXT, updateCompanyInput, type SettingsOutput } from '#shared/schemas/settings.js';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { SettingsCard } from './SettingsCard';

type Company = SettingsOutput['company'];

/**
 * The company's name, email, phone and address, as invoices, factoring packets and the invoice
 * mail show them. Admins change the email, phone and address here ("Save Company Information");
 * everyone else reads them.
 */
export function CompanyInformationCard({ company, canEdit }: { company: Company; canEdit: boolean }) {
  return canEdit ? (
    <SettingsCard title="Company Information" description="How customers reach your company: shown on invoices and their emails">
      <CompanyForm company={company} />
    </SettingsCard>
  ) : (
    <SettingsCard title="Company Information" description="Your company's details (read-only)">
      <CompanyDetails company={company} />
    </SettingsCard>
  );
}

function CompanyForm({ company }: { company: Company }) {
  const form = useZodForm(updateCompanyInput, { email: company.email ?? '', phone: company.phone ?? '', address: company.address ?? '' });
  const utils = trpc.useUtils();
  const save = trpc.settings.updateCompany.useMutation();

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset({ email: saved.email ?? '', phone: saved.phone ?? '', address: saved.address ?? '' });
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
