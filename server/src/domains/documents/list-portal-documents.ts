import { documentListOutput } from '#shared/schemas/documents.js';
import { pageOnlyInput } from '../../db/pagination.js';
import { permitted } from '../../trpc/procedures.js';
import { listPortalDocuments } from './documents.repository.js';

/**
 * The driver and carrier portals' documents: anyone signed in, but only through their own driver
 * record (drivers: marked driver, on their loads; carrier users: marked carrier, for their
 * carrier). Nobody without a driver record sees any.
 */
export const listPortalDocumentsProcedure = permitted('portal', 'read')
  .input(pageOnlyInput)
  .output(documentListOutput)
  .query(({ ctx, input }) => listPortalDocuments(ctx.db, ctx.scope, input));
