import type { FormEvent, ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal, chakra, useBreakpointValue } from '@chakra-ui/react';

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
  // Full screen on a phone; a sized, rounded dialog from the md breakpoint up.
  const dialogSize = useBreakpointValue({ base: 'full', md: size } as const) ?? size;
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event);
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => onOpenChange(event.open)}
      size={dialogSize}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form onSubmit={handleSubmit} noValidate display="contents" aria-label={title}>
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
                <Dialog.Title>{title}</Dialog.Title>
                {description ? <Dialog.Description>{description}</Dialog.Description> : null}
              </Dialog.Header>
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
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
