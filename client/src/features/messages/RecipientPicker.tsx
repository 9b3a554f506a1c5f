import { useEffect, useMemo } from 'react';
import { Combobox, Field, Flex, Text, chakra, useFilter, useListCollection } from '@chakra-ui/react';
import { MESSAGE_TEXTS, type MessageRecipient } from '#shared/schemas/messages.js';
import { ROLE_LABELS } from '#shared/schemas/team.js';

interface Option {
  /** The account's user id, or `driver:<id>` for a driver without one (never a value the form takes). */
  value: string;
  label: string;
  role: string;
  /** A driver without an account: listed and marked, not selectable. */
  driverId: string | null;
  disabled: boolean;
}

const roleOf = (person: MessageRecipient) => {
  if (person.isMasterAdmin) return 'Master Admin';
  if (person.role) return ROLE_LABELS[person.role];
  if (person.portal === 'carrier') return 'Carrier User';
  if (person.portal === 'driver') return 'Driver';
  return 'Member';
};

/**
 * The Compose Message recipient: the company's people by name, with their role, searchable as one
 * types (a combobox: arrow keys, Enter, Escape). Its value is the chosen person's user id. Drivers
 * without an account are listed too, marked "No account yet" and not selectable (a message needs an
 * account); `onInvite`, for users who may invite drivers, puts "Invite" beside them (a pointer's
 * shortcut to the driver's Invite to Haulwise dialog).
 */
export function RecipientPicker({
  people,
  value,
  onChange,
  onInvite,
  error,
  isLoading,
}: {
  people: MessageRecipient[];
  value: string;
  onChange: (userId: string) => void;
  /** Opens the driver's invitation; absent when the user may not invite drivers. */
  onInvite?: (driver: { driverId: string; name: string }) => void;
  error: string | undefined;
  isLoading: boolean;
}) {
  const options = useMemo<Option[]>(
    () =>
      people.map((person) => ({
        value: person.userId ?? `driver:${person.driverId ?? person.name}`,
        label: person.name,
        role: roleOf(person),
        driverId: person.driverId,
        disabled: !person.hasAccount || person.userId === null,
      })),
    [people],
  );
  const withoutAccount = options.filter((option) => option.disabled).length;
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter, set } = useListCollection<Option>({
    initialItems: options,
    filter: (itemText, filterText, item) =>
      contains(itemText, filterText) || contains(item.role, filterText) || (item.disabled && contains(MESSAGE_TEXTS.noAccount, filterText)),
    itemToString: (item) => item.label,
    itemToValue: (item) => item.value,
    isItemDisabled: (item) => item.disabled,
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
          <Combobox.Content maxH="min(22rem, 60vh)">
            <Combobox.Empty>No people found</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item
                item={item}
                key={item.value}
                data-no-account={item.disabled || undefined}
                // Listed but not selectable: full colour (the reason must stay readable), Invite clickable.
                _disabled={{ pointerEvents: 'auto', opacity: 1, cursor: 'default' }}
              >
                <Flex align="center" justify="space-between" gap="2" w="full" minW="0">
                  <Combobox.ItemText minW="0" color={item.disabled ? 'gray.700' : undefined}>
                    {item.label}{' '}
                    <Text as="span" color="gray.700" fontSize="sm">
                      · {item.role}
                    </Text>
                    {item.disabled ? (
                      <Text as="span" display="block" fontSize="xs" color="orange.800" fontWeight="medium">
                        {MESSAGE_TEXTS.noAccount}
                        <chakra.span srOnly>: {MESSAGE_TEXTS.noAccountHint}</chakra.span>
                      </Text>
                    ) : null}
                  </Combobox.ItemText>
                  {item.disabled && item.driverId && onInvite ? (
                    // Not a button inside the option (an option's content is presentational: no nested
                    // control for assistive technology); a pointer's shortcut to the invitation. The
                    // same invitation is on the Drivers screen (Invite to Haulwise) for the keyboard.
                    <chakra.span
                      aria-hidden
                      data-testid="invite-driver"
                      flexShrink={0}
                      px="2"
                      py="0.5"
                      fontSize="xs"
                      fontWeight="semibold"
                      borderWidth="1px"
                      borderColor="blue.600"
                      color="blue.700"
                      borderRadius="md"
                      cursor="pointer"
                      _hover={{ bg: 'blue.50' }}
                      onPointerDown={(event) => event.stopPropagation()}
                      onClick={(event) => {
                        event.stopPropagation();
                        if (item.driverId) onInvite({ driverId: item.driverId, name: item.label });
                      }}
                    >
                      {MESSAGE_TEXTS.invite}
                    </chakra.span>
                  ) : null}
                </Flex>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      {withoutAccount > 0 ? (
        <Field.HelperText color="gray.700">
          {withoutAccount === 1 ? '1 driver has' : `${withoutAccount} drivers have`} no account yet and can&apos;t receive messages
          {onInvite ? ': Invite beside a name, or Invite to Haulwise on the Drivers screen.' : '. An admin or dispatcher can invite them.'}
        </Field.HelperText>
      ) : null}
      {error ? (
        <Field.ErrorText id="recipientId-error" color="red.700">
          {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
