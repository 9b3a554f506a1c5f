import type { LucideIcon } from 'lucide-react';
import { Box, Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { Banknote, Clock, FileClock, Landmark } from 'lucide-react';
import type { TreasuryDashboard as Figures } from '#shared/schemas/invoices.js';
import { PageHeader } from '../../components/PageHeader';
import { useFailureToast } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { InvoicesTable } from '../invoices/InvoicesTable';
import { WipPanel } from '../wip/WipPanel';

type Figure = Figures['totalPending'];

const invoicesText = (count: number) => `${count} ${count === 1 ? 'invoice' : 'invoices'}`;

/** One figure: its amount and how many invoices make it. */
function FigureCard({
  label,
  figure,
  icon: Icon,
  isLoading,
}: {
  label: string;
  figure: Figure | undefined;
  icon: LucideIcon;
  isLoading: boolean;
}) {
  return (
    <Card.Root variant="outline" bg="white">
      <Card.Body p={{ base: '4', md: '5' }}>
        <Flex align="center" justify="space-between" gap="3">
          <Stat.Root flex="1" minW="0">
            <Stat.Label color="gray.700">{label}</Stat.Label>
            {isLoading || !figure ? (
              <Skeleton height="8" width="24" mt="1" />
            ) : (
              <>
                <Stat.ValueText fontSize="2xl" fontWeight="bold">
                  {formatMoney(figure.amount)}
                </Stat.ValueText>
                <Text as="dd" fontSize="sm" color="gray.700">
                  {invoicesText(figure.count)}
                </Text>
              </>
            )}
          </Stat.Root>
          <Box color="blue.700" bg="blue.50" p="2.5" borderRadius="md" display={{ base: 'none', sm: 'block' }} aria-hidden>
            <Icon size={22} />
          </Box>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

const AGEING: { key: keyof Figures['ageing']; label: string }[] = [
  { key: 'current', label: 'Current' },
  { key: 'days1to30', label: '1-30 days' },
  { key: 'days31to60', label: '31-60 days' },
  { key: 'days61to90', label: '61-90 days' },
  { key: 'days90plus', label: '90+ days' },
];

/**
 * The Treasury Dashboard: Total Pending (drafts not yet sent), Outstanding Balance (every unpaid
 * invoice), Paid This Month (by paid date), Factoring Active (unpaid invoices of factored loads),
 * the ageing of unpaid invoices past their due date, the 20 latest invoices, and the WIP panel.
 * Definitions: docs/invoices.md. Live: any invoice change re-reads it (LIVE_RULES).
 */
export function TreasuryDashboard() {
  const dashboard = trpc.invoices.treasuryDashboard.useQuery();
  useFailureToast(dashboard);
  const payments = trpc.invoices.paymentsStatus.useQuery();
  const data = dashboard.data;
  const isLoading = dashboard.isPending;
  const cards: { label: string; figure: Figure | undefined; icon: LucideIcon }[] = [
    { label: 'Total Pending', figure: data?.totalPending, icon: FileClock },
    { label: 'Outstanding Balance', figure: data?.outstanding, icon: Clock },
    { label: 'Paid This Month', figure: data?.paidThisMonth, icon: Banknote },
    { label: 'Factoring Active', figure: data?.factoringActive, icon: Landmark },
  ];
  return (
    <Stack gap="6">
      <PageHeader title="Treasury Dashboard" subtitle="What is owed, what came in, and what is late" />
      <SimpleGrid as="section" aria-label="Figures" columns={{ base: 1, sm: 2, xl: 4 }} gap={{ base: '3', md: '4' }}>
        {cards.map((card) => (
          <FigureCard key={card.label} label={card.label} figure={card.figure} icon={card.icon} isLoading={isLoading} />
        ))}
      </SimpleGrid>
      <Card.Root variant="outline" bg="white" as="section" aria-labelledby="ageing-heading">
        <Card.Header pb="2">
          <Heading as="h2" size="lg" id="ageing-heading">
            Ageing
          </Heading>
          <Text color="gray.700" fontSize="sm">
            Unpaid invoices by days past their due date
          </Text>
        </Card.Header>
        <Card.Body pt="2">
          <SimpleGrid columns={{ base: 2, md: 5 }} gap="3" as="dl">
            {AGEING.map((bucket) => {
              const figure = data?.ageing[bucket.key];
              return (
                <Box key={bucket.key} borderWidth="1px" borderRadius="md" p="3">
                  <Text as="dt" fontSize="sm" color="gray.700">
                    {bucket.label}
                  </Text>
                  <Box as="dd">
                    {figure ? (
                      <>
                        <Text fontWeight="bold" fontSize="lg">
                          {formatMoney(figure.amount)}
                        </Text>
                        <Text fontSize="xs" color="gray.700">
                          {invoicesText(figure.count)}
                        </Text>
                      </>
                    ) : (
                      <Skeleton height="6" width="20" />
                    )}
                  </Box>
                </Box>
              );
            })}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline" bg="white" as="section" aria-labelledby="recent-invoices-heading">
        <Card.Header pb="2">
          <Heading as="h2" size="lg" id="recent-invoices-heading">
            Recent Invoices
          </Heading>
        </Card.Header>
        <Card.Body pt="2">
          <InvoicesTable
            label="Recent Invoices"
            invoices={data?.recentInvoices ?? []}
            canChange={false}
            paymentsConfigured={payments.data?.configured ?? false}
            isLoading={isLoading}
            error={dashboard.error}
            emptyText="No invoices yet"
            onRetry={() => void dashboard.refetch()}
          />
        </Card.Body>
      </Card.Root>
      <WipPanel />
    </Stack>
  );
}
