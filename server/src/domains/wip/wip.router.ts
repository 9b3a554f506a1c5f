import { router } from '../../trpc/procedures.js';
import { approve, reject } from './decide-assignment.js';
import { list } from './list-assignments.js';
import { request } from './request-assignment.js';

export const wipRouter = router({
  /** Requests newest first: all of the company for admins, one's own for other staff. */
  list,
  /** Non-admin staff request an assignment, with optional notes. */
  request,
  /** Admins approve or reject a pending request, with optional notes. */
  approve,
  reject,
});
