import { z } from 'zod';
import { can } from '#shared/permissions.js';
import { settingsOutput } from '#shared/schemas/settings.js';
import { notFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { readSettings } from './settings.repository.js';

/** The Settings page: one's own profile and two-factor state, and one's company (admins may change its contact details and account id). */
export const getSettingsProcedure = permitted('self', 'profile')
  .input(z.void())
  .output(settingsOutput)
  .query(async ({ ctx }) => {
    const settings = await readSettings(ctx.db, { userId: ctx.session.user.id, companyId: ctx.session.company.id });
    if (!settings) throw notFound('Profile');
    // Data for an already permitted caller, not a decision: whether the page shows the company's
    // fields as editable, read from the table through can(), the guard's own check (grantOf). The
    // writes themselves are guarded by companySettings.write (update-company.ts, save-account-id.ts).
    const canEdit = can(ctx.session, 'companySettings', 'write');
    return { ...settings, canEditAccountId: canEdit, canEditCompany: canEdit };
  });
