import { createFileRoute } from '@tanstack/react-router';
import { CompaniesPage } from '../../features/admin/CompaniesPage';

export const Route = createFileRoute('/_authed/companies')({
  component: CompaniesPage,
});
