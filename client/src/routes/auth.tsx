import { createFileRoute } from '@tanstack/react-router';
import { AuthPage } from '../features/auth/AuthPage';
import { redirectSignedInToDashboard } from '../lib/public-guard';

export const Route = createFileRoute('/auth')({
  beforeLoad: redirectSignedInToDashboard,
  component: AuthPage,
});
