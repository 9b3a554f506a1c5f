import type { ReactNode } from 'react';
import { Box, HStack, Stack, Text } from '@chakra-ui/react';

/** A floating card offering something (install the app, allow notifications): icon, title, text and its buttons. */
export function PromptCard({
  label,
  corner,
  icon,
  title,
  text,
  actions,
  close,
}: {
  label: string;
  corner: 'top-right' | 'bottom-left';
  icon: ReactNode;
  title: string;
  text: string;
  actions: ReactNode;
  close?: ReactNode;
}) {
  // A phone's width: the card spans the screen, 4 from each side.
  const place =
    corner === 'top-right'
      ? { top: '4', right: '4', left: { base: '4', sm: 'auto' } }
      : { bottom: '4', left: '4', right: { base: '4', sm: 'auto' } };
  return (
    <Box
      role="region"
      aria-label={label}
      position="fixed"
      {...place}
      maxW="sm"
      zIndex="overlay"
      bg="white"
      borderWidth="1px"
      borderRadius="lg"
      shadow="lg"
      p="4"
    >
      <HStack align="start" gap="3">
        <Box color="blue.700" aria-hidden pt="1">
          {icon}
        </Box>
        <Stack gap="2" flex="1">
          <Text fontWeight="semibold">{title}</Text>
          <Text fontSize="sm" color="gray.700">
            {text}
          </Text>
          <HStack>{actions}</HStack>
        </Stack>
        {close}
      </HStack>
    </Box>
  );
}
