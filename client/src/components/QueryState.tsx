import type { ReactNode } from 'react';
import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** Loading, error (with retry) and empty states: every list shows them the same way. */
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
  error: { message: string } | null;
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
      <Center py="10" role="alert">
        <Stack align="center" gap="3">
          <Text color="red.700">{error.message}</Text>
          {onRetry ? (
            <Button size="sm" variant="outline" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </Stack>
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
