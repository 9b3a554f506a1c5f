import { brokerOutput, createBrokerInput } from '#shared/schemas/brokers.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { brokerScope } from './broker-scope.js';
import { findBroker, insertBroker } from './brokers.repository.js';

/** Adds a broker to the user's company. */
export const createBrokerProcedure = permittedProcedure('brokers', 'write')
  .input(createBrokerInput)
  .output(brokerOutput)
  .mutation(async ({ ctx, input }) => {
    const id = await insertBroker(ctx.db, { ...input, companyId: ctx.session.company.id });
    const broker = await findBroker(ctx.db, brokerScope(ctx.session, 'write'), id);
    if (!broker) throw new Error('a new broker could not be read back');
    return broker;
  });
