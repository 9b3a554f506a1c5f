import { router } from '../../trpc/procedures.js';

export const wipRouter = router({});
