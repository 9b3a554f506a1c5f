import { Box, Button, Card, Container, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Clock, Mail, Phone } from 'lucide-react';
import { CONTACT_DETAILS, CONTACT_LIMITS } from '#shared/constants.js';
import { contactInput } from '#shared/schemas/auth.js';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { PublicLayout } from './PublicLayout';

const empty = { name: '', email: '', phone: '', subject: '', message: '', website: '' };

export function ContactPage() {
  const form = useZodForm(contactInput, empty);
  const { control } = form;
  const send = trpc.contact.send.useMutation();

  const onSubmit = form.handleSubmit((input) =>
    send.mutate(input, {
      onSuccess: () => {
        notify.success('Message sent successfully!', "We'll get back to you as soon as possible.");
        form.reset();
      },
      onError: (error) => {
        form.showServerErrors(error);
        // The spec's toast for any failure to send, whatever the server said.
        notify.error('Failed to send message', 'Please try again or contact us directly via email.');
      },
    }),
  );

  return (
    <PublicLayout>
      <Container maxW="6xl" py={{ base: '10', md: '16' }}>
        <Stack gap="3" textAlign="center" mb="10">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
            Get in Touch
          </Heading>
          <Text color="gray.700">Questions about dispatch, pricing or a demo? Send us a message.</Text>
        </Stack>
        <Grid templateColumns={{ base: '1fr', lg: '1fr 2fr' }} gap="8">
          <Stack gap="4">
            <ContactDetail icon={<Mail />} title="Email">
              <Link href={`mailto:${CONTACT_DETAILS.email}`} color="blue.700">
                {CONTACT_DETAILS.email}
              </Link>
            </ContactDetail>
            <ContactDetail icon={<Phone />} title="Phone">
              <Link href={`tel:${CONTACT_DETAILS.phone.replaceAll(' ', '')}`} color="blue.700">
                {CONTACT_DETAILS.phone}
              </Link>
            </ContactDetail>
            <ContactDetail icon={<Clock />} title="Business Hours">
              {CONTACT_DETAILS.hours.map((row) => (
                <Text key={row.days} color="gray.700">
                  {row.days}: {row.time}
                </Text>
              ))}
            </ContactDetail>
          </Stack>
          <Card.Root>
            <Card.Body>
              <Form label="Contact form" onSubmit={onSubmit}>
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                  <FormField control={control} name="name" label="Name" required autoComplete="name" maxLength={CONTACT_LIMITS.name + 50} />
                  <FormField control={control} name="email" label="Email" type="email" required autoComplete="email" />
                  <FormField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" />
                  <FormField control={control} name="subject" label="Subject" required />
                </Grid>
                <FormField control={control} name="message" label="Message" required multiline={6} />
                {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
                <Box position="absolute" left="-10000px" aria-hidden="true">
                  <label>
                    Website
                    <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
                  </label>
                </Box>
                <Button
                  type="submit"
                  colorPalette="blue"
                  loading={send.isPending}
                  loadingText="Sending..."
                  alignSelf={{ base: 'stretch', md: 'flex-start' }}
                >
                  Send Message
                </Button>
              </Form>
            </Card.Body>
          </Card.Root>
        </Grid>
      </Container>
    </PublicLayout>
  );
}

function ContactDetail({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <HStack align="start" gap="3">
          <Box color="blue.700" aria-hidden>
            {icon}
          </Box>
          <Stack gap="1">
            <Heading as="h2" size="md">
              {title}
            </Heading>
            {children}
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
