import { Box, Card, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Lightbulb, ShieldCheck, Target, Truck } from 'lucide-react';
import { PRODUCT_NAME, UPTIME_CLAIM } from '#shared/constants.js';
import { PublicLayout } from './PublicLayout';

const values = [
  { icon: Target, title: 'Our Mission', text: 'Give every carrier, big or small, dispatch software that is fast, safe and simple to run.' },
  {
    icon: ShieldCheck,
    title: 'Reliability',
    text: `Your operation never stops, so neither do we: ${UPTIME_CLAIM} uptime and isolated data per company.`,
  },
  { icon: Lightbulb, title: 'Innovation', text: 'Live tracking, smart suggestions and automated invoicing that save hours every week.' },
  { icon: Truck, title: 'Industry Focus', text: 'Built with dispatchers and drivers, in the words they use, for the work they do.' },
];

export function AboutPage() {
  return (
    <PublicLayout>
      <Box bg="blue.800" color="white" py={{ base: '12', md: '16' }}>
        <Container maxW="4xl" textAlign="center">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
            About {PRODUCT_NAME}
          </Heading>
          <Text mt="4" fontSize="lg" color="blue.50">
            Our mission is to make freight dispatch simple, so carriers spend their time moving freight, not chasing paperwork.
          </Text>
        </Container>
      </Box>
      <Container maxW="4xl" py="12">
        <Stack gap="4">
          <Heading as="h2" size="xl">
            Our Story
          </Heading>
          <Text color="gray.700">
            {PRODUCT_NAME} began in a small dispatch office where loads lived on whiteboards, driver locations came by phone call and
            invoices waited on paperwork. We built the tool we wished we had: one place where dispatchers, sales agents, treasury and
            drivers see the same loads, live.
          </Text>
          <Text color="gray.700">
            Today {PRODUCT_NAME} helps trucking and dispatch companies manage loads, drivers, brokers, carriers, documents and invoices,
            each company in its own isolated data space.
          </Text>
        </Stack>
      </Container>
      <Container maxW="6xl" pb="16">
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="6">
          {values.map((value) => (
            <Card.Root key={value.title} variant="outline">
              <Card.Body gap="3">
                <Box color="blue.700" aria-hidden>
                  <value.icon size={28} />
                </Box>
                <Card.Title as="h3">{value.title}</Card.Title>
                <Card.Description color="gray.700">{value.text}</Card.Description>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>
    </PublicLayout>
  );
}
