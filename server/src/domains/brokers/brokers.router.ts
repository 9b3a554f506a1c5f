import { router } from '../../trpc/procedures.js';
import { createBrokerProcedure } from './create-broker.js';
import { deleteBrokerProcedure } from './delete-broker.js';
import { getBrokerProcedure } from './get-broker.js';
import { listBrokersProcedure } from './list-brokers.js';
import { updateBrokerProcedure } from './update-broker.js';

/** Brokers: who may call each is in shared/src/permissions.ts. */
export const brokersRouter = router({
  list: listBrokersProcedure,
  get: getBrokerProcedure,
  create: createBrokerProcedure,
  update: updateBrokerProcedure,
  delete: deleteBrokerProcedure,
});
