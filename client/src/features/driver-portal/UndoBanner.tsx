import type { RefObject } from 'react';
import { Button, HStack, Text } from '@chakra-ui/react';
import { Undo2 } from 'lucide-react';
import { STEP_DONE, type LoadSteps } from './use-load-steps';

/**
 * After a step: what was done, and Undo for the minute the server allows (the count is shown but
 * not read out each second; the message is, once).
 */
export function UndoBanner({ steps, buttonRef }: { steps: LoadSteps; buttonRef?: RefObject<HTMLButtonElement | null> }) {
  const undoable = steps.undoable;
  if (!undoable) return null;
  return (
    <HStack
      data-testid="undo-banner"
      justify="space-between"
      gap="3"
      wrap="wrap"
      p="3"
      borderRadius="md"
      borderWidth="1px"
      borderColor="blue.300"
      bg="blue.50"
    >
      <Text role="status" overflowWrap="anywhere" minW="0" flex="1">
        {undoable.loadNumber} marked {STEP_DONE[undoable.step]}.
      </Text>
      <HStack gap="2">
        <Text fontSize="sm" color="gray.700" aria-hidden="true">
          {steps.secondsLeft} s
        </Text>
        <Button
          ref={buttonRef}
          size="sm"
          colorPalette="blue"
          onClick={steps.undo}
          loading={steps.isUndoing}
          aria-label={`Undo: ${undoable.loadNumber} marked ${STEP_DONE[undoable.step]}`}
        >
          <Undo2 size={16} aria-hidden="true" /> Undo
        </Button>
      </HStack>
    </HStack>
  );
}
