import { router } from '../../trpc/procedures.js';

export const dashboardRouter = router({});
