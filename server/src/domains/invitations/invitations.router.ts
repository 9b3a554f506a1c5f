import { router } from '../../trpc/procedures.js';

export const invitationsRouter = router({});
