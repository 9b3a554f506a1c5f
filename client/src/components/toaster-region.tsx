import { Toaster as ChakraToaster, Portal, Spinner, Stack, Toast, createToaster } from '@chakra-ui/react';

/** The toasts' stores and regions (Chakra's toast machine), loaded with the first toast (toaster.tsx). */
const options = { pauseOnPageIdle: true, max: 4, duration: 6000 } as const;

/**
 * Bottom right for the page: at the top right they covered the page header's actions (Create Load)
 * and the notification prompt's place.
 */
export const toaster = createToaster({ placement: 'bottom-end', ...options });

/**
 * Top centre while a dialog is open: a dialog's actions sit in its footer, at the bottom, where the
 * page's toasts are (on a phone the dialog and the toasts are both full width).
 */
export const dialogToaster = createToaster({ placement: 'top', ...options });

/** The toaster for a toast raised now: clear of an open dialog's actions. */
export function toasterForNow() {
  const dialogOpen = document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]');
  return dialogOpen ? dialogToaster : toaster;
}

function Region({ of }: { of: typeof toaster }) {
  return (
    <ChakraToaster toaster={of} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        // The ghosts are Zag's hover aids around a toast; they must not take a click meant for what
        // lies beside the toast (a dialog's Close button just above it).
        <Toast.Root width={{ md: 'sm' }} data-testid="toast" css={{ '& > [data-ghost]': { pointerEvents: 'none' } }}>
          {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
            {toast.description ? <Toast.Description opacity={1}>{toast.description}</Toast.Description> : null}
          </Stack>
          {toast.closable ? <Toast.CloseTrigger aria-label="Dismiss notification" /> : null}
        </Toast.Root>
      )}
    </ChakraToaster>
  );
}

export function ToasterRegion() {
  return (
    <Portal>
      <Region of={toaster} />
      <Region of={dialogToaster} />
    </Portal>
  );
}
