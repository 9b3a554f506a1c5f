import { useState } from 'react';
import { Button, Card, Heading, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import type { CompanySummary, SubscriptionStatus } from '#shared/schemas/admin.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { LoadMore } from '../../components/records/record-parts';
import { StatusBadge } from '../../components/StatusBadge';
import { notify } from '../../components/toaster';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { reportFailure } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

/** What the table reads of a paged list's query (lib/use-paged-list.ts). */
interface PagedQuery {
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

interface StatusChange {
  company: CompanySummary;
  status: SubscriptionStatus;
}

const confirmTexts = {
  suspended: {
    title: (name: string) => `Suspend ${name}?`,
    description: (name: string) =>
      `Everyone at ${name} is signed out at once and cannot sign in until the company is reactivated. Their data is kept.`,
    confirm: 'Suspend',
    busy: 'Suspending...',
  },
  active: {
    title: (name: string) => `Reactivate ${name}?`,
    description: (name: string) => `Everyone at ${name} can sign in again.`,
    confirm: 'Reactivate',
    busy: 'Reactivating...',
  },
} as const;

/**
 * Every company with its users, loads, revenue, status and creation date (the Company
 * Performance and All Companies tables), with Suspend and Reactivate, each confirmed first.
 * A master admin's own company cannot be suspended.
 */
export function CompaniesTable({
  title,
  headingId,
  companies,
  onChanged,
}: {
  title: string;
  headingId: string;
  /** A page after page list of them (lib/use-paged-list). */
  companies: { rows: CompanySummary[]; query: PagedQuery };
  onChanged: () => Promise<unknown>;
}) {
  const { rows, query } = companies;
  const session = useSession();
  const [change, setChange] = useState<StatusChange | null>(null);
  const setStatus = trpc.admin.setCompanyStatus.useMutation();

  const confirm = () => {
    if (!change) return;
    setStatus.mutate(
      { companyId: change.company.id, status: change.status },
      {
        onSuccess: (result) => {
          if (result.status === 'suspended') {
            notify.success('Company suspended', `${result.name} is suspended and its users have been signed out`);
          } else {
            notify.success('Company reactivated', `${result.name} can sign in again`);
          }
          setChange(null);
        },
        onError: (failure) => reportFailure('Error', failure),
        onSettled: () => void onChanged(),
      },
    );
  };

  const action = (row: CompanySummary) => {
    if (row.id === session.company.id) {
      return (
        <Text fontSize="sm" color="gray.700" whiteSpace="nowrap">
          Your company
        </Text>
      );
    }
    const isSuspended = row.status === 'suspended';
    return (
      <Button
        size="xs"
        variant="outline"
        colorPalette={isSuspended ? 'green' : 'red'}
        onClick={() => setChange({ company: row, status: isSuspended ? 'active' : 'suspended' })}
        aria-label={`${isSuspended ? 'Reactivate' : 'Suspend'} ${row.name}`}
      >
        {isSuspended ? 'Reactivate' : 'Suspend'}
      </Button>
    );
  };

  // On a phone the figures go under the name and the action under the status, so nothing scrolls sideways.
  const isCompact = useBreakpointValue({ base: true, md: false }) ?? false;
  const columns: Column<CompanySummary>[] = isCompact
    ? [
        {
          key: 'name',
          header: 'Company',
          cell: (row) => (
            <Stack gap="0.5">
              <Text fontWeight="medium">{row.name}</Text>
              <Text fontSize="sm" color="gray.700">
                {formatNumber(row.users)} users · {formatNumber(row.loads)} loads · {formatMoney(row.revenue)}
              </Text>
              <Text fontSize="sm" color="gray.700">
                Created {formatDate(row.createdAt)}
              </Text>
            </Stack>
          ),
        },
        {
          key: 'status',
          header: 'Status',
          align: 'end',
          cell: (row) => (
            <Stack gap="2" align="flex-end">
              <StatusBadge status={row.status} />
              {action(row)}
            </Stack>
          ),
        },
      ]
    : [
        { key: 'name', header: 'Company', cell: (row) => <Text fontWeight="medium">{row.name}</Text> },
        { key: 'users', header: 'Users', align: 'end', cell: (row) => formatNumber(row.users) },
        { key: 'loads', header: 'Loads', align: 'end', cell: (row) => formatNumber(row.loads) },
        { key: 'revenue', header: 'Revenue', align: 'end', cell: (row) => <Text whiteSpace="nowrap">{formatMoney(row.revenue)}</Text> },
        { key: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
        { key: 'created', header: 'Created', cell: (row) => <Text whiteSpace="nowrap">{formatDate(row.createdAt)}</Text> },
        { key: 'actions', header: 'Actions', align: 'end', cell: action },
      ];

  const texts = change ? confirmTexts[change.status] : null;
  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby={headingId}>
      <Card.Header pb="2">
        <Heading as="h2" size="lg" id={headingId}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body pt="2">
        <DataTable
          label={title}
          columns={columns}
          rows={query.isPending ? undefined : rows}
          rowKey={(row) => row.id}
          isLoading={query.isPending}
          error={query.error}
          emptyText="No companies yet"
          loadingText="Loading companies..."
          onRetry={() => void query.refetch()}
        />
        <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />
      </Card.Body>
      {change && texts ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setChange(null);
          }}
          title={texts.title(change.company.name)}
          description={texts.description(change.company.name)}
          confirmLabel={texts.confirm}
          busyLabel={texts.busy}
          isPending={setStatus.isPending}
          onConfirm={confirm}
        />
      ) : null}
    </Card.Root>
  );
}
