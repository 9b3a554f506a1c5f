import { sql } from 'kysely';
import {
  DRIVER_STEP_BACK,
  DRIVER_STEP_UNDO_SECONDS,
  PORTAL_TEXTS,
  driverLoadStatusOutput,
  driverUndoStepInput,
} from '#shared/schemas/portal.js';
import { AppError } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { lockOwnLoad, setOwnLoadStatus } from './own-driver.js';

/**
 * portal.undoLoadStatus (issue 27, item 1): a driver takes back the step they just set on their
 * own load, exactly one step (delivered -> in_transit -> picked -> assigned), and only while it is
 * the load's last status change, made by this same account less than DRIVER_STEP_UNDO_SECONDS ago.
 * The load's status history is its audit trail (audit_row writes `changed_fields.status` and the
 * acting user, app.user_id, for every status change). Anything else is refused with what went
 * wrong: the load is no longer at that status (BAD_REQUEST), the last change was someone else's or
 * is older than the minute (CONFLICT). Another driver's load, or another company's, is not found.
 */
export const undoLoadStepProcedure = permitted('portal', 'write')
  .input(driverUndoStepInput)
  .output(driverLoadStatusOutput)
  .mutation(async ({ ctx, input }) => {
    const { driver, load } = await lockOwnLoad(ctx.db, ctx.scope, input.loadId);
    const back = DRIVER_STEP_BACK[input.status];
    if (load.status !== input.status) {
      throw new AppError('BAD_REQUEST', `Invalid status: the load is ${load.status}, not ${input.status}`, { field: 'status' });
    }
    // The load's last status change (the row lock above keeps a new one from crossing this read).
    const last = await ctx.db
      .selectFrom('auditLogs')
      .select([
        'userId',
        sql<string | null>`changes -> 'changed_fields' -> 'status' ->> 'old'`.as('from'),
        sql<string | null>`changes -> 'changed_fields' -> 'status' ->> 'new'`.as('to'),
        sql<boolean>`created_at > now() - make_interval(secs => ${DRIVER_STEP_UNDO_SECONDS})`.as('recent'),
      ])
      .where('companyId', '=', driver.companyId)
      .where('entityType', '=', 'loads')
      .where('entityId', '=', load.id)
      .where(sql<boolean>`changes -> 'changed_fields' ? 'status'`)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last || last.userId !== ctx.scope.userId || last.to !== input.status || last.from !== back) {
      throw new AppError('CONFLICT', PORTAL_TEXTS.undoNotYours, { field: 'status' });
    }
    if (!last.recent) throw new AppError('CONFLICT', PORTAL_TEXTS.undoExpired, { field: 'status' });
    return setOwnLoadStatus(ctx.db, driver.companyId, load.id, back);
  });
