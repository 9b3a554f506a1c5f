import type { ReactNode } from 'react';
import { chakra, Field, Flex, Input, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { LOAD_STATUSES } from '#shared/constants.js';
import { DISPATCHER_TEXTS } from '#shared/schemas/loads-dispatcher.js';
import { statusLabel } from '../../components/StatusBadge';
import { trpc } from '../../lib/trpc';
import { dispatcherChoice, MINE, type LoadFilters } from './board-filters';

/**
 * The board's filter panel (issue 26, item 1): status (any of several), the pickup and delivery
 * date ranges, driver, dispatcher ("Mine" or one of them), broker and carrier (the Create Load form's pick lists), and "Unassigned",
 * "Late", "At risk". The same panel serves the table and the cards, on every width. Every change
 * reaches the address at once.
 */
export function BoardFilters({ filters, onChange }: { filters: LoadFilters; onChange: (filters: LoadFilters) => void }) {
  const options = trpc.loads.formOptions.useQuery();
  const dispatchers = [{ id: MINE, name: DISPATCHER_TEXTS.mine }, ...(options.data?.dispatchers ?? [])];
  const set = (patch: Partial<LoadFilters>) => onChange({ ...filters, ...patch });
  const toggleStatus = (status: (typeof LOAD_STATUSES)[number], on: boolean) =>
    set({ statuses: on ? [...filters.statuses, status] : filters.statuses.filter((value) => value !== status) });

  return (
    <Flex
      id="load-filter-panel"
      direction="column"
      gap="4"
      bg="white"
      borderWidth="1px"
      borderRadius="md"
      p={{ base: '3', md: '4' }}
      mb="4"
      role="group"
      aria-label="Load filters"
    >
      <CheckGroup legend="Status">
        {LOAD_STATUSES.map((status) => (
          <Check
            key={status}
            label={statusLabel(status)}
            checked={filters.statuses.includes(status)}
            onChange={(on) => toggleStatus(status, on)}
          />
        ))}
      </CheckGroup>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <DateField label="Pickup from" value={filters.pickupFrom} onChange={(pickupFrom) => set({ pickupFrom })} />
        <DateField label="Pickup to" value={filters.pickupTo} onChange={(pickupTo) => set({ pickupTo })} />
        <DateField label="Delivery from" value={filters.deliveryFrom} onChange={(deliveryFrom) => set({ deliveryFrom })} />
        <DateField label="Delivery to" value={filters.deliveryTo} onChange={(deliveryTo) => set({ deliveryTo })} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <PickField
          label="Driver"
          any="Any driver"
          value={filters.driverId}
          options={options.data?.drivers}
          onChange={(driverId) => set({ driverId })}
        />
        <PickField
          label="Dispatcher"
          any="Any dispatcher"
          value={filters.mine ? MINE : filters.dispatcherId}
          options={options.data ? dispatchers : undefined}
          onChange={(choice) => set(dispatcherChoice(choice))}
        />
        <PickField
          label="Broker"
          any="Any broker"
          value={filters.brokerId}
          options={options.data?.brokers}
          onChange={(brokerId) => set({ brokerId })}
        />
        <PickField
          label="Carrier"
          any="Any carrier"
          value={filters.carrierId}
          options={options.data?.carriers}
          onChange={(carrierId) => set({ carrierId })}
        />
      </SimpleGrid>
      <CheckGroup legend="Show only">
        <Check label="Unassigned" checked={filters.unassigned} onChange={(unassigned) => set({ unassigned })} />
        <Check label="Late" checked={filters.late} onChange={(late) => set({ late })} />
        <Check label="At risk" checked={filters.atRisk} onChange={(atRisk) => set({ atRisk })} />
      </CheckGroup>
    </Flex>
  );
}

function CheckGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <chakra.fieldset minW="0">
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1.5">
        {legend}
      </chakra.legend>
      <Flex wrap="wrap" gap="2">
        {children}
      </Flex>
    </chakra.fieldset>
  );
}

/** A checkbox as a chip: the native input (keyboard, forms, screen readers) with its label around it. */
function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <chakra.label
      display="inline-flex"
      alignItems="center"
      gap="1.5"
      borderWidth="1px"
      borderRadius="full"
      px="2.5"
      py="1"
      fontSize="sm"
      cursor="pointer"
      bg={checked ? 'blue.50' : 'white'}
      borderColor={checked ? 'blue.600' : 'gray.300'}
      _focusWithin={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' }}
    >
      <chakra.input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} accentColor="blue.600" />
      {label}
    </chakra.label>
  );
}

function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Input type="date" size="sm" bg="white" value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)} />
    </Field.Root>
  );
}

function PickField({
  label,
  any,
  value,
  options,
  onChange,
}: {
  label: string;
  any: string;
  value: string | undefined;
  options: { id: string; name: string }[] | undefined;
  onChange: (value: string | undefined) => void;
}) {
  // A chosen id the list has not brought yet (or no longer holds) stays chosen, shown as such.
  const isKnown = !value || (options ?? []).some((option) => option.id === value);
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field bg="white" value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
          <option value="">{any}</option>
          {isKnown ? null : <option value={value}>{options ? `Unknown ${label.toLowerCase()}` : 'Loading…'}</option>}
          {(options ?? []).map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
