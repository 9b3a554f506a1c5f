import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { optionalText, type RawSearch } from '../lib/search-params';

/** ?token= is the mailed reset link; without it, the form that asks for one. Anything odd is left out. */
function resetSearch(search: RawSearch): { token?: string } {
  return { token: optionalText(search.token, 100) };
}

/** Public: asking for a link, and using it, need no session. */
export const Route = createFileRoute('/reset-password')({
  validateSearch: resetSearch,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
