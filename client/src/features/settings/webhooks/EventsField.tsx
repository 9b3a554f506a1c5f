import { Checkbox, Field, SimpleGrid, Text } from '@chakra-ui/react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type WebhookEvent } from '#shared/schemas/webhooks.js';

/** The events an endpoint subscribes to: one checkbox each, the field's error beside them. */
export function EventsField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
}: {
  control: Control<Values, unknown, Output>;
  name: FieldPathByValue<Values, WebhookEvent[]>;
}) {
  const { field, fieldState } = useController({ control, name });
  const chosen = (field.value as WebhookEvent[] | undefined) ?? [];
  const toggle = (event: WebhookEvent, on: boolean) =>
    field.onChange(on ? [...chosen.filter((value) => value !== event), event] : chosen.filter((value) => value !== event));
  const error = fieldState.error?.message;
  return (
    <Field.Root invalid={error !== undefined} required>
      <fieldset aria-describedby={error ? `${name}-error` : undefined}>
        <Text as="legend" fontWeight="medium" mb="2">
          Events
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox.Root
              key={event}
              checked={chosen.includes(event)}
              onCheckedChange={(details) => toggle(event, details.checked === true)}
            >
              <Checkbox.HiddenInput name={`${name}.${event}`} onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>
                <Text as="span" fontFamily="mono" fontSize="sm">
                  {event}
                </Text>{' '}
                <Text as="span" color="gray.700" fontSize="sm">
                  {WEBHOOK_EVENT_LABELS[event]}
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </fieldset>
      {error ? (
        <Text id={`${name}-error`} color="red.700" fontSize="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Field.Root>
  );
}
