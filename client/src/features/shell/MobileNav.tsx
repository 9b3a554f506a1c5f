import type { ReactNode } from 'react';
import { CloseButton, Drawer, Portal } from '@chakra-ui/react';

/**
 * The navigation drawer of a narrow screen, loaded the first time its toggle is pressed (the dialog
 * machine, focus trap and scroll lock stay off the first load). Focus returns to the toggle on close.
 */
export function MobileNav({
  open,
  onOpenChange,
  toggle,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  toggle: () => HTMLElement | null;
  children: ReactNode;
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(event) => onOpenChange(event.open)} placement="start" finalFocusEl={toggle}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW="72">
            <Drawer.Title srOnly>Navigation</Drawer.Title>
            <Drawer.CloseTrigger asChild position="absolute" top="3" right="3">
              <CloseButton size="sm" aria-label="Close navigation" />
            </Drawer.CloseTrigger>
            {children}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
