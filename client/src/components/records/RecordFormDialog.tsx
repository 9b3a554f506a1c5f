import type { ComponentType } from 'react';
import { Grid } from '@chakra-ui/react';
import type { Control, DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { useZodForm } from '../../lib/use-form';
import { FormDialog } from '../FormDialog';
import { notify } from '../toaster';
import { useRecordMutation, type RecordDomain } from './record-domain';

/** A record form's schema: the server's create input, an object whose keys are the form's fields. */
export type FormSchema = z.ZodObject;

/** The fields of a record form: laid out in the dialog's two-column grid (one column on a phone). */
export type RecordFields<Schema extends FormSchema> = ComponentType<{ control: Control<z.input<Schema>, unknown, z.output<Schema>> }>;

/**
 * A record domain's Add/Edit form as configuration: its schema (the server's) and its fields.
 * The dialog (titles, buttons, toasts, errors beside the fields) is RecordFormDialog's.
 */
export interface RecordForm<Schema extends FormSchema> {
  /** The Add dialog's description ("Add a driver to your fleet."). */
  addDescription: string;
  schema: Schema;
  /** A new record's values other than empty text (a status, an unticked box). */
  defaults?: DefaultValues<z.input<Schema>>;
  Fields: RecordFields<Schema>;
}

/** The form's values: each field of the record as it is (empty where it has none), or a new record's. */
function startValues<Schema extends FormSchema>(form: RecordForm<Schema>, record: object | null): DefaultValues<z.input<Schema>> {
  const current = (record ?? {}) as Record<string, unknown>;
  const defaults = (form.defaults ?? {}) as Record<string, unknown>;
  const values = Object.keys(form.schema.shape).map((key) => [key, current[key] ?? defaults[key] ?? '']);
  // The schema's keys are the form's fields, so these are its values.
  return Object.fromEntries(values) as DefaultValues<z.input<Schema>>;
}

/** Add a record, or edit one: mount it when it opens, so each opening starts from the record as it is. */
export function RecordFormDialog<Row extends { id: string }, Schema extends FormSchema>({
  domain,
  form: config,
  record,
  onClose,
}: {
  domain: RecordDomain<z.output<Schema>>;
  form: RecordForm<Schema>;
  record: Row | null;
  onClose: () => void;
}) {
  const form = useZodForm(config.schema, startValues(config, record));
  const { noun, procedures, refresh } = domain;
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
        <config.Fields control={form.control as never} />
      </Grid>
    </FormDialog>
  );
}
