import { router } from '../../trpc/procedures.js';
import { readSessionProcedure } from './read-session.js';
import { resendSignInCodeProcedure } from './resend-sign-in-code.js';
import { resendVerificationProcedure } from './resend-verification.js';
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
  /** The same answer for a new and a taken address: a link (or a note to the owner) is mailed. */
  signUp: signUpProcedure,
  /** A mailed link proves the address, once, and signs this browser in. */
  verifyEmail: verifyEmailProcedure,
  /** A new link, rate-limited; the same answer for any address. */
  resendVerification: resendVerificationProcedure,
  /** A password; with two-factor authentication on, no session yet but a challenge and a code sent. */
  signIn: signInProcedure,
  /** The challenge and the right code start the session. */
  verifySignIn: verifySignInProcedure,
  /** A new code for a live challenge, 60 seconds after the last. */
  resendSignInCode: resendSignInCodeProcedure,
  /** Here or everywhere. */
  signOut: signOutProcedure,
  /** Tells the tab when its session ends. */
  sessionEvents: watchSessionProcedure,
});
