import { notificationPreferenceInput, notificationPreferencesOutput } from '#shared/schemas/notifications.js';
import { permitted } from '../../trpc/procedures.js';
import { readPreferences, savePreference } from './notifications.repository.js';

/** The kinds of notification the caller receives (Settings, Notifications card). */
export const notificationPreferencesProcedure = permitted('self', 'notifications')
  .output(notificationPreferencesOutput)
  .query(({ ctx }) => readPreferences(ctx.db, ctx.scope));

/** Turns one kind on or off for the caller; answers every kind as it now stands. */
export const setNotificationPreferenceProcedure = permitted('self', 'notifications')
  .input(notificationPreferenceInput)
  .output(notificationPreferencesOutput)
  .mutation(async ({ ctx, input }) => {
    await savePreference(ctx.db, ctx.scope, input.kind, input.enabled);
    return readPreferences(ctx.db, ctx.scope);
  });
