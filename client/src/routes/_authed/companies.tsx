import { createFileRoute } from '@tanstack/react-router';
import { CompaniesPage } from '../../features/admin/CompaniesPage';
import { requireRoles } from '../../lib/guards';

export const Route = createFileRoute('/_authed/companies')({
  beforeLoad: requireRoles('master_admin'),
  component: CompaniesPage,
});
