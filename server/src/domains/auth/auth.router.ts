import { router } from '../../trpc/procedures.js';
import { readSessionProcedure } from './read-session.js';
import { requestPasswordResetProcedure } from './request-password-reset.js';
import { resendSignInCodeProcedure } from './resend-sign-in-code.js';
import { resendVerificationProcedure } from './resend-verification.js';
import { resetPasswordProcedure } from './reset-password.js';
import { signInProcedure } from './sign-in.js';
import { signOutProcedure } from './sign-out.js';
import { signUpProcedure } from './sign-up.js';
import { verifyEmailProcedure } from './verify-email.js';
import { verifySignInProcedure } from './verify-sign-in.js';
import { watchSessionProcedure } from './watch-session.js';

/** Signing up (and proving the address), in (with a code when two-factor authentication is on) and out. */
export const authRouter = router({
  /** Who is signed in on this browser, or null. */
  session: readSessionProcedure,
  /** The same answer for a new and a taken address: a link (or a note to the owner) is mailed; an unproven account is replaced. */
  signUp: signUpProcedure,
  /** A mailed link proves the address, once, with the password its opener sets, and signs this browser in. */
  verifyEmail: verifyEmailProcedure,
  /** A new link, rate-limited; the same answer for any address. */
  resendVerification: resendVerificationProcedure,
  /** A password; with two-factor authentication on, no session yet but a challenge and a code sent. */
  signIn: signInProcedure,
  /** The challenge and the right code start the session. */
  verifySignIn: verifySignInProcedure,
  /** A new code for a live challenge, 60 seconds after the last. */
  resendSignInCode: resendSignInCodeProcedure,
  /** "Forgot password?": a reset link mailed, the same answer for any address, rate-limited. */
  requestPasswordReset: requestPasswordResetProcedure,
  /** A mailed reset link, once, sets a new password and ends every session; no session starts. */
  resetPassword: resetPasswordProcedure,
  /** Here or everywhere. */
  signOut: signOutProcedure,
  /** Tells the tab when its session ends. */
  sessionEvents: watchSessionProcedure,
});
