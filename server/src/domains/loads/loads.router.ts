import { router } from '../../trpc/procedures.js';

export const loadsRouter = router({});
