import { authRouter } from '../auth/auth.router.js';
import { contactRouter } from '../public/contact.router.js';
import { router } from './procedures.js';

/** Every domain's router, one line each. */
export const appRouter = router({
  auth: authRouter,
  contact: contactRouter,
});

export type AppRouter = typeof appRouter;
