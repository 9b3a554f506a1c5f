import { router } from '../../trpc/procedures.js';
import { disable } from './disable.js';
import { sendCode } from './send-code.js';
import { verifyCode } from './verify-code.js';

/**
 * Two-factor authentication of one's own account (Settings). The spec's send-2fa-code and
 * verify-2fa-code; signing in with a code is auth.signIn / auth.verifySignIn.
 */
export const twoFactorRouter = router({
  /** Switch on: send a code by sms (needs a phone) or email. */
  sendCode,
  /** The right code turns it on with that method. */
  verify: verifyCode,
  /** Switch off, at once. */
  disable,
});
