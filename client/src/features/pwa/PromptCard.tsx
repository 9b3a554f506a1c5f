import type { ReactNode } from 'react';
import { Box, HStack, Stack, Text } from '@chakra-ui/react';

/**
 * A card offering something (install the app, allow notifications): icon, title, text and its
 * buttons. 'bottom-left' floats over the page's corner; 'top-right' stands in the page's flow at the
 * top right of the content, so it covers nothing (a page header's actions sit just below it).
 */
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
      ? ({ position: 'relative', ml: 'auto', mb: '4', w: 'full' } as const)
      : ({ position: 'fixed', bottom: '4', left: '4', right: { base: '4', sm: 'auto' }, zIndex: 'overlay' } as const);
  return (
    <Box
      role="region"
      aria-label={label}
      {...place}
      maxW={{ base: 'full', sm: 'sm' }}
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
