import { brokerOutput } from '#shared/schemas/brokers.js';
import { recordId } from '#shared/schemas/people-fields.js';
import { notFound } from '../../errors.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { brokerScope } from './broker-scope.js';
import { findBroker } from './brokers.repository.js';

export const getBrokerProcedure = permittedProcedure('brokers', 'read')
  .input(recordId)
  .output(brokerOutput)
  .query(async ({ ctx, input }) => {
    const broker = await findBroker(ctx.db, brokerScope(ctx.session, 'read'), input.id);
    if (!broker) throw notFound('Broker');
    return broker;
  });
