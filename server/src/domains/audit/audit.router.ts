import { router } from '../../trpc/procedures.js';

export const auditRouter = router({});
