import { useState } from 'react';
import { Field, Input } from '@chakra-ui/react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/FormDialog';
import { notify } from '../../components/toaster';
import { VIEW_NAME_MAX, type SavedView } from './saved-views';

/** "Save view": the current filters and sort under a name (a view of the same name is replaced). */
export function SaveViewDialog({ onClose, onSave }: { onClose: () => void; onSave: (name: string) => SavedView | null }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Save view"
      description="The current filters and sort, under a name of your choice, in this browser."
      submitLabel="Save view"
      busyLabel="Saving..."
      isPending={false}
      size="sm"
      onSubmit={() => {
        if (name.trim() === '') {
          setError('View name is required');
          return;
        }
        const view = onSave(name);
        if (view) notify.success('View saved', view.name);
        else notify.error('View not saved', 'This browser does not allow saving views.');
      }}
    >
      <Field.Root invalid={error !== null} required>
        <Field.Label>View name</Field.Label>
        <Input
          value={name}
          maxLength={VIEW_NAME_MAX}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </FormDialog>
  );
}

export function DeleteViewDialog({ name, onClose, onDelete }: { name: string; onClose: () => void; onDelete: () => void }) {
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Delete view?"
      description={`"${name}" will be removed from your views. The loads are not changed.`}
      confirmLabel="Delete view"
      busyLabel="Deleting..."
      onConfirm={() => {
        onDelete();
        notify.success('View deleted', name);
      }}
    />
  );
}
