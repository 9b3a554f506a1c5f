import { Box, Text } from '@chakra-ui/react';
import { COPYRIGHT_YEAR, PRODUCT_NAME } from '#shared/constants.js';

export function PublicFooter() {
  return (
    <Box as="footer" bg="gray.900" color="gray.300" py="8" px="4" textAlign="center">
      <Text>
        © {COPYRIGHT_YEAR} {PRODUCT_NAME}. All rights reserved.
      </Text>
    </Box>
  );
}
