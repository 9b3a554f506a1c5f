import { useState } from 'react';
import { Badge, Button, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useController, type Control } from 'react-hook-form';
import { can } from '#shared/permissions.js';
import {
  API_KEY_RESOURCE_LABELS,
  API_KEY_RESOURCES,
  createApiKeyInput,
  READ_ONLY_SCOPES,
  READ_WRITE_SCOPES,
  type ApiKeyItem,
  type ApiKeyScopes,
  type CreateApiKeyInput,
} from '#shared/schemas/api-keys.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { FormDialog } from '../../components/FormDialog';
import { FieldFrame, FormField } from '../../components/FormField';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';
import { notify } from '../../components/toaster';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/use-form';
import { SettingsCard } from './SettingsCard';

/**
 * Settings → API (admins): the company's API keys for the REST API (/api/docs): each key's name,
 * prefix, scope, expiry, last use and status; making one (its key shown once, with Copy); revoking
 * one after a confirmation. Nothing for anyone the permission table does not let read API keys.
 */
export function ApiKeysSection() {
  const session = useSession();
  if (!can(session, 'apiKeys', 'read')) return null;
  return <ApiKeys canWrite={can(session, 'apiKeys', 'write')} />;
}

const dateOf = (timestamp: string | null, none: string) => (timestamp ? new Date(timestamp).toLocaleDateString() : none);

/** A key's scope in words: one of the presets, or each resource it reaches. */
export function scopeSummary(scopes: ApiKeyScopes): string {
  const entries = API_KEY_RESOURCES.filter((resource) => scopes[resource]);
  if (entries.length === API_KEY_RESOURCES.length && entries.every((resource) => scopes[resource] === 'read')) return 'Read-only';
  if (entries.length === API_KEY_RESOURCES.length && entries.every((resource) => scopes[resource] === 'write')) return 'Read and write';
  return entries
    .map((resource) => `${API_KEY_RESOURCE_LABELS[resource]}: ${scopes[resource] === 'write' ? 'read and write' : 'read'}`)
    .join(', ');
}

const STATUS_BADGES: Record<ApiKeyItem['status'], { label: string; palette: string }> = {
  active: { label: 'Active', palette: 'green' },
  expired: { label: 'Expired', palette: 'orange' },
  revoked: { label: 'Revoked', palette: 'red' },
};

