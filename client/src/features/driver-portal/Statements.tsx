import { Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import type { PortalStatement } from '#shared/schemas/settlements.js';
import { DataTable, type Column } from '../../components/DataTable';
import { StatusBadge } from '../../components/StatusBadge';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { formatDate, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { saveFile } from '../invoices/use-invoices';
import { formatWeek } from '../settlements/settlement-rules';

/** A statement's week: "Nov 22 – Nov 28, 2026". */
const statementWeek = (statement: PortalStatement) => formatWeek(statement.periodStartsOn, statement.periodEndsOn);

/**
 * The statements of the portal's settlements (portal.statements): a driver's own approved and paid
 * ones, or a carrier user's owner-operators' (with the driver's name). A tap on the week saves the
 * statement's PDF (portal.statementPdf), as the load confirmation is saved.
 */
export function StatementsList({ title, withDriver }: { title: string; withDriver: boolean }) {
  const statements = trpc.portal.statements.useQuery();
  useFailureToast(statements);
  const pdf = trpc.portal.statementPdf.useMutation();
  const open = (statement: PortalStatement) =>
    pdf.mutate(
      { id: statement.id },
      {
        onSuccess: ({ fileName, contentBase64 }) => saveFile(fileName, contentBase64),
        onError: (error) => reportFailure('Failed to open the statement', error),
      },
    );

  const columns: Column<PortalStatement>[] = [
    {
      key: 'period',
      header: 'Period',
      cell: (statement) => (
        <Button
          variant="outline"
          size="sm"
          loading={pdf.isPending && pdf.variables.id === statement.id}
          loadingText="Opening..."
          aria-label={`Statement ${withDriver ? `of ${statement.driverName} ` : ''}for ${statementWeek(statement)} (PDF)`}
          onClick={() => open(statement)}
        >
          <FileText aria-hidden="true" /> {statementWeek(statement)}
        </Button>
      ),
    },
    ...(withDriver ? [{ key: 'driver', header: 'Driver', cell: (statement: PortalStatement) => statement.driverName }] : []),
    {
      key: 'net',
      header: 'Net pay',
      align: 'end',
      cell: (statement) => (
        <Text whiteSpace="nowrap" fontWeight="semibold">
          {formatMoney(statement.net)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (statement) => (
        <HStack gap="2" wrap="wrap">
          <StatusBadge status={statement.status} />
          <Text fontSize="xs" color="gray.700" whiteSpace="nowrap">
            {statement.status === 'paid' ? formatDate(statement.paidAt) : formatDate(statement.approvedAt)}
          </Text>
        </HStack>
      ),
    },
  ];

  return (
    <Card.Root variant="outline" bg="white" as="section" aria-labelledby="statements-heading" id="statements">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h2" size="md" id="statements-heading">
            {title}
          </Heading>
          <DataTable
            label={title}
            columns={columns}
            rows={statements.data}
            rowKey={(statement) => statement.id}
            isLoading={statements.isPending}
            error={statements.error}
            emptyText="No statements yet: a statement shows here once its week is approved."
            loadingText="Loading statements..."
            onRetry={() => void statements.refetch()}
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The driver portal's "Statements": the driver's own pay statements. */
export function Statements() {
  return <StatementsList title="Statements" withDriver={false} />;
}
