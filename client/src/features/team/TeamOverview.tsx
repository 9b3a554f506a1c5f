import { Badge, Button, Card, Flex, Heading, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { ROLE_LABELS, TEAM_TEXTS, type TeamMember } from '#shared/schemas/team.js';
import { DataTable, type Column } from '../../components/DataTable';
import { useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { fullName } from './team-texts';

const columns: Column<TeamMember>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (member) => (
      <Text fontWeight="medium" whiteSpace="nowrap">
        {fullName(member)}
      </Text>
    ),
  },
  { key: 'role', header: 'Role', cell: (member) => <Text whiteSpace="nowrap">{ROLE_LABELS[member.role]}</Text> },
  {
    key: 'status',
    header: 'Status',
    cell: (member) => (
      <Badge colorPalette="green" variant="subtle">
        {member.status}
      </Badge>
    ),
  },
];

/** The admin dashboard's Team Overview: name, role and status of the newest members (a page); Manage Team opens /team. */
export function TeamOverview() {
  const members = trpc.team.members.useQuery({});
  useFailureToast(members, 'Error', TEAM_TEXTS.loadFailed);
  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby="team-overview-heading">
      <Card.Header pb="2" px={{ base: 4, md: 6 }}>
        <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} direction={{ base: 'column', sm: 'row' }} gap="3">
          <Heading as="h2" size="lg" id="team-overview-heading">
            Team Overview
          </Heading>
          <Button asChild colorPalette="blue" size="sm" variant="outline">
            <Link to="/team">
              <Users aria-hidden /> Manage Team
            </Link>
          </Button>
        </Flex>
      </Card.Header>
      <Card.Body pt="2" px={{ base: 4, md: 6 }}>
        <DataTable
          label="Team overview"
          columns={columns}
          rows={members.data?.items}
          rowKey={(member) => member.userId}
          isLoading={members.isPending}
          error={members.error}
          emptyText="No team members yet"
          loadingText="Loading team members..."
          onRetry={() => void members.refetch()}
        />
      </Card.Body>
    </Card.Root>
  );
}
