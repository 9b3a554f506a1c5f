import { sessionOutput } from '#shared/schemas/auth.js';
import { publicProcedure } from '../../trpc/procedures.js';

/** Who is signed in on this browser, or null (read when the request's context was made). */
export const readSessionProcedure = publicProcedure.output(sessionOutput.nullable()).query(({ ctx }) => ctx.session);
