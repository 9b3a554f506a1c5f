import { router } from '../../trpc/procedures.js';
import { disableTwoFactorProcedure } from './disable-two-factor.js';
import { sendCodeProcedure } from './send-code.js';
import { verifyCodeProcedure } from './verify-code.js';

/**
 * Two-factor authentication of one's own account (Settings). The spec's send-2fa-code and
 * verify-2fa-code; signing in with a code is auth.signIn / auth.verifySignIn.
 */
export const twoFactorRouter = router({
  /** Switch on (or, with the current password, move it to the profile's phone or another method): send a code. */
  sendCode: sendCodeProcedure,
  /** The right code turns it on with that method. */
  verify: verifyCodeProcedure,
  /** Switch off, with the current password. */
  disable: disableTwoFactorProcedure,
});
