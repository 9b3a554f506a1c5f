import type { ReactNode } from 'react';
import { Card } from '@chakra-ui/react';

/** One card of the Settings page: a titled section (an h2, so the page reads as an outline). */
export function SettingsCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header>
        <Card.Title as="h2" fontSize="lg">
          {title}
        </Card.Title>
        {description ? <Card.Description color="gray.700">{description}</Card.Description> : null}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
