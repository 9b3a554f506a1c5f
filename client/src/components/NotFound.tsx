import { useEffect } from 'react';
import { Box, Heading, Link as ChakraLink, Text, VStack } from '@chakra-ui/react';
import { Link, useLocation } from '@tanstack/react-router';

export function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <Box as="main" minH="100vh" display="flex" alignItems="center" justifyContent="center" bg="gray.100" px="4">
      <VStack gap="4" textAlign="center">
        <Heading as="h1" size="5xl">
          404
        </Heading>
        <Text fontSize="xl" color="gray.700">
          Oops! Page not found
        </Text>
        <ChakraLink asChild color="blue.700" textDecoration="underline">
          <Link to="/">Return to Home</Link>
        </ChakraLink>
      </VStack>
    </Box>
  );
}
