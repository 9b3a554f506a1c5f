import { useState, type ReactNode } from 'react';
import { Button, Card, Flex, Stack, Text, useBreakpointValue } from '@chakra-ui/react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { isImportEntity } from '#shared/import-entities.js';
import { ImportCsvLink } from '../../features/imports/ImportCsvLink';
import { reportFailure } from '../../lib/errors';
import { ConfirmDialog } from '../ConfirmDialog';
import { DataTable, type Column } from '../DataTable';
import { PageHeader } from '../PageHeader';
import { QueryState } from '../QueryState';
import { notify } from '../toaster';
import { useRecordMutation, type RecordDomain } from './record-domain';
import { RecordFormDialog, type FormSchema, type RecordForm } from './RecordFormDialog';
import { LoadMore, RecordActions, type RecordAction } from './record-parts';

export interface RecordRow {
  id: string;
}

/** The paged query behind a record list, as the list hook of a record domain gives it. */
export interface RecordListQuery {
  isLoading: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/** What the list hook of a record domain gives: the rows so far and the paged query behind them. */
export interface RecordList<Row> {
  rows: Row[];
  query: RecordListQuery;
}

/** A domain's list hook (`useDriverList`, which names its rows `drivers`) as a record list. */
export function listFrom<Row, Key extends string>(useList: () => { query: RecordListQuery } & Record<Key, Row[]>, key: Key) {
  return function useRecordList(): RecordList<Row> {
    const list = useList();
    return { query: list.query, rows: list[key] };
  };
}

export interface RecordPermissions<Row> {
  canAdd: boolean;
  canEdit: (row: Row) => boolean;
  canDelete: (row: Row) => boolean;
}

/** A domain's permissions where whoever may edit a record may also delete it. */
export function editorsDelete<Row>(permissions: (session: SessionOutput) => { canAdd: boolean; canChange: (row: Row) => boolean }) {
  return (session: SessionOutput): RecordPermissions<Row> => {
    const { canAdd, canChange } = permissions(session);
    return { canAdd, canEdit: canChange, canDelete: canChange };
  };
}

/**
 * A record domain's screen as configuration: its procedures, names, columns, phone card,
 * permissions, list hook and form. The screen itself (table or cards, Add, Edit, Delete with the
 * confirmation, "Load more", the spec's texts) is RecordListPage's, the form's dialog
 * RecordFormDialog's. A new record domain is one of these plus its own parts.
 */
export interface RecordScreen<Row extends RecordRow, Schema extends FormSchema> {
  domain: RecordDomain<z.output<Schema>>;
  form: RecordForm<Schema>;
  subtitle: string;
  nameOf: (row: Row) => string;
  /** The first column's header ("Name"; trucks and trailers: "Unit"). */
  nameHeader?: string;
  /** Filters between the header and the list (a FilterBar), when the domain's list has them. */
  filters?: ReactNode;
  /** The table's columns between Name and Actions. */
  columns: Column<Row>[];
  /** A phone's card: a badge beside the name, a line under it, and the details. */
  card: { badge?: (row: Row) => ReactNode; subtitle?: (row: Row) => string | null; details: (row: Row) => ReactNode };
  /** What the delete confirmation says is kept, after "This action cannot be undone." */
  keptAfterDelete: string;
  permissions: (session: SessionOutput) => RecordPermissions<Row>;
  useList: () => RecordList<Row>;
  /** Actions beyond Edit and Delete (a driver's location) and the dialogs they open. */
  useMoreActions?: () => { actions: (row: Row) => RecordAction[]; dialogs: ReactNode };
}

const noMoreActions = () => ({ actions: () => [], dialogs: null });

/** A record domain's screen: the table (cards on a phone), Add, Edit, Delete after the confirmation, and "Load more". */
export function RecordListPage<Row extends RecordRow, Schema extends FormSchema>({
  screen,
  session,
}: {
  screen: RecordScreen<Row, Schema>;
  session: SessionOutput;
}) {
  const permissions = screen.permissions(session);
  const { rows, query } = screen.useList();
  const remove = useRecordMutation(screen.domain.procedures.delete, screen.domain.refresh);
  const more = (screen.useMoreActions ?? noMoreActions)();
  const isPhone = useBreakpointValue({ base: true, md: false }) ?? false;
  const [form, setForm] = useState<{ record: Row | null } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const { noun } = screen.domain;
  // "Drivers": the heading, the table's and the card list's name; "No drivers yet."
  const plural = `${noun}s`;
  const lower = noun.toLowerCase();
  // "drivers": where the header's "Import CSV" leads (features/imports).
  const entity: string = `${lower}s`;

  const confirmDelete = () => {
    if (!deleting) return;
    const onSuccess = () => {
      notify.success(`${noun} deleted successfully`);
      setDeleting(null);
    };
    remove.mutate({ id: deleting.id }, { onSuccess, onError: (error) => reportFailure('Error', error) });
  };

  const actions = (row: Row, withText: boolean) => {
    const list = more.actions(row);
    if (permissions.canEdit(row))
      list.push({ label: 'Edit', icon: <Pencil aria-hidden="true" />, onClick: () => setForm({ record: row }) });
    if (permissions.canDelete(row)) {
      list.push({ label: 'Delete', icon: <Trash2 aria-hidden="true" />, onClick: () => setDeleting(row), isDestructive: true });
    }
    return list.length > 0 ? <RecordActions recordName={screen.nameOf(row)} actions={list} withText={withText} /> : null;
  };

  const columns: Column<Row>[] = [
    { key: 'name', header: screen.nameHeader ?? 'Name', cell: (row) => <Text fontWeight="medium">{screen.nameOf(row)}</Text> },
    ...screen.columns,
  ];
  if (permissions.canAdd || screen.useMoreActions) {
    columns.push({ key: 'actions', header: 'Actions', align: 'end', cell: (row) => actions(row, false) });
  }
  const states = {
    isLoading: query.isLoading,
    // A failure is told by the list's toast; with nothing to show, its place offers "Try again".
    error: rows.length === 0 ? query.error : null,
    emptyText: permissions.canAdd ? `No ${lower}s yet. Add your first ${lower} to get started.` : `No ${lower}s yet.`,
    loadingText: `Loading ${lower}s...`,
    onRetry: () => void query.refetch(),
  };

  return (
    <>
      <PageHeader
        title={plural}
        subtitle={screen.subtitle}
        actions={
          <Flex gap="2" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', md: 'center' }}>
            {isImportEntity(entity) ? <ImportCsvLink session={session} entity={entity} /> : null}
            {permissions.canAdd ? (
              <Button colorPalette="blue" onClick={() => setForm({ record: null })} alignSelf={{ base: 'stretch', md: 'center' }}>
                <Plus aria-hidden="true" /> Add {noun}
              </Button>
            ) : null}
          </Flex>
        }
      />
      {screen.filters}

      {isPhone ? (
        <QueryState {...states} isEmpty={rows.length === 0}>
          <Stack as="ul" listStyleType="none" gap="3" aria-label={plural}>
            {rows.map((row) => (
              <Card.Root as="li" key={row.id} size="sm">
                <Card.Body gap="2">
                  <Flex justify="space-between" align="start" gap="2">
                    <Stack gap="0">
                      <Text fontWeight="semibold">{screen.nameOf(row)}</Text>
                      {screen.card.subtitle?.(row) ? <Text color="gray.700">{screen.card.subtitle(row)}</Text> : null}
                    </Stack>
                    {screen.card.badge?.(row)}
                  </Flex>
                  <Stack gap="1" fontSize="sm">
                    {screen.card.details(row)}
                  </Stack>
                  {actions(row, true)}
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
        </QueryState>
      ) : (
        <DataTable {...states} label={plural} columns={columns} rows={rows} rowKey={(row) => row.id} />
      )}
      <LoadMore hasMore={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoad={() => void query.fetchNextPage()} />

      {form ? <RecordFormDialog domain={screen.domain} form={screen.form} record={form.record} onClose={() => setForm(null)} /> : null}
      {more.dialogs}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete ${noun}`}
        description={
          deleting
            ? `Are you sure you want to delete this ${lower} (${screen.nameOf(deleting)})? This action cannot be undone. ${screen.keptAfterDelete}`
            : ''
        }
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
