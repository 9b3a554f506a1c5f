import { router } from '../../trpc/procedures.js';

export const brokersRouter = router({});
