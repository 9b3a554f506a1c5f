import { z } from 'zod';
import { listProfilesInput, payProfile, setProfileInput } from '#shared/schemas/settlements.js';
import { permitted } from '../../trpc/procedures.js';
import { listProfiles, setProfile } from './settlements.repository.js';

/** settlements.listProfiles: every version of every driver's pay (or one driver's), newest first per driver. */
export const listProfilesProcedure = permitted('settlements', 'read', { readOnly: true })
  .input(listProfilesInput)
  .output(z.array(payProfile))
  .query(({ ctx, input }) => listProfiles(ctx.db, ctx.scope.companyId, input.driverId));

/** settlements.setProfile: a new version of a driver's pay from its date; settled lines never change. */
export const setProfileProcedure = permitted('settlements', 'write')
  .input(setProfileInput)
  .output(payProfile)
  .mutation(({ ctx, input }) => setProfile(ctx.db, ctx.scope, input));
