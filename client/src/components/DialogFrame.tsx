import type { ReactNode } from 'react';
import { CloseButton, Dialog, Flex, Portal, useBreakpointValue } from '@chakra-ui/react';

/**
 * What every form and view dialog shares: the backdrop, the title (with a badge or a
 * description), the close button; the whole screen on a phone, a sized and centred dialog from
 * the md breakpoint up. The body and footer are the dialog's own.
 */
export function DialogFrame({
  open,
  onClose,
  size,
  title,
  badge,
  description,
  children,
  nested,
  closeOnOutside = true,
}: {
  open: boolean;
  onClose: () => void;
  size: 'sm' | 'md' | 'lg' | 'xl';
  title: string;
  badge?: ReactNode;
  description?: string | undefined;
  children: ReactNode;
  /** Dialogs this one opens (the load's edit form). */
  nested?: ReactNode;
  /**
   * Whether a click outside closes it (default). A dialog showing something the person must act
   * on before leaving (a secret shown once) closes only by its own buttons or Escape.
   */
  closeOnOutside?: boolean;
}) {
  const dialogSize = useBreakpointValue({ base: 'full', md: size } as const) ?? size;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(event) => (event.open ? undefined : onClose())}
      size={dialogSize}
      scrollBehavior="inside"
      placement="center"
      closeOnInteractOutside={closeOnOutside}
      // Focus only leaves a modal dialog when code moves it: a dialog that closes as this one opens
      // (Import Rate Con's reading, then the prefilled form; Create API key, then the key) hands its
      // focus back to its trigger, outside this one, which must not close it.
      onFocusOutside={(event) => event.preventDefault()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
              <Flex gap="3" align="center" wrap="wrap" pe="8">
                <Dialog.Title wordBreak="break-word">{title}</Dialog.Title>
                {badge}
              </Flex>
              {description ? <Dialog.Description>{description}</Dialog.Description> : null}
            </Dialog.Header>
            {children}
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
