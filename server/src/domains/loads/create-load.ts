import { createLoadInput, loadDetail } from '#shared/schemas/loads.js';
import { insertRecord } from '../../db/records.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { salesAgentOfNew } from '../team/sales-agents.js';
import { assertAssignable, withAssignments } from './load-assignment.js';
import { dispatcherOfNew } from './load-dispatcher.js';
import { nextLoadNumber } from './load-numbers.js';
import { findLoad } from './loads.repository.js';
import { chargesOf, equipmentOf, laneOf, moneyOf, stopOf, stopsFromLane, writeAccessorials, writeStops } from './load-stops.js';
import { statusOnAssigning } from './load-status-rules.js';

/**
 * Create Load: a new load starts pending, or assigned when it names a driver; it records its
 * creator; a sales user who creates it becomes its sales_user_id, an admin or dispatcher chooses
 * one (a sales agent of the company) or none. Driver, broker and carrier must be ones the user may
 * assign. A load number left out is the company's next one (load-numbers.ts); one the company
 * already uses is refused naming the field, a number the server chose included (two creates at
 * the same moment: the second is refused, and its form offers the next number again).
 *
 * Its stops (issue 26, item 3) are written in the same transaction, and its pickup and delivery
 * fields are the first and the last of them; given without stops, it gets two, made from those
 * fields. Its rate is the line haul plus its accessorial charges.
 */
export const createLoadProcedure = permitted('loads', 'write')
  .input(createLoadInput)
  .output(loadDetail)
  .mutation(async ({ ctx, input }) => {
    const { scope } = ctx;
    const { stops: givenStops, accessorials: givenCharges, lineHaul: givenLineHaul, equipmentType, temperature, ...fields } = input;
    await assertAssignable(ctx.db, scope, input);
    const stops = givenStops ? givenStops.map(stopOf) : stopsFromLane(fields);
    const charges = chargesOf(givenCharges ?? []);
    const salesUserId = await salesAgentOfNew(ctx.db, scope, 'loads', 'salesUserId', input.salesUserId);
    // Left out: the creator when they dispatch (an admin or a dispatcher), see load-dispatcher.ts.
    const dispatcherId = await dispatcherOfNew(ctx.db, scope, input.dispatcherId);
    const loadNumber = input.loadNumber ?? (await nextLoadNumber(ctx.db, scope));
    const id = await withAssignments(() =>
      insertRecord(ctx.db, 'loads', {
        ...fields,
        ...laneOf(stops),
        ...moneyOf({ lineHaul: givenLineHaul, rate: fields.rate }, charges),
        ...equipmentOf({ equipmentType, temperature }),
        loadNumber,
        companyId: scope.companyId,
        createdBy: scope.userId,
        salesUserId,
        dispatcherId,
        status: statusOnAssigning({ status: 'pending', driverId: null }, input.driverId),
      }),
    );
    await writeStops(ctx.db, scope, id, stops);
    await writeAccessorials(ctx.db, scope, id, charges);
    return orNotFound(await findLoad(ctx.db, scope, id), 'Load');
  });
