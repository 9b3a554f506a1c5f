import { Button, Code, Dialog, Stack, Text } from '@chakra-ui/react';
import { DialogFrame } from '../../../components/DialogFrame';
import { notify } from '../../../components/toaster';

/** The new endpoint's signing secret, shown this once, with Copy. */
export function SecretDialog({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success('Secret copied', 'Keep it where your receiver can read it.');
    } catch {
      notify.error('Could not copy the secret', 'Select it and copy it yourself.');
    }
  };
  return (
    <DialogFrame open onClose={onClose} size="md" title="Endpoint signing secret" description={url}>
      <Dialog.Body>
        <Stack gap="3">
          <Text>Copy this secret now: it will not be shown again. Your receiver uses it to verify the webhook-signature header.</Text>
          <Code p="3" fontSize="sm" wordBreak="break-all" whiteSpace="normal" aria-label="Signing secret">
            {secret}
          </Code>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="blue" onClick={() => void copy()}>
          Copy secret
        </Button>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Done</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogFrame>
  );
}
