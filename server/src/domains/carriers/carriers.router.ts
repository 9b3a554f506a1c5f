import { router } from '../../trpc/procedures.js';

export const carriersRouter = router({});
