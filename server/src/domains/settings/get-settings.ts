import { z } from 'zod';
import { can } from '#shared/permissions.js';
import { settingsOutput } from '#shared/schemas/settings.js';
import { notFound } from '../../errors.js';
import { companyProcedure } from '../../trpc/procedures.js';
import { readSettings } from './settings.repository.js';

/** The Settings page: one's own profile and two-factor state, and one's company (admins may change its contact details and account id). */
export const getSettingsProcedure = companyProcedure
  .input(z.void())
  .output(settingsOutput)
  .query(async ({ ctx }) => {
    const settings = await readSettings(ctx.db, { userId: ctx.session.user.id, companyId: ctx.session.company.id });
    if (!settings) throw notFound('Profile');
    const canEdit = can(ctx.session, 'companySettings', 'write');
    return { ...settings, canEditAccountId: canEdit, canEditCompany: canEdit };
  });
