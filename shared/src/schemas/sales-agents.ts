import { z } from 'zod';
import { optionalId } from './fields.js';

/**
 * The sales agent of a load (loads.sales_user_id: who earns its commission) and of a driver or
 * carrier (sales_agent_id: who onboarded it): a member of the company with the sales role. Admins
 * and dispatchers choose one on the load, driver and carrier forms (shared/src/permissions.ts,
 * salesAgents.assign); a sales user owns what they add and never chooses.
 */

export const SALES_AGENT_TEXTS = {
  label: 'Sales Agent',
  none: 'No sales agent',
  notFound: 'Sales agent not found',
  current: 'Current sales agent',
} as const;

/** The form field: a member's id, or '' / null for none; left out, it stays as it is. */
export const salesAgentField = () => optionalId('Sales agent');

/** One choice of the Sales Agent select. */
export const salesAgentOption = z.object({ id: z.uuid(), name: z.string() });
export type SalesAgentOption = z.infer<typeof salesAgentOption>;

/** The company's sales agents, by name. */
export const salesAgentOptionsOutput = z.array(salesAgentOption);
