import { useState } from 'react';
import { Badge, Button, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { z } from 'zod';
import { changePasswordInput, SETTINGS_TEXT, type ActiveSession } from '#shared/schemas/settings.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { Form } from '../../components/Form';
import { FormField } from '../../components/FormField';
import { NewPasswordField } from '../../components/PersonFields';
import { notify } from '../../components/toaster';
import { formatDateTime } from '../../lib/format';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { SettingsCard } from './SettingsCard';
import { describeDevice } from './device';

/** The server's schema, plus the repeat that only the form needs. */
const changePasswordForm = changePasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });

/** Change password (ending every other session) and the list of one's live sessions, each of which can be signed out. */
export function SecurityCard() {
  return (
    <SettingsCard title="Security" description="Your password and the devices signed in to your account">
      <Stack gap="6">
        <ChangePasswordForm />
        <Separator />
        <ActiveSessions />
      </Stack>
    </SettingsCard>
  );
}

function ChangePasswordForm() {
  const form = useZodForm(changePasswordForm, { currentPassword: '', newPassword: '', confirmPassword: '' });
  const { control } = form;
  const utils = trpc.useUtils();
  const change = trpc.settings.changePassword.useMutation();

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          notify.success('Success', SETTINGS_TEXT.passwordChanged);
          form.reset();
          void utils.settings.sessions.invalidate();
        },
        onError: form.fail('Error'),
      },
    ),
  );

  return (
    <Form label="Change password" onSubmit={onSubmit}>
      <Heading as="h3" size="sm">
        Change Password
      </Heading>
      <FormField
        control={control}
        name="currentPassword"
        label="Current Password"
        type="password"
        required
        autoComplete="current-password"
      />
      <Stack direction={{ base: 'column', md: 'row' }} gap="4">
        <NewPasswordField control={control} name="newPassword" label="New Password" />
        <FormField
          control={control}
          name="confirmPassword"
          label="Confirm New Password"
          type="password"
          required
          autoComplete="new-password"
        />
      </Stack>
      <Text fontSize="sm" color="gray.700">
        Changing your password signs out all your other sessions.
      </Text>
      <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={change.isPending} loadingText="Changing...">
        Change Password
      </Button>
    </Form>
  );
}

function ActiveSessions() {
  const sessions = trpc.settings.sessions.useQuery();
  useFailureToast(sessions);
  const utils = trpc.useUtils();
  const end = trpc.settings.endSession.useMutation();
  const [ending, setEnding] = useState<ActiveSession | null>(null);

  const confirmEnd = () => {
    if (!ending) return;
    end.mutate(
      { id: ending.id },
      {
        onSuccess: () => {
          notify.success('Success', SETTINGS_TEXT.sessionEnded);
          setEnding(null);
          void utils.settings.sessions.invalidate();
        },
        onError: (error) => reportFailure('Error', error),
      },
    );
  };

  const columns: Column<ActiveSession>[] = [
    {
      key: 'device',
      header: 'Device',
      cell: (session) => (
        <Stack gap="1" align="flex-start">
          <Text>{describeDevice(session.userAgent)}</Text>
          {session.isCurrent ? (
            <Badge colorPalette="green" variant="subtle">
              This device
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    { key: 'ip', header: 'IP address', cell: (session) => session.ip ?? '—' },
    { key: 'created', header: 'Signed in', cell: (session) => <Text whiteSpace="nowrap">{formatDateTime(session.createdAt)}</Text> },
    { key: 'expires', header: 'Expires', cell: (session) => <Text whiteSpace="nowrap">{formatDateTime(session.expiresAt)}</Text> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (session) =>
        session.isCurrent ? null : (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => setEnding(session)}
            aria-label={`Sign out ${describeDevice(session.userAgent)}, signed in ${formatDateTime(session.createdAt)}`}
          >
            Sign out
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        Active Sessions
      </Heading>
      <DataTable
        label="Active sessions"
        columns={columns}
        rows={sessions.data}
        rowKey={(session) => session.id}
        isLoading={sessions.isLoading}
        error={sessions.error}
        loadingText="Loading sessions..."
        emptyText="No active sessions"
        onRetry={() => void sessions.refetch()}
      />
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open) setEnding(null);
        }}
        title="Sign out this session?"
        description={ending ? `${describeDevice(ending.userAgent)} will have to sign in again.` : ''}
        confirmLabel="Sign out"
        busyLabel="Signing out..."
        isPending={end.isPending}
        onConfirm={confirmEnd}
      />
    </Stack>
  );
}
