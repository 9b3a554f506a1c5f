import { duplicateLoadInput, loadDetail } from '#shared/schemas/loads.js';
import { insertRecord } from '../../db/records.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { salesAgentOfNew } from '../team/sales-agents.js';
import { withAssignments } from './load-assignment.js';
import { dispatcherOfNew } from './load-dispatcher.js';
import { nextLoadNumber } from './load-numbers.js';
import { findLoad, findWritableLoad } from './loads.repository.js';
import { writeAccessorials, writeStops } from './load-stops.js';

/**
 * Duplicate: a new pending load from one the user may change, with its lane (addresses, cities,
 * states, stop notes), commodity, weight, distance, rate, broker, carrier and notes; not its driver,
 * reference number, documents or history. Its dates are the ones given (none when left out: the
 * old ones are past). The load number is the company's next (load-numbers.ts, as the create form's
 * default); a number taken at the same moment is refused naming loadNumber, like a create. Its
 * creator is the user; its sales agent the user when they are in sales (their copy is theirs), none otherwise;
 * its dispatcher, as a new load's, the user when they dispatch (load-dispatcher.ts), none otherwise.
 */
export const duplicateLoadProcedure = permitted('loads', 'write')
  .input(duplicateLoadInput)
  .output(loadDetail)
  .mutation(async ({ ctx, input }) => {
    const { scope } = ctx;
    const source = orNotFound(await findWritableLoad(ctx.db, scope, input.id), 'Load');
    const salesUserId = await salesAgentOfNew(ctx.db, scope, 'loads', 'salesUserId', undefined);
    const dispatcherId = await dispatcherOfNew(ctx.db, scope, undefined);
    const loadNumber = await nextLoadNumber(ctx.db, scope);
    const id = await withAssignments(() =>
      insertRecord(ctx.db, 'loads', {
        companyId: scope.companyId,
        loadNumber,
        pickupLocation: source.pickupLocation,
        pickupCity: source.pickupCity,
        pickupState: source.pickupState,
        pickupNotes: source.pickupNotes,
        pickupDate: input.pickupDate ?? null,
        deliveryLocation: source.deliveryLocation,
        deliveryCity: source.deliveryCity,
        deliveryState: source.deliveryState,
        deliveryNotes: source.deliveryNotes,
        deliveryDate: input.deliveryDate ?? null,
        commodity: source.commodity,
        weight: source.weight,
        distance: source.distance,
        rate: source.rate,
        lineHaul: source.lineHaul,
        equipmentType: source.equipmentType,
        temperature: source.temperature,
        brokerId: source.brokerId,
        carrierId: source.carrierId,
        notes: source.notes,
        createdBy: scope.userId,
        salesUserId,
        dispatcherId,
        status: 'pending',
      }),
    );
    // The same stops (the new dates on the first and the last, none between) and charges.
    const stops = source.stops.map((stop, index) => ({
      ...stop,
      date: index === 0 ? (input.pickupDate ?? null) : index === source.stops.length - 1 ? (input.deliveryDate ?? null) : null,
    }));
    await writeStops(ctx.db, scope, id, stops);
    await writeAccessorials(ctx.db, scope, id, source.accessorials);
    return orNotFound(await findLoad(ctx.db, scope, id), 'Load');
  });
