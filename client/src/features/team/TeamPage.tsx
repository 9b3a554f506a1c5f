import { useState, type ReactNode } from 'react';
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { PageHeader } from '../../components/PageHeader';
import { useSession } from '../../lib/session';
import { InviteMemberDialog } from './InviteMemberDialog';
import { MembersTable } from './MembersTable';
import { PendingInvitations } from './PendingInvitations';

/** The Team page (/team, admins): members, pending invitations and the Invite Team Member dialog. */
export function TeamPage() {
  const session = useSession();
  const [isInviting, setInviting] = useState(false);
  const companyName = session.company.name;

  return (
    <Stack gap="6">
      <PageHeader
        title="Team"
        subtitle={`Manage the members of ${companyName}`}
        actions={
          <Button colorPalette="blue" onClick={() => setInviting(true)}>
            <UserPlus aria-hidden /> Invite Team Member
          </Button>
        }
      />
      <Section id="members-heading" title="Team Members" description="Everyone who works in this company, with their role.">
        <MembersTable companyName={companyName} />
      </Section>
      <Section
        id="invitations-heading"
        title="Pending Invitations"
        description="Invitations not accepted yet. A link works once and expires after 7 days."
      >
        <PendingInvitations />
      </Section>
      <InviteMemberDialog open={isInviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}

function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby={id}>
      <Card.Header pb="2" px={{ base: 4, md: 6 }}>
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
        <Text color="gray.700">{description}</Text>
      </Card.Header>
      <Card.Body pt="2" px={{ base: 4, md: 6 }}>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