function ApiKeys({ canWrite }: { canWrite: boolean }) {
  const utils = trpc.useUtils();
  const keys = trpc.apiKeys.list.useQuery();
  useFailureToast(keys);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const revoke = trpc.apiKeys.revoke.useMutation({
    onSuccess: (key) => {
      notify.success('API key revoked', `${key.name} no longer works.`);
      setRevoking(null);
      void utils.apiKeys.list.invalidate();
    },
    onError: (error) => reportFailure('Failed to revoke API key', error),
  });

  const columns: Column<ApiKeyItem>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (key) => (
        <Stack gap="0.5" align="flex-start" minW="0">
          <Text fontWeight="medium" wordBreak="break-word">
            {key.name}
          </Text>
          <Text fontFamily="mono" fontSize="xs" color="gray.700">
            {key.prefix}…
          </Text>
        </Stack>
      ),
    },
    { key: 'scope', header: 'Scope', cell: (key) => <Text fontSize="sm">{scopeSummary(key.scopes)}</Text> },
    { key: 'expires', header: 'Expires', cell: (key) => <Text fontSize="sm">{dateOf(key.expiresAt, 'Never')}</Text> },
    { key: 'lastUsed', header: 'Last used', cell: (key) => <Text fontSize="sm">{dateOf(key.lastUsedAt, 'Never used')}</Text> },
    {
      key: 'status',
      header: 'Status',
      cell: (key) => (
        <Badge colorPalette={STATUS_BADGES[key.status].palette} variant="subtle">
          {STATUS_BADGES[key.status].label}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (key) =>
        canWrite && key.status !== 'revoked' ? (
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => setRevoking(key)} aria-label={`Revoke ${key.name}`}>
            Revoke
          </Button>
        ) : null,
    },
  ];

  return (
    <SettingsCard
      title="API"
      description="API keys let your other systems use the Haulwise REST API (see /api/docs). A key acts as your company's integration, within its scope."
    >
      <Stack gap="4">
        {canWrite ? (
          <Button colorPalette="blue" alignSelf="flex-start" onClick={() => setCreating(true)}>
            Create API key
          </Button>
        ) : null}
        <DataTable
          label="API keys"
          columns={columns}
          rows={keys.data?.items}
          rowKey={(key) => key.id}
          isLoading={keys.isLoading}
          error={keys.error}
          loadingText="Loading API keys..."
          emptyText="No API keys yet"
          onRetry={() => void keys.refetch()}
        />
      </Stack>
      {creating ? (
        <CreateKeyDialog
          onClose={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      ) : null}
      {created ? <KeyDialog name={created.name} apiKey={created.key} onClose={() => setCreated(null)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title="Revoke this API key?"
        description={revoking ? `${revoking.name} (${revoking.prefix}…) stops working at once. This cannot be undone.` : ''}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        isPending={revoke.isPending}
        onConfirm={() => (revoking ? revoke.mutate({ id: revoking.id }) : undefined)}
      />
    </SettingsCard>
  );
}

type Preset = 'read' | 'write' | 'custom';
const PRESET_SCOPES: Record<Exclude<Preset, 'custom'>, ApiKeyScopes> = { read: READ_ONLY_SCOPES, write: READ_WRITE_SCOPES };

/** The key's scope: read-only or read and write on every resource, or chosen per resource. */
function ScopesField({ control }: { control: Control<CreateApiKeyInput, unknown, unknown> }) {
  const { field, fieldState } = useController({ control, name: 'scopes' });
  const [preset, setPreset] = useState<Preset>('read');
  const scopes = (field.value ?? {}) as ApiKeyScopes;
  const error = fieldState.error?.message;
  return (
    <Stack gap="3">
      <FieldFrame label="Scope" name="scopes" required error={error}>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="scopes"
            value={preset}
            bg="white"
            aria-describedby={error ? 'scopes-error' : undefined}
            onChange={(event) => {
              const next = event.target.value as Preset;
              setPreset(next);
              if (next !== 'custom') field.onChange(PRESET_SCOPES[next]);
            }}
          >
            <option value="read">Read-only (every resource)</option>
            <option value="write">Read and write (every resource)</option>
            <option value="custom">Per resource</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FieldFrame>
      {preset === 'custom' ? (
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {API_KEY_RESOURCES.map((resource) => (
            <FieldFrame key={resource} label={API_KEY_RESOURCE_LABELS[resource]} name={`scope-${resource}`} error={undefined}>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  id={`scope-${resource}`}
                  value={scopes[resource] ?? 'none'}
                  bg="white"
                  onChange={(event) => {
                    const { [resource]: _left, ...rest } = scopes;
                    const access = event.target.value;
                    field.onChange(access === 'none' ? rest : { ...rest, [resource]: access });
                  }}
                >
                  <option value="none">No access</option>
                  <option value="read">Read</option>
                  <option value="write">Read and write</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FieldFrame>
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}

/** Create API key: its name, scope and optional expiry; on success the key goes to `onCreated` (shown once). */
function CreateKeyDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (created: { name: string; key: string }) => void }) {
  const utils = trpc.useUtils();
  const form = useZodForm(createApiKeyInput, { name: '', scopes: READ_ONLY_SCOPES, expiresOn: '' });
  const create = trpc.apiKeys.create.useMutation();
  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (key) => {
        notify.success('API key created', key.name);
        void utils.apiKeys.list.invalidate();
        onCreated({ name: key.name, key: key.key });
      },
      onError: form.fail('Failed to create API key'),
    }),
  );
  return (
    <FormDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Create API key"
      description="The key is shown once, when it is created. Only a hash of it is kept."
      submitLabel="Create key"
      busyLabel="Creating..."
      isPending={create.isPending}
      onSubmit={onSubmit}
      size="lg"
    >
      <Stack gap="4">
        <FormField control={form.control} name="name" label="Name" required maxLength={100} placeholder="e.g. Samsara sync" />
        <ScopesField control={form.control as Control<CreateApiKeyInput, unknown, unknown>} />
        <FormField
          control={form.control}
          name="expiresOn"
          label="Expires on"
          type="date"
          helperText="Optional: the last day the key works. Without a date it works until revoked."
        />
      </Stack>
    </FormDialog>
  );
}

/** The new key, shown this once, with Copy. */
function KeyDialog({ name, apiKey, onClose }: { name: string; apiKey: string; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title="Your new API key"
      description={name}
      intro="Copy this key now: it will not be shown again. Send it as Authorization: Bearer <key>."
      label="API key"
      value={apiKey}
      copyLabel="Copy key"
      copied={{ title: 'API key copied', description: 'Keep it in your integration’s secret store.' }}
      onClose={onClose}
    />
  );
}
