import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { UserPlus } from 'lucide-react';
import { TEST_USER_COMPANIES, TEST_USER_PASSWORD, TEST_USERS } from '#shared/test-users.js';
import type { TestUserResult } from '#shared/schemas/admin.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The toast's description: how many were created, and how many were there already. */
export function seedSummary(results: TestUserResult[]): string {
  const created = results.filter((result) => result.created).length;
  const existing = results.filter((result) => result.success && !result.created).length;
  if (created === 0) return `All ${plural(existing, 'test user')} already exist`;
  return existing > 0 ? `${plural(created, 'user')} created, ${existing} already existed` : `${plural(created, 'user')} created`;
}

const companySizes = TEST_USER_COMPANIES.map((company) => company.accounts.length).join(' and ');

/** The spec's seed-test-users action: a confirmation step, then the call, then the count in a toast. */
export function SeedTestUsersButton({ onSeeded }: { onSeeded: () => Promise<unknown> }) {
  const [isConfirming, setConfirming] = useState(false);
  const seed = trpc.admin.seedTestUsers.useMutation();

  const run = () =>
    seed.mutate(undefined, {
      onSuccess: ({ results }) => {
        const failures = results.filter((result) => !result.success);
        if (failures.length > 0) {
          notify.error('Failed to create test users', failures.map((failure) => `${failure.email}: ${failure.message}`).join('; '));
        } else {
          notify.success('Test users created successfully!', seedSummary(results));
        }
        setConfirming(false);
      },
      onError: (error) => reportFailure('Failed to create test users', error),
      onSettled: () => void onSeeded(),
    });

  return (
    <>
      <Button colorPalette="blue" onClick={() => setConfirming(true)}>
        <UserPlus aria-hidden /> Seed Test Users
      </Button>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        title="Create test users?"
        description={`This creates ${TEST_USERS.length} test users across ${TEST_USER_COMPANIES.length} companies (${companySizes}), one of each role, all with the password "${TEST_USER_PASSWORD}". Accounts that already exist are left as they are.`}
        confirmLabel="Create Test Users"
        busyLabel="Creating..."
        isPending={seed.isPending}
        onConfirm={run}
      />
    </>
  );
}
