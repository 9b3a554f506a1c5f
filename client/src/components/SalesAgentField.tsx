import { useWatch, type FieldValues } from 'react-hook-form';
import { can } from '#shared/permissions.js';
import { SALES_AGENT_TEXTS } from '#shared/schemas/sales-agents.js';
import { useFailureToast } from '../lib/errors';
import { useSession } from '../lib/session';
import { trpc } from '../lib/trpc';
import type { FieldProps } from './FormField';
import { SelectField, type SelectOption } from './SelectField';

/**
 * The Sales Agent select of the load, driver and carrier forms: who earns a load's commission, who
 * onboarded a driver or carrier. Shown to those who choose one (admins and dispatchers,
 * shared/src/permissions.ts salesAgents.assign); a sales user sees nothing here, since what they
 * add is theirs and the server keeps it so.
 */
export function SalesAgentField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  helperText,
}: Pick<FieldProps<Values, Output>, 'control' | 'name' | 'helperText'>) {
  const session = useSession();
  const mayChoose = can(session, 'salesAgents', 'assign');
  const agents = trpc.team.salesAgents.useQuery(undefined, { enabled: mayChoose });
  useFailureToast(agents);
  const chosen: unknown = useWatch({ control, name });
  if (!mayChoose) return null;
  const options: SelectOption[] = (agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name }));
  // An agent who has since left the sales role still shows rather than vanishing (saving keeps them).
  if (typeof chosen === 'string' && chosen && agents.data && !options.some((option) => option.value === chosen)) {
    options.unshift({ value: chosen, label: SALES_AGENT_TEXTS.current });
  }
  return (
    <SelectField
      control={control}
      name={name}
      label={SALES_AGENT_TEXTS.label}
      placeholder={SALES_AGENT_TEXTS.none}
      options={options}
      helperText={helperText}
    />
  );
}
