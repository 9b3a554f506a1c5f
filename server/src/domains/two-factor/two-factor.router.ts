import { router } from '../../trpc/procedures.js';

export const twoFactorRouter = router({});
