import { Button, Code, Dialog, Stack, Text } from '@chakra-ui/react';
import { DialogFrame } from './DialogFrame';
import { notify } from './toaster';

/**
 * A secret shown this once (a new API key, a webhook endpoint's signing secret), with Copy. It
 * stays open until Done, Close or Escape: a click or focus elsewhere never loses it.
 */
export function ShownOnceDialog({
  title,
  description,
  intro,
  label,
  value,
  copyLabel,
  copied,
  onClose,
}: {
  title: string;
  description: string;
  /** What it is for and that it will not be shown again. */
  intro: string;
  /** The secret's accessible name. */
  label: string;
  value: string;
  copyLabel: string;
  /** The toast once copied: its title and where to keep the secret. */
  copied: { title: string; description: string };
  onClose: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(copied.title, copied.description);
    } catch {
      notify.error(`Could not copy the ${label.toLowerCase()}`, 'Select it and copy it yourself.');
    }
  };
  return (
    <DialogFrame open onClose={onClose} size="md" title={title} description={description} closeOnOutside={false}>
      <Dialog.Body>
        <Stack gap="3">
          <Text>{intro}</Text>
          <Code p="3" fontSize="sm" wordBreak="break-all" whiteSpace="normal" aria-label={label}>
            {value}
          </Code>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="blue" onClick={() => void copy()}>
          {copyLabel}
        </Button>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Done</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </DialogFrame>
  );
}
