import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage';

/** ?token= is the mailed link; ?email= the address a new sign-up gave (for a new link). Anything odd is left out. */
const verifySearch = z.object({
  token: z.string().max(100).optional().catch(undefined),
  email: z.string().max(255).optional().catch(undefined),
});

/** Public: a new sign-up has no session yet; an unverified account is sent here by the signed-in screens' guard. */
export const Route = createFileRoute('/verify-email')({
  validateSearch: (search) => verifySearch.parse(search),
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token, email } = Route.useSearch();
  return <VerifyEmailPage token={token} email={email} />;
}
