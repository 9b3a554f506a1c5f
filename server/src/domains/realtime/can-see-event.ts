import type { SessionOutput } from '#shared/schemas/auth.js';
import type { RealtimeEvent } from '../../services/realtime/bus.js';

export const LIVE_TABLES = ['loads', 'wipAssignments', 'drivers'] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];

/**
 * Whether a subscriber may learn that this row changed: only rows of their own company
 * (every company for a master admin), only staff, and for sales only their own loads and
 * for non-admins only their own WIP requests.
 */
export function canSeeEvent(session: SessionOutput, event: RealtimeEvent): boolean {
  if (!LIVE_TABLES.includes(event.table as LiveTable)) return false;
  if (session.isMasterAdmin) return true;
  if (event.companyId !== session.company.id || session.role === null) return false;
  if (event.table === 'loads' && session.role === 'sales') return event.salesUserId === session.user.id;
  if (event.table === 'drivers' && session.role === 'sales') return event.salesAgentId === session.user.id;
  if (event.table === 'wipAssignments' && session.role !== 'admin') return event.userId === session.user.id;
  return true;
}
