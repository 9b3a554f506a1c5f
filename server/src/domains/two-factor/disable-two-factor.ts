import { z } from 'zod';
import { twoFactorState } from '#shared/schemas/two-factor.js';
import { expireCodes } from '../../auth/two-factor.js';
import { notFound } from '../../errors.js';
import { companyProcedure } from '../../trpc/procedures.js';
import { endOtherSessions } from '../settings/sessions.repository.js';
import { readTwoFactorProfile, setTwoFactor } from '../settings/settings.repository.js';

/** Switching off takes effect at once, with no code (the spec's flow); the user's other sessions end. */
export const disableTwoFactorProcedure = companyProcedure
  .input(z.void())
  .output(twoFactorState)
  .mutation(async ({ ctx }) => {
    const userId = ctx.session.user.id;
    await setTwoFactor(ctx.db, userId, { enabled: false });
    await expireCodes(ctx.db, userId);
    await endOtherSessions(ctx.db, userId, ctx.sessionId);
    const profile = await readTwoFactorProfile(ctx.db, userId);
    if (!profile) throw notFound('Profile');
    return { enabled: profile.twoFactorEnabled, method: profile.twoFactorMethod };
  });
