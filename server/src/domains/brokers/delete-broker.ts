import { deleteBrokerOutput } from '#shared/schemas/brokers.js';
import { recordId } from '#shared/schemas/people-fields.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { brokerScope } from './broker-scope.js';
import { deleteBroker } from './brokers.repository.js';

/**
 * Admins only (brokers carry payment history). Loads keep their history: the schema sets their
 * broker_id to null and keeps the broker_name they had.
 */
export const deleteBrokerProcedure = permittedProcedure('brokers', 'delete')
  .input(recordId)
  .output(deleteBrokerOutput)
  .mutation(async ({ ctx, input }) => {
    if (!(await deleteBroker(ctx.db, brokerScope(ctx.session, 'write'), input.id))) throw notFound('Broker');
    return { id: input.id };
  });
