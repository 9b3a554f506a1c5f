import type { ReactNode } from 'react';
import { Card, Center, Stack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { PRODUCT_NAME } from '#shared/constants.js';
import { Logo } from '../../components/Logo';

/** The one-card page of the account screens outside the sign-in tabs: verifying an address, resetting a password. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center as="main" minH="100vh" bg="gray.100" px="4" py="10">
      <Stack gap="6" w="full" maxW="md">
        <Stack align="center">
          <Link to="/" aria-label={`${PRODUCT_NAME} home`}>
            <Logo size={10} />
          </Link>
        </Stack>
        <Card.Root>
          <Card.Header>
            <Card.Title as="h1" fontSize="2xl">
              {title}
            </Card.Title>
          </Card.Header>
          <Card.Body>{children}</Card.Body>
        </Card.Root>
      </Stack>
    </Center>
  );
}
