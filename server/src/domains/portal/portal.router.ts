import { router } from '../../trpc/procedures.js';
import { readCarrierPortalProcedure } from './read-carrier-portal.js';
import { readDriverPortalProcedure } from './read-driver-portal.js';
import { readStatementsProcedure, statementPdfProcedure } from './read-statements.js';
import { setGpsConsentProcedure } from './set-gps-consent.js';
import { setLoadStepProcedure } from './set-load-step.js';
import { undoLoadStepProcedure } from './undo-load-step.js';

/** The driver and carrier portals: anyone signed in, a driver through their own driver record (drivers.user_id), a carrier user through their carrier (carrier_users). */
export const portalRouter = router({
  driver: readDriverPortalProcedure,
  carrier: readCarrierPortalProcedure,
  setConsent: setGpsConsentProcedure,
  setLoadStatus: setLoadStepProcedure,
  undoLoadStatus: undoLoadStepProcedure,
  statements: readStatementsProcedure,
  statementPdf: statementPdfProcedure,
});
