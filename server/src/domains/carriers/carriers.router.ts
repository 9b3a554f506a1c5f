import { router } from '../../trpc/procedures.js';
import { listCarrierOptionsProcedure } from './carrier-options.js';
import { createCarrierProcedure } from './create-carrier.js';
import { deleteCarrierProcedure } from './delete-carrier.js';
import { getCarrierProcedure } from './get-carrier.js';
import { inviteCarrierUserProcedure, listCarrierUserCandidatesProcedure } from './invite-carrier-user.js';
import { listCarriersProcedure } from './list-carriers.js';
import { updateCarrierProcedure } from './update-carrier.js';

/** Carriers: who may call each is in shared/src/permissions.ts. */
export const carriersRouter = router({
  list: listCarriersProcedure,
  get: getCarrierProcedure,
  options: listCarrierOptionsProcedure,
  create: createCarrierProcedure,
  update: updateCarrierProcedure,
  delete: deleteCarrierProcedure,
  /** The carrier's drivers who may be invited as its user. */
  userCandidates: listCarrierUserCandidatesProcedure,
  /** Invites one of them as the carrier's user (the carrier portal). */
  inviteUser: inviteCarrierUserProcedure,
});
