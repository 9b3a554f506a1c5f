import { useEffect, useState } from 'react';
import { Button, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { US_STATE_CODES } from './us-states';
import { QueryState } from '../../components/QueryState';
import { notify } from '../../components/toaster';
import { reportFailure, useFailureToast } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

const RATE = /^\d{1,2}(\.\d{1,4})?$/;

/** The quarter's tax rates per gallon, one field per state (blank: no rate yet); Save sets the filled ones. */
export function RatesTab({ quarter, canWrite }: { quarter: string; canWrite: boolean }) {
  const rates = trpc.ifta.taxRates.useQuery({ quarter });
  useFailureToast(rates);
  const utils = trpc.useUtils();
  const save = trpc.ifta.upsertTaxRates.useMutation({ onSettled: () => void utils.ifta.invalidate() });
  const [values, setValues] = useState<Record<string, string>>({});
  useEffect(() => {
    if (rates.data) setValues(Object.fromEntries(rates.data.rates.map((rate) => [rate.jurisdiction, rate.rate])));
  }, [rates.data]);
  const invalid = Object.entries(values).filter(([, value]) => value.trim() !== '' && !RATE.test(value.trim()));

  const submit = () => {
    if (invalid.length > 0) return;
    const filled = Object.entries(values)
      .filter(([, value]) => value.trim() !== '')
      .map(([jurisdiction, rate]) => ({ jurisdiction, rate: rate.trim() }));
    save.mutate(
      { quarter, rates: filled },
      {
        onSuccess: () => notify.success('Tax rates saved', `${filled.length} rates for ${quarter}`),
        onError: (error) => reportFailure('Failed to save the tax rates', error),
      },
    );
  };

  return (
    <Stack gap="4" pt="4">
      <Heading as="h2" size="lg">
        Tax rates {quarter.replace('-', ' ')}
      </Heading>
      <Text fontSize="sm" color="gray.700">
        Dollars per gallon for each state, from the IFTA tax rate matrix for the quarter.
      </Text>
      <QueryState
        isLoading={rates.isLoading}
        error={rates.error}
        isEmpty={false}
        emptyText=""
        loadingText="Loading tax rates..."
        onRetry={() => void rates.refetch()}
      >
        <SimpleGrid columns={{ base: 3, sm: 4, md: 6, lg: 8 }} gap="3">
          {US_STATE_CODES.map((code) => {
            const value = values[code] ?? '';
            const bad = value.trim() !== '' && !RATE.test(value.trim());
            return (
              <Field.Root key={code} invalid={bad}>
                <Field.Label>{code}</Field.Label>
                <Input
                  name={`rate-${code}`}
                  inputMode="decimal"
                  value={value}
                  readOnly={!canWrite}
                  onChange={(event) => setValues((current) => ({ ...current, [code]: event.target.value }))}
                  bg="white"
                  size="sm"
                />
                {bad ? <Field.ErrorText>Up to 4 decimals</Field.ErrorText> : null}
              </Field.Root>
            );
          })}
        </SimpleGrid>
      </QueryState>
      {canWrite ? (
        <Button
          colorPalette="blue"
          alignSelf="start"
          onClick={submit}
          loading={save.isPending}
          loadingText="Saving..."
          disabled={invalid.length > 0}
        >
          Save rates
        </Button>
      ) : null}
    </Stack>
  );
}
