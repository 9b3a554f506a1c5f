import { router } from '../../trpc/procedures.js';

export const settingsRouter = router({});
