import type { ReactNode } from 'react';
import { Button, Dialog } from '@chakra-ui/react';
import { DialogFrame } from './DialogFrame';

/** A dialog to look at something (a load, a driver's location): the body, and Close beside any actions. */
export function ViewDialog({
  actions,
  children,
  ...frame
}: {
  title: string;
  badge?: ReactNode;
  description?: string;
  size: 'lg' | 'xl';
  onClose: () => void;
  /** Buttons before Close (Edit). */
  actions?: ReactNode;
  children: ReactNode;
  nested?: ReactNode;
}) {
  return (
    <DialogFrame open {...frame}>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        {actions}
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogFrame>
  );
}
