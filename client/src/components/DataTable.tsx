import type { ReactNode } from 'react';
import { Box, Table } from '@chakra-ui/react';
import { QueryState } from './QueryState';

export interface Column<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
}

/** The one table pattern: headers, rows, and the loading, error and empty states; scrolls sideways on a phone. */
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
      <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="white">
        <Table.Root size="sm" aria-label={label} interactive>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => (
                <Table.ColumnHeader key={column.key} textAlign={column.align ?? 'start'} whiteSpace="nowrap">
                  {column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(rows ?? []).map((row) => (
              <Table.Row key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Cell key={column.key} textAlign={column.align ?? 'start'}>
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
