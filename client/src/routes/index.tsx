import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/public/LandingPage';
import { redirectSignedInToDashboard } from '../lib/public-guard';

export const Route = createFileRoute('/')({
  beforeLoad: redirectSignedInToDashboard,
  component: LandingPage,
});
