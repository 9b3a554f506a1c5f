import { router } from '../../trpc/procedures.js';

export const adminRouter = router({});
