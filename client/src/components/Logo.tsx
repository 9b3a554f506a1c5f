import { HStack, Image, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '#shared/constants.js';

export function Logo({ size = 8, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <HStack gap="2">
      <Image src="/logo.svg" alt="" boxSize={size} />
      <Text fontWeight="bold" fontSize="lg" color={inverted ? 'white' : 'gray.900'}>
        {PRODUCT_NAME}
      </Text>
    </HStack>
  );
}
