import type { FormEvent } from 'react';
import { Box, Button, chakra, Card, Container, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Clock, Mail, Phone } from 'lucide-react';
import { CONTACT_DETAILS, CONTACT_LIMITS } from '#shared/constants.js';
import { contactInput } from '#shared/schemas/auth.js';
import { FormField } from '../../components/FormField';
import { notify } from '../../components/toaster';
import { useForm } from '../../lib/use-form';
import { trpc } from '../../lib/trpc';
import { PublicLayout } from './PublicLayout';

const empty = { name: '', email: '', phone: '', subject: '', message: '', website: '' };

export function ContactPage() {
  const form = useForm(contactInput, empty);
  const send = trpc.contact.send.useMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return;
    send.mutate(input, {
      onSuccess: () => {
        notify.success('Message sent successfully!', "We'll get back to you as soon as possible.");
        form.reset();
      },
      onError: (error) => {
        form.applyServerError(error);
        notify.error('Failed to send message', 'Please try again or contact us directly via email.');
      },
    });
  };

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
              <chakra.form onSubmit={onSubmit} noValidate aria-label="Contact form">
                <Stack gap="4">
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                    <FormField
                      label="Name"
                      name="name"
                      required
                      value={form.values.name}
                      onChange={(value) => form.setField('name', value)}
                      error={form.errors.name}
                      autoComplete="name"
                      maxLength={CONTACT_LIMITS.name + 50}
                    />
                    <FormField
                      label="Email"
                      name="email"
                      type="email"
                      required
                      value={form.values.email}
                      onChange={(value) => form.setField('email', value)}
                      error={form.errors.email}
                      autoComplete="email"
                    />
                    <FormField
                      label="Phone"
                      name="phone"
                      type="tel"
                      value={form.values.phone ?? ''}
                      onChange={(value) => form.setField('phone', value)}
                      error={form.errors.phone}
                      autoComplete="tel"
                    />
                    <FormField
                      label="Subject"
                      name="subject"
                      required
                      value={form.values.subject}
                      onChange={(value) => form.setField('subject', value)}
                      error={form.errors.subject}
                    />
                  </Grid>
                  <FormField
                    label="Message"
                    name="message"
                    required
                    multiline={6}
                    value={form.values.message}
                    onChange={(value) => form.setField('message', value)}
                    error={form.errors.message}
                  />
                  {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
                  <Box position="absolute" left="-10000px" aria-hidden="true">
                    <label>
                      Website
                      <input
                        type="text"
                        name="website"
                        tabIndex={-1}
                        autoComplete="off"
                        value={form.values.website ?? ''}
                        onChange={(event) => form.setField('website', event.target.value)}
                      />
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
                </Stack>
              </chakra.form>
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
