import { Box, Button, Heading, Text, VStack } from '@chakra-ui/react';
import type { ErrorComponentProps } from '@tanstack/react-router';

export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  return (
    <Box as="main" minH="60vh" display="flex" alignItems="center" justifyContent="center" px="4">
      <VStack gap="3" textAlign="center" maxW="md">
        <Heading as="h1" size="xl">
          Unexpected Application Error!
        </Heading>
        <Text color="gray.700">{error instanceof Error ? error.message : String(error)}</Text>
        <Button onClick={reset} colorPalette="blue">
          Try again
        </Button>
      </VStack>
    </Box>
  );
}
