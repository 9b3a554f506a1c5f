import { brokerOutput, updateBrokerInput } from '#shared/schemas/brokers.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { brokerScope } from './broker-scope.js';
import { findBroker, updateBroker } from './brokers.repository.js';

/** Edits a broker of the user's company; any other id answers like a missing one. */
export const updateBrokerProcedure = permittedProcedure('brokers', 'write')
  .input(updateBrokerInput)
  .output(brokerOutput)
  .mutation(async ({ ctx, input }) => {
    const { id, ...values } = input;
    const scope = brokerScope(ctx.session, 'write');
    const updated = await updateBroker(ctx.db, scope, id, values);
    const broker = updated ? await findBroker(ctx.db, scope, updated) : undefined;
    if (!broker) throw notFound('Broker');
    return broker;
  });
