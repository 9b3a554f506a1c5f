import { SETTINGS_TEXT, profileOutput, updateProfileInput } from '#shared/schemas/settings.js';
import { AppError, notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { readSettings, readTwoFactorProfile, updateProfile } from './settings.repository.js';

/**
 * Personal Information: first name, last name and phone of one's own profile. The phone cannot
 * be removed while two-factor codes go to it by SMS, or the next sign-in would have nowhere to go.
 */
export const updateProfileProcedure = permitted('self', 'profile')
  .input(updateProfileInput)
  .output(profileOutput)
  .mutation(async ({ ctx, input }) => {
    const userId = ctx.session.user.id;
    const current = await readTwoFactorProfile(ctx.db, userId);
    if (!current) throw notFound('Profile');
    const phone = input.phone ?? null;
    if (!phone && current.twoFactorEnabled && current.twoFactorMethod === 'sms') {
      throw new AppError('BAD_REQUEST', SETTINGS_TEXT.phoneNeededForSms, { field: 'phone' });
    }
    await updateProfile(ctx.db, userId, { firstName: input.firstName, lastName: input.lastName, phone });
    const settings = await readSettings(ctx.db, { userId, companyId: ctx.session.company.id });
    if (!settings) throw notFound('Profile');
    return settings.profile;
  });
