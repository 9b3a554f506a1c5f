import { Box, Button, Card, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_PAGE_SIZE,
  AUDIT_SEARCH_MAX,
  type AuditAction,
  type AuditEntityType,
} from '#shared/schemas/audit.js';
import { PlainInput, PlainSelect } from '../../components/PlainFields';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { LoadMore } from '../../components/records/record-parts';
import { useFailureToast } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { usePagedList, useSearchBox } from '../../lib/use-paged-list';
import { AuditLogEntry } from './AuditLogEntry';

const ALL = 'all';
/** 'truck_assignments' → 'Truck assignments'. */
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).replaceAll('_', ' ');
const entityOptions = [
  { value: ALL, label: 'All Entities' },
  ...AUDIT_ENTITY_TYPES.map((type) => ({ value: type, label: capitalized(type) })),
];
const actionOptions = [
  { value: ALL, label: 'All Actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: capitalized(action) })),
];

/** The filters in the address (routes/_authed/audit-logs.tsx); left out means all. */
export interface AuditFilters {
  search?: string | undefined;
  entityType?: AuditEntityType | undefined;
  action?: AuditAction | undefined;
}

/**
 * The Audit Logs screen: the company's trail (every company's for a master admin), newest
 * first, the spec's 100 a page, filtered on the server by entity type, action and free text,
 * with the filters in the address.
 */
export function AuditLogsPage({ filters, onFiltersChange }: { filters: AuditFilters; onFiltersChange: (filters: AuditFilters) => void }) {
  const session = useSession();
  const [search, setSearch] = useSearchBox(filters.search ?? '', (text) => onFiltersChange({ ...filters, search: text || undefined }));
  const { rows: entries, query: logs } = usePagedList(trpc.audit.list, { ...filters, limit: AUDIT_PAGE_SIZE });
  useFailureToast(logs);
  const total = logs.data?.pages.at(-1)?.total;
  const setEntityType = (value: string) =>
    onFiltersChange({ ...filters, entityType: value === ALL ? undefined : (value as AuditEntityType) });
  const setAction = (value: string) => onFiltersChange({ ...filters, action: value === ALL ? undefined : (value as AuditAction) });

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
            <PlainSelect
              label="Entity type"
              name="entity-type"
              value={filters.entityType ?? ALL}
              onChange={setEntityType}
              options={entityOptions}
            />
            <PlainSelect label="Action" name="action" value={filters.action ?? ALL} onChange={setAction} options={actionOptions} />
          </SimpleGrid>
          <Flex justify="space-between" align="center" gap="3" wrap="wrap">
            <Text color="gray.700" aria-live="polite">
              {total !== undefined ? `Showing ${entries.length} of ${total} logs` : ' '}
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
          isEmpty={entries.length === 0}
          loadingText="Loading audit logs..."
          emptyText="No audit logs found"
          onRetry={() => void logs.refetch()}
        >
          <Stack as="ul" gap="3" m="0" p="0">
            {entries.map((entry) => (
              <AuditLogEntry key={entry.id} entry={entry} showCompany={session.isMasterAdmin} />
            ))}
          </Stack>
          <LoadMore hasMore={logs.hasNextPage} isLoading={logs.isFetchingNextPage} onLoad={() => void logs.fetchNextPage()} />
        </QueryState>
      </Box>
    </Stack>
  );
}
