import { sessionOutput } from '#shared/schemas/auth.js';
import { permitted } from '../../trpc/procedures.js';

/** Who is signed in on this browser, or null (read when the request's context was made). */
export const readSessionProcedure = permitted({ public: "who the request's own cookie belongs to, or null" }, { transaction: false })
  .output(sessionOutput.nullable())
  .query(({ ctx }) => ctx.session);
