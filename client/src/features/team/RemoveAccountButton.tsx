import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { UserMinus } from 'lucide-react';
import { can } from '#shared/permissions.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/**
 * Removes a driver's or carrier user's account from the company (issue 24, item 3), as the Team
 * screen removes a member (team.removeMember, admins only): they are signed out at once on every
 * device, their open portal closes, and the record stays, to be invited again. Confirmed first.
 * Nothing for anyone who may not remove members.
 */
export function RemoveAccountButton({
  userId,
  name,
  kind,
  onRemoved,
}: {
  userId: string;
  name: string;
  kind: 'driver' | 'carrier user';
  onRemoved: () => void;
}) {
  const session = useSession();
  const [confirming, setConfirming] = useState(false);
  const mutation = trpc.team.removeMember.useMutation();
  if (!can(session, 'team', 'write')) return null;
  return (
    <>
      <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)} aria-label={`Remove account: ${name}`}>
        <UserMinus aria-hidden />
        Remove Account
      </Button>
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(false);
          }}
          title="Remove account"
          description={`Remove ${name}'s ${kind} account from ${session.company.name}? They are signed out at once on every device and lose the portal. The record stays, and you can invite them again.`}
          confirmLabel="Remove"
          busyLabel="Removing..."
          isPending={mutation.isPending}
          onConfirm={() =>
            mutation.mutate(
              { userId },
              {
                onSuccess: () => {
                  notify.success('Account removed', `${name} was signed out and can no longer open the portal`);
                  setConfirming(false);
                  onRemoved();
                },
                onError: (error) => reportFailure('Error', error),
              },
            )
          }
        />
      ) : null}
    </>
  );
}
