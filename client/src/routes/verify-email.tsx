import { createFileRoute } from '@tanstack/react-router';
import { optionalText, type RawSearch } from '../lib/search-params';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage';

/** ?token= is the mailed link; ?email= the address a new sign-up gave (for a new link). Anything odd is left out. */
function verifySearch(search: RawSearch): { token?: string; email?: string } {
  return { token: optionalText(search.token, 100), email: optionalText(search.email, 255) };
}

/** Public: a new sign-up has no session yet; an unverified account is sent here by the signed-in screens' guard. */
export const Route = createFileRoute('/verify-email')({
  validateSearch: verifySearch,
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token, email } = Route.useSearch();
  return <VerifyEmailPage token={token} email={email} />;
}
