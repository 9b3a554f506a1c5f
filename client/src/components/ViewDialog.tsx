import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Flex, Portal, useBreakpointValue } from '@chakra-ui/react';

/**
 * A dialog to look at something (a load, a driver's location): its title with a badge or a
 * description, the body, and Close beside any actions. The whole screen on a phone; a sized,
 * centred dialog from the md breakpoint up.
 */
export function ViewDialog({
  title,
  badge,
  description,
  size,
  onClose,
  actions,
  children,
  nested,
}: {
  title: string;
  badge?: ReactNode;
  description?: string;
  size: 'lg' | 'xl';
  onClose: () => void;
  /** Buttons before Close (Edit). */
  actions?: ReactNode;
  children: ReactNode;
  /** Dialogs this one opens (the load's edit form). */
  nested?: ReactNode;
}) {
  const dialogSize = useBreakpointValue<'full' | 'lg' | 'xl'>({ base: 'full', md: size }) ?? size;
  return (
    <Dialog.Root
      open
      onOpenChange={(event) => (event.open ? undefined : onClose())}
      size={dialogSize}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Flex gap="3" align="center" wrap="wrap" pe="8">
                <Dialog.Title wordBreak="break-all">{title}</Dialog.Title>
                {badge}
              </Flex>
              {description ? <Dialog.Description>{description}</Dialog.Description> : null}
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              {actions}
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
      {nested}
    </Dialog.Root>
  );
}
