import type { ReactNode } from 'react';
import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';

/**
 * Loading, failed and empty states: every list shows them the same way. A failure has been told
 * already, by its toast (the error rule in lib/errors.ts), so its place offers "Try again" only.
 */
export function QueryState({
  isLoading,
  error,
  isEmpty,
  loadingText = 'Loading...',
  emptyText,
  onRetry,
  children,
}: {
  isLoading: boolean;
  /** The query's error, when it failed: told by its toast, so not repeated here. */
  error: unknown;
  isEmpty: boolean;
  loadingText?: string;
  emptyText: ReactNode;
  onRetry?: () => void;
  children: ReactNode;
}) {
  if (isLoading) {
    return (
      <Center py="10" role="status">
        <Stack align="center" gap="2">
          <Spinner color="blue.600" />
          <Text color="gray.700">{loadingText}</Text>
        </Stack>
      </Center>
    );
  }
  if (error) {
    return (
      <Center py="10">
        {onRetry ? (
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Center>
    );
  }
  if (isEmpty) {
    return (
      <Center py="10">
        <Text color="gray.700">{emptyText}</Text>
      </Center>
    );
  }
  return <>{children}</>;
}
