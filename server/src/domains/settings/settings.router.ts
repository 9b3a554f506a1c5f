import { router } from '../../trpc/procedures.js';
import { changePasswordProcedure } from './change-password.js';
import { endSessionProcedure } from './end-session.js';
import { getSettingsProcedure } from './get-settings.js';
import { listSessionsProcedure } from './list-sessions.js';
import { saveAccountIdProcedure } from './save-account-id.js';
import { updateCompanyProcedure } from './update-company.js';
import { updateProfileProcedure } from './update-profile.js';

/** Settings: every signed-in user manages their own account; only admins change the company's contact details and account id. */
export const settingsRouter = router({
  /** Profile, two-factor state and company, for the Settings page. */
  get: getSettingsProcedure,
  /** Personal Information: first name, last name, phone. */
  updateProfile: updateProfileProcedure,
  /** Company Information: the company's email, phone and address (admins). */
  updateCompany: updateCompanyProcedure,
  /** The company's Airwallex account id (admins). */
  saveAirwallexAccountId: saveAccountIdProcedure,
  /** Current and new password; ends all other sessions. */
  changePassword: changePasswordProcedure,
  /** One's live sessions, "This device" marked. */
  sessions: listSessionsProcedure,
  /** Signs out one of one's own sessions, named by its fingerprint. */
  endSession: endSessionProcedure,
});
