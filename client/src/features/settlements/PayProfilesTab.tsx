import { Fragment, useMemo, useState } from 'react';
import { Button, Flex, Heading, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { DRIVER_PAY_TYPE_LABELS, PAY_BASIS_LABELS, PAY_ITEM_KIND_LABELS, type PayProfile } from '#shared/schemas/settlements.js';
import type { SessionOutput } from '#shared/schemas/auth.js';
import { QueryState } from '../../components/QueryState';
import { useFailureToast } from '../../lib/errors';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { ChangePayDialog } from './ChangePayDialog';
import { driversPay, formatRate } from './settlement-rules';
import { localToday } from '#shared/schemas/invoices.js';

const extras = (profile: PayProfile) =>
  profile.extraItems.length === 0
    ? '—'
    : profile.extraItems.map((item) => `${item.description || PAY_ITEM_KIND_LABELS[item.kind]} ${formatMoney(item.amount)}`).join(', ');

/**
 * The Pay profiles tab: per driver the profile in effect (type, basis, rate with its unit, effective
 * from, extra items), its earlier and later versions on expand, and "Change pay" (a new version from
 * a date: settlements already approved never change).
 */
export function PayProfilesTab({ canChange, session }: { canChange: boolean; session: SessionOutput }) {
  const profiles = trpc.settlements.listProfiles.useQuery({});
  useFailureToast(profiles);
  const drivers = useMemo(() => driversPay(profiles.data ?? [], localToday()), [profiles.data]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [changing, setChanging] = useState<{ driverId?: string } | null>(null);
  const toggle = (driverId: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(driverId)) next.delete(driverId);
      else next.add(driverId);
      return next;
    });

  return (
    <Stack gap="4" pt="4">
      <Flex justify="space-between" align={{ base: 'stretch', md: 'center' }} direction={{ base: 'column', md: 'row' }} gap="3">
        <Heading as="h2" size="lg">
          Pay profiles
        </Heading>
        {canChange ? (
          <Button colorPalette="blue" onClick={() => setChanging({})}>
            <Plus aria-hidden="true" /> Change pay
          </Button>
        ) : null}
      </Flex>
      <QueryState
        isLoading={profiles.isLoading}
        error={profiles.error}
        isEmpty={drivers.length === 0}
        emptyText="No pay profiles yet. Set a driver's pay with Change pay."
        loadingText="Loading pay profiles..."
        onRetry={() => void profiles.refetch()}
      >
        {/* A dense table that scrolls sideways on a phone: each driver's history opens under their row. */}
        <Table.ScrollArea borderWidth="1px" borderRadius="md" bg="white">
          <Table.Root size="sm" aria-label="Pay profiles" minW="3xl">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="10">
                  <Text srOnly>History</Text>
                </Table.ColumnHeader>
                <Table.ColumnHeader>Driver</Table.ColumnHeader>
                <Table.ColumnHeader>Type</Table.ColumnHeader>
                <Table.ColumnHeader>Basis</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Rate</Table.ColumnHeader>
                <Table.ColumnHeader>Effective from</Table.ColumnHeader>
                <Table.ColumnHeader>Extra items</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {drivers.map(({ driverId, driverName, current, history }) => {
                const isOpen = expanded.has(driverId);
                return (
                  <Fragment key={driverId}>
                    <Table.Row>
                      <Table.Cell>
                        {history.length > 0 ? (
                          <IconButton
                            size="xs"
                            variant="ghost"
                            aria-expanded={isOpen}
                            aria-label={`${isOpen ? 'Hide' : 'Show'} the pay history of ${driverName}`}
                            onClick={() => toggle(driverId)}
                          >
                            {isOpen ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
                          </IconButton>
                        ) : null}
                      </Table.Cell>
                      <Table.Cell fontWeight="medium">{driverName}</Table.Cell>
                      <ProfileCells profile={current} />
                      <Table.Cell textAlign="end">
                        {canChange ? (
                          <Button
                            size="xs"
                            variant="outline"
                            aria-label={`Change pay of ${driverName}`}
                            onClick={() => setChanging({ driverId })}
                          >
                            Change pay
                          </Button>
                        ) : null}
                      </Table.Cell>
                    </Table.Row>
                    {isOpen
                      ? history.map((profile) => (
                          <Table.Row key={profile.id} bg="gray.50" fontSize="xs" color="gray.700">
                            <Table.Cell />
                            <Table.Cell>
                              {profile.createdByName ? `By ${profile.createdByName}, ` : ''}
                              {formatDateTime(profile.createdAt)}
                            </Table.Cell>
                            <ProfileCells profile={profile} />
                            <Table.Cell />
                          </Table.Row>
                        ))
                      : null}
                  </Fragment>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </QueryState>
      {changing ? (
        <ChangePayDialog driverId={changing.driverId} profiles={profiles.data ?? []} session={session} onClose={() => setChanging(null)} />
      ) : null}
    </Stack>
  );
}

function ProfileCells({ profile }: { profile: PayProfile }) {
  return (
    <>
      <Table.Cell whiteSpace="nowrap">
        {DRIVER_PAY_TYPE_LABELS[profile.driverType]}
        {profile.carrierName ? (
          <Text fontSize="xs" color="gray.700">
            {profile.carrierName}
          </Text>
        ) : null}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{PAY_BASIS_LABELS[profile.payBasis]}</Table.Cell>
      <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {formatRate(profile.rate, profile.payBasis)}
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">{formatDate(profile.effectiveFrom)}</Table.Cell>
      <Table.Cell maxW="64">
        <Text truncate title={extras(profile)}>
          {extras(profile)}
        </Text>
      </Table.Cell>
    </>
  );
}
