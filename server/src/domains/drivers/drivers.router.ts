import { router } from '../../trpc/procedures.js';

export const driversRouter = router({});
