import { router } from '../../trpc/procedures.js';

export const teamRouter = router({});
