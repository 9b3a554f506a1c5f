import { useState } from 'react';
import { Box, Button, Flex, HStack, IconButton, Link as ChakraLink, VStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Menu, X } from 'lucide-react';
import { Logo } from '../../components/Logo';

const links = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About Us' },
  { to: '/contact', label: 'Contact Us' },
] as const;

export function PublicHeader() {
  const [isMenuOpen, setMenuOpen] = useState(false);
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="white" borderBottomWidth="1px" shadow="xs">
      <Flex maxW="6xl" mx="auto" px="4" h="16" align="center" justify="space-between">
        <Link to="/" aria-label="Haulwise home">
          <Logo />
        </Link>
        <HStack as="nav" aria-label="Main" gap="6" display={{ base: 'none', md: 'flex' }}>
          {links.map((link) => (
            <ChakraLink asChild key={link.to} color="gray.700" fontWeight="medium" _hover={{ color: 'blue.700' }}>
              <Link
                to={link.to}
                activeProps={{ 'aria-current': 'page', style: { color: 'var(--chakra-colors-blue-700)' } }}
                activeOptions={{ exact: true }}
              >
                {link.label}
              </Link>
            </ChakraLink>
          ))}
          <Button asChild colorPalette="blue" size="sm">
            <Link to="/auth">Sign In</Link>
          </Button>
        </HStack>
        <IconButton
          display={{ base: 'inline-flex', md: 'none' }}
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={isMenuOpen}
          aria-controls="public-mobile-menu"
          variant="ghost"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {isMenuOpen ? <X /> : <Menu />}
        </IconButton>
      </Flex>
      {isMenuOpen ? (
        <VStack
          id="public-mobile-menu"
          as="nav"
          aria-label="Mobile"
          align="stretch"
          gap="1"
          px="4"
          pb="4"
          display={{ base: 'flex', md: 'none' }}
          borderTopWidth="1px"
        >
          {links.map((link) => (
            <ChakraLink asChild key={link.to} py="2" fontWeight="medium" color="gray.800">
              <Link to={link.to} onClick={() => setMenuOpen(false)}>
                {link.label}
              </Link>
            </ChakraLink>
          ))}
          <Button asChild colorPalette="blue" mt="2">
            <Link to="/auth" onClick={() => setMenuOpen(false)}>
              Sign In
            </Link>
          </Button>
        </VStack>
      ) : null}
    </Box>
  );
}
