import { z } from 'zod';

export const WIP_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type WipStatus = (typeof WIP_STATUSES)[number];

export const WIP_NOTES_MAX = 1000;

/** Shown for a request whose user no longer exists (or has no profile). */
export const UNKNOWN_USER = 'Unknown User';

/** Optional notes: trimmed, empty becomes null, at most 1000 characters. */
const notes = z
  .string('Notes must be text')
  .trim()
  .max(WIP_NOTES_MAX, `Notes must be less than ${WIP_NOTES_MAX} characters`)
  // PostgreSQL cannot store U+0000 in text: refuse it here, naming the field, rather than fail later.
  .refine((value) => !value.includes('\u0000'), 'Notes contain a character that cannot be saved')
  .optional()
  .transform((value) => (value ? value : null));

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
  requestedAt: z.iso.datetime(),
  assignedAt: z.iso.datetime().nullable(),
  assignedByName: z.string().nullable(),
  notes: z.string().nullable(),
});
export type WipAssignment = z.infer<typeof wipAssignment>;

export const wipListOutput = z.array(wipAssignment);
