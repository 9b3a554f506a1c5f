import type { ReactNode } from 'react';
import { Box, Table } from '@chakra-ui/react';
import { QueryState } from './QueryState';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
}

/**
 * On a phone a table is a stack of cards: each row a card, each cell a line with its column's
 * header beside the value (data-label), the first cell as the card's title. The elements keep
 * their table roles explicitly (CSS display would otherwise drop them), so screen readers and
 * tests read the same rows and cells at every width; the header row is hidden there, each cell
 * carrying its header as generated text, which screen readers read with the value.
 */
const STACKED_ON_PHONES = {
  mdDown: {
    display: 'block',
    '& thead': { display: 'none' },
    '& tbody': { display: 'flex', flexDirection: 'column', gap: '3' },
    '& tbody tr': { display: 'block', bg: 'white', borderWidth: '1px', borderRadius: 'md', px: '4', py: '2' },
    '& tbody td': {
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'baseline',
      gap: '4',
      textAlign: 'end',
      borderBottomWidth: '0',
      px: '0',
      py: '1.5',
      overflowWrap: 'anywhere',
    },
    // A value set not to wrap in the table (an email, a date) wraps in a card rather than widen the page.
    '& tbody td > *': { minWidth: 0, flexWrap: 'wrap', justifyContent: 'flex-end', whiteSpace: 'normal' },
    '& tbody td::before': { content: 'attr(data-label)', color: 'fg.muted', fontSize: 'xs', textAlign: 'start', flexShrink: 0 },
    '& tbody td:first-of-type': { fontWeight: 'semibold', fontSize: 'md' },
    '& tbody td:first-of-type::before': { content: 'none' },
  },
} as const;

/** The one table pattern: headers, rows, and the loading, error and empty states; a stack of cards on a phone. */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  emptyText,
  loadingText,
  onRetry,
}: {
  label: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  isLoading: boolean;
  error: unknown;
  emptyText: ReactNode;
  loadingText?: string;
  onRetry?: () => void;
}) {
  return (
    <QueryState
      isLoading={isLoading}
      error={error}
      isEmpty={!rows || rows.length === 0}
      emptyText={emptyText}
      loadingText={loadingText}
      onRetry={onRetry}
    >
      <Box overflowX={{ base: 'visible', md: 'auto' }} borderWidth={{ base: '0', md: '1px' }} borderRadius="md" bg={{ md: 'white' }}>
        <Table.Root size="sm" aria-label={label} interactive role="table" css={STACKED_ON_PHONES}>
          <Table.Header role="rowgroup">
            <Table.Row role="row">
              {columns.map((column) => (
                <Table.ColumnHeader key={column.key} role="columnheader" textAlign={column.align ?? 'start'} whiteSpace="nowrap">
                  {column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body role="rowgroup">
            {(rows ?? []).map((row) => (
              <Table.Row key={rowKey(row)} role="row">
                {columns.map((column) => (
                  <Table.Cell key={column.key} role="cell" data-label={column.header} textAlign={column.align ?? 'start'}>
                    {column.cell(row)}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </QueryState>
  );
}
