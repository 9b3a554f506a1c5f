import { chakra, Dialog, Button } from '@chakra-ui/react';
import { DialogFrame } from '../../components/DialogFrame';
import { BOARD_SHORTCUTS } from './use-board-keys';

/** `?`: the board's keyboard shortcuts ("n" only for those who may create loads). */
export function ShortcutsDialog({ canCreate, onClose }: { canCreate: boolean; onClose: () => void }) {
  const shortcuts = BOARD_SHORTCUTS.filter((shortcut) => canCreate || shortcut.keys !== 'n');
  return (
    <DialogFrame open onClose={onClose} size="sm" title="Keyboard shortcuts" description="Not while typing in a field.">
      <Dialog.Body>
        <chakra.dl display="grid" gridTemplateColumns="auto 1fr" columnGap="4" rowGap="2">
          {shortcuts.map((shortcut) => (
            <chakra.div key={shortcut.keys} display="contents">
              <chakra.dt>
                <chakra.kbd fontFamily="mono" fontSize="sm" borderWidth="1px" borderRadius="sm" px="1.5" bg="gray.50">
                  {shortcut.keys}
                </chakra.kbd>
              </chakra.dt>
              <chakra.dd>{shortcut.description}</chakra.dd>
            </chakra.div>
          ))}
        </chakra.dl>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Close</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogFrame>
  );
}
