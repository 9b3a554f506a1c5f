import { adminRouter } from './domains/admin/admin.router.js';
import { apiKeysRouter } from './domains/api-keys/api-keys.router.js';
import { analyticsRouter } from './domains/analytics/analytics.router.js';
import { auditRouter } from './domains/audit/audit.router.js';
import { authRouter } from './domains/auth/auth.router.js';
import { brokersRouter } from './domains/brokers/brokers.router.js';
import { carriersRouter } from './domains/carriers/carriers.router.js';
import { dashboardRouter } from './domains/dashboard/dashboard.router.js';
import { geoRouter } from './domains/geo/geo.router.js';
import { documentsRouter } from './domains/documents/documents.router.js';
import { driversRouter } from './domains/drivers/drivers.router.js';
import { trailersRouter } from './domains/equipment/trailers.router.js';
import { trucksRouter } from './domains/equipment/trucks.router.js';
import { loadsRouter } from './domains/loads/loads.router.js';
import { messagesRouter } from './domains/messages/messages.router.js';
import { notificationsRouter } from './domains/notifications/notifications.router.js';
import { realtimeRouter } from './domains/realtime/realtime.router.js';
import { invoicesRouter } from './domains/invoices/invoices.router.js';
import { loadPaperworkRouter } from './domains/load-paperwork/load-paperwork.router.js';
import { invitationsRouter } from './domains/invitations/invitations.router.js';
import { importsRouter } from './domains/imports/imports.router.js';
import { settingsRouter } from './domains/settings/settings.router.js';
import { settlementsRouter } from './domains/settlements/settlements.router.js';
import { iftaRouter } from './domains/ifta/ifta.router.js';
import { teamRouter } from './domains/team/team.router.js';
import { twoFactorRouter } from './domains/two-factor/two-factor.router.js';
import { wipRouter } from './domains/wip/wip.router.js';
import { contactRouter } from './domains/contact/contact.router.js';
import { fleetRouter } from './domains/fleet/fleet.router.js';
import { portalRouter } from './domains/portal/portal.router.js';
import { geofencesRouter } from './domains/geofences/geofences.router.js';
import { positionsRouter } from './domains/positions/positions.router.js';
import { rateConsRouter } from './domains/rate-cons/rate-cons.router.js';
import { trackingRouter } from './domains/tracking/tracking.router.js';
import { webhooksRouter } from './domains/webhooks/webhooks.router.js';
import { router } from './trpc/procedures.js';

/** Every domain's router, one line each: assembled here at the top, beside app.ts; no domain imports it (the client takes its type). */
export const appRouter = router({
  auth: authRouter,
  contact: contactRouter,
  realtime: realtimeRouter,
  dashboard: dashboardRouter,
  loads: loadsRouter,
  drivers: driversRouter,
  trucks: trucksRouter,
  trailers: trailersRouter,
  brokers: brokersRouter,
  carriers: carriersRouter,
  documents: documentsRouter,
  wip: wipRouter,
  geo: geoRouter,
  fleet: fleetRouter,
  positions: positionsRouter,
  geofences: geofencesRouter,
  tracking: trackingRouter,
  portal: portalRouter,
  team: teamRouter,
  invitations: invitationsRouter,
  settings: settingsRouter,
  twoFactor: twoFactorRouter,
  audit: auditRouter,
  admin: adminRouter,
  messages: messagesRouter,
  notifications: notificationsRouter,
  analytics: analyticsRouter,
  invoices: invoicesRouter,
  settlements: settlementsRouter,
  ifta: iftaRouter,
  imports: importsRouter,
  loadPaperwork: loadPaperworkRouter,
  webhooks: webhooksRouter,
  apiKeys: apiKeysRouter,
  rateCons: rateConsRouter,
});

export type AppRouter = typeof appRouter;
