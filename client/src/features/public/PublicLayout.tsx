import type { ReactNode } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { PublicHeader } from './PublicHeader';
import { PublicFooter } from './PublicFooter';
import { useHydratedSignal } from './use-hydrated-signal';

export function PublicLayout({ children }: { children: ReactNode }) {
  useHydratedSignal();
  return (
    <Flex direction="column" minH="100vh" bg="white">
      <PublicHeader />
      <Box as="main" flex="1">
        {children}
      </Box>
      <PublicFooter />
    </Flex>
  );
}
