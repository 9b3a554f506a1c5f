import { Box, Button, Card, Container, Heading, HStack, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { BarChart3, Brain, Building2, FileText, MapPin, Truck } from 'lucide-react';
import { PRODUCT_NAME, TAGLINE, UPTIME_CLAIM } from '#shared/constants.js';
import { PublicLayout } from './PublicLayout';

const features = [
  { icon: Truck, title: 'Load Management', text: 'Create, assign and track loads with real-time updates.' },
  { icon: MapPin, title: 'GPS Tracking', text: 'See where your drivers are and follow their routes live.' },
  { icon: Building2, title: 'Multi-Tenant', text: 'Each dispatch company works in its own isolated data space.' },
  { icon: FileText, title: 'Document Management', text: 'Keep BOLs, PODs and invoices together with every load.' },
  { icon: Brain, title: 'AI-Powered', text: 'Smart suggestions and automated invoice generation.' },
  { icon: BarChart3, title: 'Analytics', text: 'Performance, revenue and operational metrics at a glance.' },
];

export function LandingPage() {
  return (
    <PublicLayout>
      <Box bgGradient="to-br" gradientFrom="blue.800" gradientTo="blue.600" color="white" py={{ base: '16', md: '24' }}>
        <Container maxW="4xl" textAlign="center">
          <Stack align="center" gap="6">
            <Image src="/logo.svg" alt={`${PRODUCT_NAME} logo`} boxSize="20" />
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1">
              {PRODUCT_NAME}
            </Heading>
            <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="medium">
              {TAGLINE}
            </Text>
            <Text fontSize="lg" maxW="2xl" color="blue.50">
              The dispatch platform for trucking companies: loads, drivers, documents and invoices in one place, for your whole team.
            </Text>
            <Button asChild size="lg" bg="white" color="blue.800" _hover={{ bg: 'blue.50' }}>
              <Link to="/auth">Get Started</Link>
            </Button>
          </Stack>
        </Container>
      </Box>

      <Container maxW="6xl" py={{ base: '12', md: '20' }}>
        <Stack gap="3" textAlign="center" mb="10">
          <Heading as="h2" size="2xl">
            Everything your dispatch office needs
          </Heading>
          <Text color="gray.700">Built for dispatchers, sales agents, treasury and drivers, with {UPTIME_CLAIM} uptime.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
          {features.map((feature) => (
            <Card.Root key={feature.title} variant="outline">
              <Card.Body gap="3">
                <Box color="blue.700" aria-hidden>
                  <feature.icon size={32} />
                </Box>
                <Card.Title as="h3">{feature.title}</Card.Title>
                <Card.Description color="gray.700">{feature.text}</Card.Description>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Container>

      <Box bg="gray.100" py={{ base: '12', md: '16' }}>
        <Container maxW="3xl" textAlign="center">
          <Stack gap="5" align="center">
            <Heading as="h2" size="2xl">
              Ready to simplify your dispatch?
            </Heading>
            <Text color="gray.700">Set up your company in minutes and invite your team.</Text>
            <HStack>
              <Button asChild size="lg" colorPalette="blue">
                <Link to="/auth">Start Your Free Trial</Link>
              </Button>
            </HStack>
          </Stack>
        </Container>
      </Box>
    </PublicLayout>
  );
}
