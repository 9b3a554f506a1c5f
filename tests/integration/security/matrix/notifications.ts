import type { Kysely } from 'kysely';
import type { NotificationKind } from '#shared/schemas/notifications.js';
import type { Database } from '../../../../server/src/db/schema.js';
import { withCompany } from '../../../../server/src/db/with-company.js';
import type { TestUser } from '../../../support/factories.js';
import { SIGNED_IN, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/**
 * A notification for the user, stored as the fan-out would store it (inside their company's
 * transaction); written as the user, so the insert may read back its id (row-level security shows
 * a notification only to its user).
 */
export async function notifyTestUser(
  db: Kysely<Database>,
  user: TestUser,
  values: { kind?: NotificationKind; title?: string; link?: string | null } = {},
): Promise<string> {
  return withCompany(db, user, async (tx) => {
    const row = await tx
      .insertInto('notifications')
      .values({
        companyId: user.companyId,
        userId: user.userId,
        kind: values.kind ?? 'load_status',
        title: values.title ?? 'Load LD-1 status changed',
        body: 'Load LD-1 status changed from Assigned to Picked',
        link: values.link === undefined ? '/loads?search=LD-1' : values.link,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** A notification of the caller (nobody signed in: of the company's admin). */
const notificationOfCaller = async ({ company, services, user }: Sample) => ({
  id: await notifyTestUser(services.db, user ?? company.users.admin),
});

/** Notifications are one's own: every signed-in user has them, whatever the role (a driver has none). */
export const notificationsRules = {
  'notifications.list': { type: 'query', allowed: SIGNED_IN, input: () => ({ unreadOnly: true }) },
  'notifications.unreadCount': { type: 'query', allowed: SIGNED_IN, input: () => undefined },
  'notifications.markRead': { type: 'mutation', allowed: SIGNED_IN, input: notificationOfCaller },
  'notifications.markAllRead': { type: 'mutation', allowed: SIGNED_IN, input: () => undefined },
  'notifications.preferences': { type: 'query', allowed: SIGNED_IN, input: () => undefined },
  'notifications.setPreference': { type: 'mutation', allowed: SIGNED_IN, input: () => ({ kind: 'invoice_payment', enabled: true }) },
  'notifications.pushKey': { type: 'query', allowed: SIGNED_IN, input: () => undefined },
  // A browser's push service (never contacted here: nothing is notified by these calls).
  'notifications.subscribePush': {
    type: 'mutation',
    allowed: SIGNED_IN,
    input: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-subscription',
      keys: {
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    }),
  },
  'notifications.unsubscribePush': {
    type: 'mutation',
    allowed: SIGNED_IN,
    input: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-subscription' }),
  },
} satisfies Record<string, ProcedureRule>;

/** The id of the user's newest notification, read as the user. */
export async function latestNotificationOf(db: Kysely<Database>, user: TestUser): Promise<string> {
  return withCompany(db, user, async (tx) => {
    const row = await tx
      .selectFrom('notifications')
      .select('id')
      .where('userId', '=', user.userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}
