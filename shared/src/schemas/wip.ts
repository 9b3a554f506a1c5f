import { z } from 'zod';
import { optionalText, timestamp } from './fields.js';
import { pageOutput } from './pagination.js';

export const WIP_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WipStatus = (typeof WIP_STATUSES)[number];

export const WIP_NOTES_MAX = 1000;

/** Shown for a request whose user no longer exists (or has no profile). */
export const UNKNOWN_USER = 'Unknown User';

/** Optional notes (shared/src/schemas/fields.ts): trimmed, at most 1000 characters; empty means none. */
const notes = optionalText('Notes', WIP_NOTES_MAX);

export const wipRequestInput = z.object({ notes });
export type WipRequestInput = z.input<typeof wipRequestInput>;

/** Approve or reject one pending request, with the admin's optional notes. */
export const wipDecisionInput = z.object({ id: z.uuid('Invalid assignment id'), notes });
export type WipDecisionInput = z.input<typeof wipDecisionInput>;

export const wipAssignment = z.object({
  id: z.uuid(),
  userId: z.uuid().nullable(),
  /** The requesting user's first and last name, or "Unknown User". */
  userName: z.string(),
  status: z.enum(WIP_STATUSES),
  requestedAt: timestamp,
  assignedAt: timestamp.nullable(),
  assignedByName: z.string().nullable(),
  notes: z.string().nullable(),
});
export type WipAssignment = z.infer<typeof wipAssignment>;

export const wipListOutput = pageOutput(wipAssignment);
