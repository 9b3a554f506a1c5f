import { brokerListOutput } from '#shared/schemas/brokers.js';
import { listInput } from '#shared/schemas/people-fields.js';
import { permittedProcedure } from '../../trpc/procedures.js';
import { brokerScope } from './broker-scope.js';
import { listBrokers } from './brokers.repository.js';

/** The Brokers page: newest first, a page at a time; a master admin reads every company's. */
export const listBrokersProcedure = permittedProcedure('brokers', 'read')
  .input(listInput)
  .output(brokerListOutput)
  .query(({ ctx, input }) => listBrokers(ctx.db, brokerScope(ctx.session, 'read'), input));
