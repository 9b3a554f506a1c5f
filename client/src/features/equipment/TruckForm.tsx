import { Text } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { createTruckInput, EQUIPMENT_LIMITS, EQUIPMENT_STATUSES, VIN_PATTERN, vinCheckDigitMatches } from '#shared/schemas/equipment.js';
import { FormField } from '../../components/FormField';
import type { RecordFields, RecordForm } from '../../components/records/RecordFormDialog';
import { NotesField } from '../../components/records/record-parts';
import { SelectField } from '../../components/SelectField';

export const STATUS_OPTIONS = EQUIPMENT_STATUSES.map((status) => ({ value: status, label: status === 'active' ? 'Active' : 'Inactive' }));

/** A well-formed VIN whose check digit does not match: a warning, not an error (older and imported VINs may lack one). */
function VinHint({ vin }: { vin: unknown }) {
  const text = typeof vin === 'string' ? vin.trim().toUpperCase() : '';
  if (!VIN_PATTERN.test(text) || vinCheckDigitMatches(text)) return <>17 characters, no I, O or Q</>;
  return (
    <Text as="span" color="orange.700">
      The check digit (9th character) does not match: please check the VIN
    </Text>
  );
}

/** Unit number required; everything else optional; 2-letter plate state and IFTA base. */
const TruckFields: RecordFields<typeof createTruckInput> = ({ control }) => {
  const vin = useWatch({ control, name: 'vin' });
  return (
    <>
      <FormField
        control={control}
        name="unitNumber"
        label="Unit Number"
        required
        autoComplete="off"
        maxLength={EQUIPMENT_LIMITS.unitNumber}
      />
      <FormField control={control} name="vin" label="VIN" autoComplete="off" maxLength={17} helperText={<VinHint vin={vin} />} />
      <FormField control={control} name="make" label="Make" autoComplete="off" maxLength={EQUIPMENT_LIMITS.make} />
      <FormField control={control} name="model" label="Model" autoComplete="off" maxLength={EQUIPMENT_LIMITS.model} />
      <FormField control={control} name="year" label="Year" type="number" autoComplete="off" />
      <FormField control={control} name="plate" label="Plate" autoComplete="off" maxLength={EQUIPMENT_LIMITS.plate} />
      <FormField control={control} name="plateState" label="Plate State" autoComplete="off" maxLength={2} />
      <FormField control={control} name="iftaBaseJurisdiction" label="IFTA Base Jurisdiction" autoComplete="off" maxLength={2} />
      <SelectField control={control} name="status" label="Status" options={STATUS_OPTIONS} />
      <NotesField control={control} maxLength={EQUIPMENT_LIMITS.notes} />
    </>
  );
};

/** Add Truck, or edit one. */
export const truckForm: RecordForm<typeof createTruckInput> = {
  addDescription: 'Add a truck (power unit) to your fleet.',
  schema: createTruckInput,
  defaults: { status: 'active' },
  Fields: TruckFields,
};
