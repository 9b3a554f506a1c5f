import type { ComponentType } from 'react';
import { Grid } from '@chakra-ui/react';
import type { Control, DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from '../../lib/use-form';
import { FormDialog } from '../FormDialog';
import { notify } from '../toaster';
import { useRecordMutation, type RecordDomain } from './record-domain';
import type { RecordRow } from './RecordListPage';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** The fields of a record form: laid out in the dialog's two-column grid (one column on a phone). */
export type RecordFields<Row, Schema extends FormSchema> = ComponentType<{
  control: Control<z.input<Schema>, unknown, z.output<Schema>>;
  record: Row | null;
}>;

/**
 * A record domain's Add/Edit form as configuration: its schema (the server's), the values a
 * record starts the form with, and its fields. The dialog
 * (titles, buttons, toasts, errors beside the fields) is RecordFormDialog's.
 */
export interface RecordForm<Row extends RecordRow, Schema extends FormSchema> {
  domain: RecordDomain<z.output<Schema>>;
  /** The Add dialog's description ("Add a driver to your fleet."). */
  addDescription: string;
  schema: Schema;
  /** The form's values for a record, or for a new one (null): text as typed. */
  valuesOf: (record: Row | null) => DefaultValues<z.input<Schema>>;
  Fields: RecordFields<Row, Schema>;
}

/** Add a record, or edit one: mount it when it opens, so each opening starts from the record as it is. */
export function RecordFormDialog<Row extends RecordRow, Schema extends FormSchema>({
  config,
  record,
  onClose,
}: {
  config: RecordForm<Row, Schema>;
  record: Row | null;
  onClose: () => void;
}) {
  const form = useZodForm(config.schema, config.valuesOf(record));
  const { noun, procedures, refresh } = config.domain;
  const create = useRecordMutation(procedures.create, refresh);
  const update = useRecordMutation(procedures.update, refresh);

  const saved = (title: string) => () => {
    notify.success(title);
    onClose();
  };
  const onError = form.fail('Error');
  const submit = form.handleSubmit((input) => {
    if (record) update.mutate({ ...input, id: record.id }, { onSuccess: saved(`${noun} updated successfully`), onError });
    else create.mutate(input, { onSuccess: saved(`${noun} created successfully`), onError });
  });

  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={record ? `Edit ${noun}` : `Add ${noun}`}
      description={record ? `Update the ${noun.toLowerCase()}’s details.` : config.addDescription}
      submitLabel={record ? 'Save Changes' : `Add ${noun}`}
      busyLabel={record ? 'Saving...' : 'Adding...'}
      isPending={create.isPending || update.isPending}
      onSubmit={(event) => void submit(event)}
      size="lg"
    >
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        {/* The same Control type; TypeScript cannot compare it across the generic schema. */}
        <config.Fields control={form.control as never} record={record} />
      </Grid>
    </FormDialog>
  );
}
