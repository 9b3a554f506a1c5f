import { Button, DataList } from '@chakra-ui/react';
import { updateGeofenceSettingsInput, type GeofenceSettings } from '#shared/schemas/geofences.js';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { QueryState } from '../../components/QueryState';
import { ToggleField } from '../../components/ToggleField';
import { notify } from '../../components/toaster';
import { useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { SettingsCard } from './SettingsCard';

const settingsForm = updateGeofenceSettingsInput;

const formValues = (settings: GeofenceSettings) => ({
  radiusMiles: settings.radiusMiles,
  arrivalDwellMinutes: String(settings.arrivalDwellMinutes),
  departureDwellMinutes: String(settings.departureDwellMinutes),
  autoStatus: settings.autoStatus,
  detentionFreeHours: settings.detentionFreeHours,
});

/**
 * Arrivals and detention (issue 31; docs/fleet.md): the stop geofence's default radius, how long a
 * truck must be inside (arrival) or outside (departure) before it counts, whether departures move
 * the load's status, and the detention free time. Admins change them; everyone else reads them.
 */
export function GeofenceSettingsCard() {
  const settings = trpc.geofences.settings.useQuery();
  useFailureToast(settings, 'Failed to load arrival settings');
  return (
    <SettingsCard
      title="Arrivals and Detention"
      description="How arrivals and departures at stops are detected, and the free time before detention"
    >
      <QueryState
        isLoading={settings.isLoading}
        error={settings.error}
        isEmpty={false}
        loadingText="Loading arrival settings..."
        emptyText=""
        onRetry={() => void settings.refetch()}
      >
        {settings.data ? (
          settings.data.canEdit ? (
            <GeofenceForm settings={settings.data} />
          ) : (
            <GeofenceDetails settings={settings.data} />
          )
        ) : null}
      </QueryState>
    </SettingsCard>
  );
}

function GeofenceForm({ settings }: { settings: GeofenceSettings }) {
  const form = useZodForm(settingsForm, formValues(settings));
  const utils = trpc.useUtils();
  const save = trpc.geofences.updateSettings.useMutation();
  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset(formValues(saved));
        utils.geofences.settings.setData(undefined, saved);
        notify.success('Success', 'Arrival and detention settings saved');
      },
      onError: form.fail('Error'),
    }),
  );
  return (
    <Form label="Arrivals and detention" onSubmit={onSubmit}>
      <FormField
        control={form.control}
        name="radiusMiles"
        label="Geofence radius (miles)"
        helperText="Around each stop; a stop can have its own."
      />
      <FormField
        control={form.control}
        name="arrivalDwellMinutes"
        label="Arrival dwell (minutes)"
        helperText="Inside the fence this long before an arrival counts."
      />
      <FormField
        control={form.control}
        name="departureDwellMinutes"
        label="Departure dwell (minutes)"
        helperText="Outside the fence this long before a departure counts."
      />
      <ToggleField
        control={form.control}
        name="autoStatus"
        label="Departures move the load's status (picked up, delivered)"
        kind="switch"
      />
      <FormField
        control={form.control}
        name="detentionFreeHours"
        label="Detention free time (hours)"
        helperText="A broker's own free time overrides it."
      />
      <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={save.isPending} loadingText="Saving...">
        Save Arrival Settings
      </Button>
    </Form>
  );
}

function GeofenceDetails({ settings }: { settings: GeofenceSettings }) {
  const rows: [string, string][] = [
    ['Geofence radius', `${settings.radiusMiles} mi`],
    ['Arrival dwell', `${settings.arrivalDwellMinutes} min`],
    ['Departure dwell', `${settings.departureDwellMinutes} min`],
    ['Automatic status', settings.autoStatus ? 'On' : 'Off'],
    ['Detention free time', `${settings.detentionFreeHours} h`],
  ];
  return (
    <DataList.Root orientation="horizontal" gap="3">
      {rows.map(([label, value]) => (
        <DataList.Item key={label} alignItems="start" flexDirection={{ base: 'column', sm: 'row' }} gap={{ base: '0', sm: '4' }}>
          <DataList.ItemLabel minW="36" color="gray.700">
            {label}
          </DataList.ItemLabel>
          <DataList.ItemValue color="gray.900">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
