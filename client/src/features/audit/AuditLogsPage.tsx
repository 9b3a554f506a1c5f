import { useState } from 'react';
import { Box, Button, Card, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_SEARCH_MAX, type AuditAction, type AuditEntityType } from '#shared/schemas/audit.js';
import { PlainInput, PlainSelect } from '../../components/PlainFields';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useFailureToast } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { AuditLogEntry } from './AuditLogEntry';

const ALL = 'all';
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const entityOptions = [
  { value: ALL, label: 'All Entities' },
  ...AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: capitalized(type) })),
];
const actionOptions = [
  { value: ALL, label: 'All Actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: capitalized(action) })),
];

/**
 * The Audit Logs screen: the newest 100 entries of the company's trail (every company's for
 * a master admin), filtered on the server by entity type, action and free text.
 */
export function AuditLogsPage() {
  const session = useSession();
  const [search, setSearch] = useState('');
  const [entityType, setEntityType] = useState<string>(ALL);
  const [action, setAction] = useState<string>(ALL);
  const debouncedSearch = useDebouncedValue(search.trim());

  const logs = trpc.audit.list.useQuery(
    {
      search: debouncedSearch || undefined,
      entityType: entityType === ALL ? undefined : (entityType as AuditEntityType),
      action: action === ALL ? undefined : (action as AuditAction),
    },
    // Changing a filter keeps the current list on screen until the new one arrives.
    { placeholderData: keepPreviousData },
  );
  useFailureToast(logs);
  const entries = logs.data?.entries;

  return (
    <Stack gap="6">
      <PageHeader title="Audit Logs" subtitle="Track all system changes and maintain compliance" />
      <Card.Root variant="outline" bg="white" as="section" aria-label="Filters">
        <Card.Body gap="4">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <PlainInput
              label="Search"
              name="audit-search"
              placeholder="Search logs..."
              value={search}
              onChange={setSearch}
              maxLength={AUDIT_SEARCH_MAX}
            />
            <PlainSelect label="Entity type" name="entity-type" value={entityType} onChange={setEntityType} options={entityOptions} />
            <PlainSelect label="Action" name="action" value={action} onChange={setAction} options={actionOptions} />
          </SimpleGrid>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text color="gray.700" aria-live="polite">
              {logs.data ? `Showing ${logs.data.entries.length} of ${logs.data.total} logs` : ' '}
            </Text>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void logs.refetch()}
              loading={logs.isRefetching && !logs.isPlaceholderData}
              loadingText="Refreshing..."
            >
              <RefreshCw aria-hidden /> Refresh
            </Button>
          </Flex>
        </Card.Body>
      </Card.Root>
      <Box
        as="section"
        aria-label="Audit log entries"
        h="600px"
        overflowY="auto"
        tabIndex={0}
        borderWidth="1px"
        borderRadius="md"
        bg="gray.50"
        p={{ base: '2', md: '4' }}
      >
        <QueryState
          isLoading={logs.isPending}
          error={logs.error}
          isEmpty={!entries || entries.length === 0}
          loadingText="Loading audit logs..."
          emptyText="No audit logs found"
          onRetry={() => void logs.refetch()}
        >
          <Stack as="ul" gap="3" m="0" p="0">
            {(entries ?? []).map((entry) => (
              <AuditLogEntry key={entry.id} entry={entry} showCompany={session.isMasterAdmin} />
            ))}
          </Stack>
        </QueryState>
      </Box>
    </Stack>
  );
}
