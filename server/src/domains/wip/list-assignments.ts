import { z } from 'zod';
import { wipListOutput } from '#shared/schemas/wip.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { listAssignments } from './wip.repository.js';

/**
 * The WIP assignments panel: admins (and master admins, in their own company) review every
 * request of the company; other staff see their own. Newest requested first.
 */
export const list = permittedProcedure('wip', 'read')
  .input(z.void())
  .output(wipListOutput)
  .query(({ ctx }) => {
    const reviewsAll = ctx.session.isMasterAdmin || ctx.session.role === 'admin';
    return listAssignments(ctx.db, { companyId: ctx.session.company.id, requesterId: reviewsAll ? null : ctx.session.user.id });
  });
