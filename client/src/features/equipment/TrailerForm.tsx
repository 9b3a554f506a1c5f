import { createTrailerInput, EQUIPMENT_LIMITS, TRAILER_TYPE_LABELS, TRAILER_TYPES } from '#shared/schemas/equipment.js';
import { FormField } from '../../components/FormField';
import type { RecordFields, RecordForm } from '../../components/records/RecordFormDialog';
import { NotesField } from '../../components/records/record-parts';
import { SelectField } from '../../components/SelectField';
import { STATUS_OPTIONS } from './TruckForm';

const TYPE_OPTIONS = TRAILER_TYPES.map((type) => ({ value: type, label: TRAILER_TYPE_LABELS[type] }));

const TrailerFields: RecordFields<typeof createTrailerInput> = ({ control }) => (
  <>
    <FormField
      control={control}
      name="unitNumber"
      label="Unit Number"
      required
      autoComplete="off"
      maxLength={EQUIPMENT_LIMITS.unitNumber}
    />
    <SelectField control={control} name="trailerType" label="Type" options={TYPE_OPTIONS} />
    <FormField control={control} name="plate" label="Plate" autoComplete="off" maxLength={EQUIPMENT_LIMITS.plate} />
    <FormField control={control} name="plateState" label="Plate State" autoComplete="off" maxLength={2} />
    <SelectField control={control} name="status" label="Status" options={STATUS_OPTIONS} />
    <NotesField control={control} maxLength={EQUIPMENT_LIMITS.notes} />
  </>
);

/** Add Trailer, or edit one. */
export const trailerForm: RecordForm<typeof createTrailerInput> = {
  addDescription: 'Add a trailer to your fleet.',
  schema: createTrailerInput,
  defaults: { status: 'active', trailerType: 'dry_van' },
  Fields: TrailerFields,
};
