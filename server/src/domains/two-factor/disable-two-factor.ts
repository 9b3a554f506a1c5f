import { z } from 'zod';
import { twoFactorState } from '#shared/schemas/two-factor.js';
import { currentPasswordProof, proveCurrentPassword } from '../../auth/two-factor-proof.js';
import { expireCodes } from '../../auth/two-factor.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { endOtherSessions } from '../settings/sessions.repository.js';
import { readTwoFactorProfile } from '../settings/settings.repository.js';
import { turnOffTwoFactor } from './two-factor.repository.js';

export const disableTwoFactorInput = z.object({ password: currentPasswordProof });

/**
 * Switching off asks for the current password (a stolen session alone cannot remove the second
 * factor), then takes effect at once; the user's other sessions end.
 */
export const disableTwoFactorProcedure = permitted('self', 'twoFactor')
  .input(disableTwoFactorInput)
  .output(twoFactorState)
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.session.user.id;
    await proveCurrentPassword(ctx.db, userId, input.password);
    await turnOffTwoFactor(ctx.db, userId);
    await expireCodes(ctx.db, userId);
    await endOtherSessions(ctx.db, userId, ctx.sessionId);
    const profile = await readTwoFactorProfile(ctx.db, userId);
    if (!profile) throw notFound('Profile');
    return { enabled: profile.twoFactorEnabled, method: profile.twoFactorMethod };
  });
