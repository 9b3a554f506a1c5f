import { router } from '../../trpc/procedures.js';
import { approveAssignmentProcedure, rejectAssignmentProcedure } from './decide-assignment.js';
import { listAssignmentsProcedure } from './list-assignments.js';
import { requestAssignmentProcedure } from './request-assignment.js';

/** Work-in-progress assignments: who may call each is in shared/src/permissions.ts ("wip"). */
export const wipRouter = router({
  /** Requests newest first: all of the company for admins, one's own for other staff. */
  list: listAssignmentsProcedure,
  /** Non-admin staff request an assignment, with optional notes. */
  request: requestAssignmentProcedure,
  /** Admins approve or reject a pending request, with optional notes. */
  approve: approveAssignmentProcedure,
  reject: rejectAssignmentProcedure,
});
