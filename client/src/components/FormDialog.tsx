import type { FormEvent, ReactNode } from 'react';
import { Button, Dialog, chakra } from '@chakra-ui/react';
import { DialogFrame } from './DialogFrame';

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  submitLabel: string;
  busyLabel: string;
  isPending: boolean;
  /** The form's submit (a useZodForm `handleSubmit(...)`): the dialog's form element calls it. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
}

/** The one way to open a form in a dialog: title, fields, Cancel and a submit button with its busy text. */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  busyLabel,
  isPending,
  onSubmit,
  size = 'md',
  children,
}: FormDialogProps) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event);
  };
  return (
    <DialogFrame open={open} onClose={() => onOpenChange(false)} size={size} title={title} description={description}>
      <chakra.form onSubmit={handleSubmit} noValidate display="contents" aria-label={title}>
        <Dialog.Body>{children}</Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline" type="button">
              Cancel
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" colorPalette="blue" loading={isPending} loadingText={busyLabel}>
            {submitLabel}
          </Button>
        </Dialog.Footer>
      </chakra.form>
    </DialogFrame>
  );
}
