import { loadDetail, updateLoadInput } from '#shared/schemas/loads.js';
import { updateRecord } from '../../db/records.js';
import { notFound, orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { salesAgentOfEdit } from '../team/sales-agents.js';
import { assertAssignable, withAssignments } from './load-assignment.js';
import { dispatcherOfEdit } from './load-dispatcher.js';
import { statusOnAssigning } from './load-status-rules.js';
import { findLoad, findWritableLoad } from './loads.repository.js';
import { chargesOf, equipmentOf, laneOf, moneyOf, stopOf, stopsFromLane, writeAccessorials, writeStops } from './load-stops.js';

/**
 * Edit a load's fields (status has its own procedure, but setting a driver on a pending load makes
 * it assigned, in the same write); the same checks on driver, broker and carrier as on create, and
 * the load number stays unique in the company ("Load number already exists"). An admin or
 * dispatcher may change its sales agent (audited by the loads trigger, as every field); a sales
 * user's edit leaves it as it is.
 *
 * Stops given replace the load's (its pickup and delivery fields become their first and last, in
 * the same transaction); left out, the load's stops stay and their first and last take the pickup
 * and delivery fields given. Charges left out stay; the rate is the line haul plus the charges.
 */
export const updateLoadProcedure = permitted('loads', 'write')
  .input(updateLoadInput)
  .output(loadDetail)
  .mutation(async ({ ctx, input }) => {
    const {
      id,
      salesUserId: chosen,
      dispatcherId: chosenDispatcher,
      stops: givenStops,
      accessorials: givenCharges,
      lineHaul: givenLineHaul,
      equipmentType,
      temperature,
      ...rest
    } = input;
    const current = orNotFound(await findWritableLoad(ctx.db, ctx.scope, id), 'Load');
    await assertAssignable(ctx.db, ctx.scope, rest, current);
    const salesUserId = await salesAgentOfEdit(ctx.db, ctx.scope, 'loads', 'salesUserId', chosen, current.salesUserId);
    const dispatcherId = await dispatcherOfEdit(ctx.db, ctx.scope, chosenDispatcher, current.dispatcherId);
    const status = statusOnAssigning(current, rest.driverId);
    const stops = givenStops ? givenStops.map(stopOf) : stopsFromLane(rest, current.stops);
    const charges = givenCharges ? chargesOf(givenCharges) : current.accessorials;
    const fields = {
      ...rest,
      ...laneOf(stops),
      ...moneyOf({ lineHaul: givenLineHaul, rate: rest.rate }, charges, current),
      ...equipmentOf({ equipmentType, temperature }),
      ...(salesUserId === undefined ? {} : { salesUserId }),
      ...(dispatcherId === undefined ? {} : { dispatcherId }),
      ...(status === current.status ? {} : { status }),
    };
    if (!(await withAssignments(() => updateRecord(ctx.db, ctx.scope, 'loads', id, fields)))) throw notFound('Load');
    await writeStops(ctx.db, ctx.scope, id, stops);
    if (givenCharges) await writeAccessorials(ctx.db, ctx.scope, id, charges);
    return orNotFound(await findLoad(ctx.db, ctx.scope, id), 'Load');
  });
