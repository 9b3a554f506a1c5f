import { useEffect, useMemo } from 'react';
import { Combobox, Field, Text, useFilter, useListCollection } from '@chakra-ui/react';
import type { MessageRecipient } from '#shared/schemas/messages.js';
import { ROLE_LABELS } from '#shared/schemas/team.js';

interface Option {
  value: string;
  label: string;
  role: string;
}

const roleOf = (person: MessageRecipient) => (person.isMasterAdmin ? 'Master Admin' : person.role ? ROLE_LABELS[person.role] : 'Driver');

/**
 * The Compose Message recipient: the company's people by name, with their role, searchable as one
 * types (a combobox: arrow keys, Enter, Escape). Its value is the chosen person's user id.
 */
export function RecipientPicker({
  people,
  value,
  onChange,
  error,
  isLoading,
}: {
  people: MessageRecipient[];
  value: string;
  onChange: (userId: string) => void;
  error: string | undefined;
  isLoading: boolean;
}) {
  const options = useMemo<Option[]>(
    () => people.map((person) => ({ value: person.userId, label: person.name, role: roleOf(person) })),
    [people],
  );
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter, set } = useListCollection<Option>({
    initialItems: options,
    filter: (itemText, filterText, item) => contains(itemText, filterText) || contains(item.role, filterText),
    itemToString: (item) => item.label,
    itemToValue: (item) => item.value,
  });
  // The people arrive after the dialog opens (and change live): the list follows them.
  useEffect(() => set(options), [options, set]);
  return (
    <Field.Root invalid={Boolean(error)} required>
      <Combobox.Root
        collection={collection}
        value={value ? [value] : []}
        onValueChange={(details) => onChange(details.value[0] ?? '')}
        onInputValueChange={(details) => filter(details.inputValue)}
        onOpenChange={(details) => (details.open ? filter('') : undefined)}
        openOnClick
        name="recipientId"
        width="full"
      >
        <Combobox.Label>
          Recipient <Field.RequiredIndicator color="red.700" />
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder={isLoading ? 'Loading people...' : 'Search people by name or role'} bg="white" />
          <Combobox.IndicatorGroup>
            <Combobox.ClearTrigger aria-label="Clear recipient" />
            <Combobox.Trigger aria-label="Show people" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Combobox.Positioner>
          <Combobox.Content>
            <Combobox.Empty>No people found</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item item={item} key={item.value}>
                <Combobox.ItemText>
                  {item.label}{' '}
                  <Text as="span" color="gray.700" fontSize="sm">
                    · {item.role}
                  </Text>
                </Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      {error ? (
        <Field.ErrorText id="recipientId-error" color="red.700">
          {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
