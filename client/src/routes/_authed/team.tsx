import { createFileRoute } from '@tanstack/react-router';
import { TeamPage } from '../../features/team/TeamPage';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/team')({
  beforeLoad: requireRoles(['admin']),
  component: TeamPage,
});
