import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

/** The toasts' store and region (Chakra's toast machine), loaded with the first toast (toaster.tsx). */
// Bottom right: at the top right they covered the page header's actions (Create Load) and the
// notification prompt's place; keeping them clear of dialogs' actions is still to do (issue 27, item 5).
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 4, duration: 6000 });

export function ToasterRegion() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} data-testid="toast">
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description opacity={1}>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.closable ? <Toast.CloseTrigger aria-label="Dismiss notification" /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
