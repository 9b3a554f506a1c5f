import { sql, type Kysely } from 'kysely';
import type { LoadStatus } from '#shared/constants.js';
import { totalRate } from '#shared/rules/load-rate.js';
import { can } from '#shared/permissions.js';
import {
  addDetentionInput,
  brokerDetentionInput,
  brokerDetentionOutput,
  brokerIdInput,
  geofenceSettingsOutput,
  updateGeofenceSettingsInput,
  GEOFENCE_TEXTS,
  resetStopPointInput,
  setStopPointInput,
  setStopRadiusInput,
  STOP_POINT_TEXTS,
  stopVisitsInput,
  stopVisitsOutput,
  undoVisitInput,
} from '#shared/schemas/geofences.js';
import { updateRecord } from '../../db/records.js';
import type { Database } from '../../db/schema.js';
import { readable, writable, type Scope } from '../../db/scope.js';
import { AppError, notFound, orNotFound } from '../../errors.js';
import { permitted, router } from '../../trpc/procedures.js';
import { findLoad } from '../loads/loads.repository.js';
import {
  detentionKey,
  detentionKeysOf,
  findWritableStop,
  moveStopPoint,
  readLoadStops,
  recordFenceChange,
  stopAddressOf,
  visitOf,
  type StopRowForVisit,
} from './geofences.repository.js';
import { stopPoints } from './stop-points.js';
import { autoStatusAfterDeparture } from './ingest.js';
import { z } from 'zod';

const okOutput = z.object({ ok: z.literal(true) });
const stopNotFound = () => notFound('Stop');

/** A load's stops with the truck's arrival, departure, time there and detention (whoever reads the load). */
const stopVisitsProcedure = permitted('loads', 'read', { readOnly: true })
  .input(stopVisitsInput)
  .output(stopVisitsOutput)
  .query(async ({ ctx, input }) => {
    const stops = await readLoadStops(ctx.db, ctx.scope, input.loadId);
    if (stops.length === 0) orNotFound(await findLoad(ctx.db, ctx.scope, input.loadId), 'Load');
    const keys = await detentionKeysOf(ctx.db, input.loadId);
    const now = Date.now();
    return { stops: stops.map((stop) => visitOf(stop, now, keys)) };
  });

/**
 * Undoes an arrival (and its departure) or a departure: the stop's times cleared (audited by the
 * dispatcher), the detector's state reset to read on from now, and a status the departure moved
 * automatically put back when the load still has it.
 */
const undoVisitProcedure = permitted('loads', 'write')
  .input(undoVisitInput)
  .output(okOutput)
  .mutation(async ({ ctx, input }) => {
    const stop = await findWritableStop(ctx.db, ctx.scope, input.stopId);
    if (!stop) throw stopNotFound();
    if (input.what === 'arrival' && stop.arrivedAt === null) throw new AppError('BAD_REQUEST', GEOFENCE_TEXTS.noArrival, { field: 'what' });
    if (input.what === 'departure' && stop.departedAt === null)
      throw new AppError('BAD_REQUEST', GEOFENCE_TEXTS.noDeparture, { field: 'what' });
    await ctx.db
      .updateTable('loadStops')
      .set(
        input.what === 'arrival' ? { arrivedAt: null, departedAt: null, autoStatusFrom: null } : { departedAt: null, autoStatusFrom: null },
      )
      .where('id', '=', stop.id)
      .execute();
    await sql`
      insert into stop_geofence_states (company_id, stop_id, run_started_at, last_at) values (${ctx.scope.companyId}::uuid, ${stop.id}::uuid, null, now())
      on conflict (company_id, stop_id) do update set run_started_at = null, last_at = now()`.execute(ctx.db);
    if (stop.departedAt !== null && stop.autoStatusFrom !== null) {
      const from = stop.autoStatusFrom as LoadStatus;
      if (autoStatusAfterDeparture(from, stop) === stop.loadStatus) {
        await updateRecord(ctx.db, ctx.scope, 'loads', stop.loadId, { status: from });
      }
    }
    return { ok: true as const };
  });

/**
 * "Add detention to invoice": a 'detention' charge on the load (the invoice's lines are the load's
 * line haul and charges, so its PDF and the factoring packet carry it) with the arrival and
 * departure as evidence; the load's rate (its total) follows, and a draft invoice's amount too.
 */
const addDetentionProcedure = permitted('loads', 'write')
  .input(addDetentionInput)
  .output(okOutput)
  .mutation(async ({ ctx, input }) => {
    const stop = await findWritableStop(ctx.db, ctx.scope, input.stopId);
    if (!stop) throw stopNotFound();
    const field = { field: 'stopId' };
    if (stop.arrivedAt === null) throw new AppError('BAD_REQUEST', GEOFENCE_TEXTS.notArrivedError, field);
    if (stop.departedAt === null) throw new AppError('BAD_REQUEST', GEOFENCE_TEXTS.notDeparted, field);
    if (stop.rate === null) throw new AppError('BAD_REQUEST', GEOFENCE_TEXTS.noRate, field);
    const visit = visitOf(stop, Date.now(), await detentionKeysOf(ctx.db, stop.loadId));
    if (visit.detentionInvoiced) throw new AppError('CONFLICT', GEOFENCE_TEXTS.alreadyAdded, field);
    if (visit.detentionMinutes === 0 || visit.detentionAmount === null || visit.detentionAmount === '0.00')
      throw new AppError('BAD_REQUEST', GEOFENCE_TEXTS.noDetention, field);
    const invoices = await ctx.db.selectFrom('invoices').select(['id', 'status', 'amount']).where('loadId', '=', stop.loadId).execute();
    if (invoices.some((invoice) => invoice.status === 'sent' || invoice.status === 'paid'))
      throw new AppError('BAD_REQUEST', GEOFENCE_TEXTS.invoiceSent, field);
    const charges = await ctx.db
      .selectFrom('loadAccessorials')
      .select(['position', 'amount'])
      .where('loadId', '=', stop.loadId)
      .orderBy('position')
      .execute();
    if (charges.length >= 20) throw new AppError('BAD_REQUEST', GEOFENCE_TEXTS.tooManyCharges, field);
    const when = new Intl.DateTimeFormat('en-US', {
      timeZone: stop.timeZone,
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    const description = `Detention at ${detentionKey(stop)}: arrived ${when.format(Date.parse(stop.arrivedAt))}, departed ${when.format(
      Date.parse(stop.departedAt),
    )}; ${visit.detentionHours} h beyond ${stop.freeHours} h free at $${stop.rate}/h`.slice(0, 200);
    await ctx.db
      .insertInto('loadAccessorials')
      .values({
        companyId: ctx.scope.companyId,
        loadId: stop.loadId,
        position: (charges[charges.length - 1]?.position ?? -1) + 1,
        chargeType: 'detention',
        description,
        amount: visit.detentionAmount,
      })
      .execute();
    const load = orNotFound(await findLoad(ctx.db, ctx.scope, stop.loadId), 'Load');
    const rate = totalRate(load.lineHaul ?? load.rate, [...load.accessorials]);
    const wasLineHaul = load.lineHaul === null ? { lineHaul: load.rate } : {};
    if (!(await updateRecord(ctx.db, ctx.scope, 'loads', stop.loadId, { rate, ...wasLineHaul }))) throw stopNotFound();
    for (const invoice of invoices.filter((row) => row.status === 'draft')) {
      await ctx.db
        .updateTable('invoices')
        .set({ amount: sql<string>`amount + ${visit.detentionAmount}::numeric` })
        .where('id', '=', invoice.id)
        .execute();
    }
    return { ok: true as const };
  });

/** A stop's own fence radius (null: back to the company's). */
const setStopRadiusProcedure = permitted('loads', 'write')
  .input(setStopRadiusInput)
  .output(okOutput)
  .mutation(async ({ ctx, input }) => {
    const stop = await findWritableStop(ctx.db, ctx.scope, input.stopId);
    if (!stop) throw stopNotFound();
    const before = await ctx.db
      .selectFrom('loadStops')
      .select(sql<string | null>`geofence_radius_miles::text`.as('radius'))
      .where('id', '=', stop.id)
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('loadStops').set({ geofenceRadiusMiles: input.radiusMiles }).where('id', '=', stop.id).execute();
    if (before.radius !== input.radiusMiles) {
      await recordFenceChange(ctx.db, ctx.scope, stop, { stop_geofence_radius_miles: { old: before.radius, new: input.radiusMiles } });
    }
    return { ok: true as const };
  });

/** A stop the caller may change whose point may still move: the truck has not left it. */
async function movableStop(db: Kysely<Database>, scope: Scope, stopId: string): Promise<StopRowForVisit> {
  const stop = await findWritableStop(db, scope, stopId);
  if (!stop) throw stopNotFound();
  if (stop.departedAt !== null) throw new AppError('BAD_REQUEST', STOP_POINT_TEXTS.departed, { field: 'stopId' });
  return stop;
}

/**
 * Moves a stop's fence to a point picked on the Map tab (dragged, or typed as latitude and
 * longitude): audited on the load, the detector's state for the stop dropped, the load touched.
 */
const setStopPointProcedure = permitted('loads', 'write')
  .input(setStopPointInput)
  .output(okOutput)
  .mutation(async ({ ctx, input }) => {
    const stop = await movableStop(ctx.db, ctx.scope, input.stopId);
    await moveStopPoint(ctx.db, ctx.scope, stop, { lat: input.lat, lng: input.lng });
    return { ok: true as const };
  });

/** Puts a stop's point back at its ZIP code's centre, else its city's (the offline point its stops were written with). */
const resetStopPointProcedure = permitted('loads', 'write')
  .input(resetStopPointInput)
  .output(okOutput)
  .mutation(async ({ ctx, input }) => {
    const stop = await movableStop(ctx.db, ctx.scope, input.stopId);
    const [point] = await stopPoints([await stopAddressOf(ctx.db, stop.id)]);
    if (!point) throw new AppError('BAD_REQUEST', STOP_POINT_TEXTS.noOfflinePoint, { field: 'stopId' });
    await moveStopPoint(ctx.db, ctx.scope, stop, point);
    return { ok: true as const };
  });

const settingsColumns = [
  sql<string>`geofence_radius_miles::text`.as('radiusMiles'),
  'geofenceArrivalDwellMinutes as arrivalDwellMinutes',
  'geofenceDepartureDwellMinutes as departureDwellMinutes',
  'geofenceAutoStatus as autoStatus',
  sql<string>`detention_free_hours::text`.as('detentionFreeHours'),
] as const;

/** The company's geofence and detention defaults, for the Settings card (every member reads them; admins change them). */
const settingsProcedure = permitted('self', 'profile', { readOnly: true })
  .input(z.void())
  .output(geofenceSettingsOutput)
  .query(async ({ ctx }) => {
    const row = orNotFound(
      await ctx.db.selectFrom('companies').select(settingsColumns).where('id', '=', ctx.session.company.id).executeTakeFirst(),
      'Company',
    );
    return { ...row, canEdit: can(ctx.session, 'companySettings', 'write') };
  });

const updateSettingsProcedure = permitted('companySettings', 'write')
  .input(updateGeofenceSettingsInput)
  .output(geofenceSettingsOutput)
  .mutation(async ({ ctx, input }) => {
    const row = orNotFound(
      await ctx.db
        .updateTable('companies')
        .set({
          geofenceRadiusMiles: input.radiusMiles,
          geofenceArrivalDwellMinutes: input.arrivalDwellMinutes,
          geofenceDepartureDwellMinutes: input.departureDwellMinutes,
          geofenceAutoStatus: input.autoStatus,
          detentionFreeHours: input.detentionFreeHours,
        })
        .where('id', '=', ctx.scope.companyId)
        .returning(settingsColumns)
        .executeTakeFirst(),
      'Company',
    );
    return { ...row, canEdit: true };
  });

const brokerTermsColumns = [
  'id as brokerId',
  sql<string | null>`detention_free_hours::text`.as('detentionFreeHours'),
  sql<string | null>`detention_rate::text`.as('detentionRate'),
] as const;

/** A broker's detention terms (the broker form's Detention fields). */
const brokerTermsProcedure = permitted('brokers', 'read', { readOnly: true })
  .input(brokerIdInput)
  .output(brokerDetentionOutput)
  .query(async ({ ctx, input }) =>
    orNotFound(
      await ctx.db
        .selectFrom('brokers')
        .select(brokerTermsColumns)
        .where(readable(ctx.scope, 'brokers'))
        .where('id', '=', input.brokerId)
        .executeTakeFirst(),
      'Broker',
    ),
  );

const setBrokerTermsProcedure = permitted('brokers', 'write')
  .input(brokerDetentionInput)
  .output(brokerDetentionOutput)
  .mutation(async ({ ctx, input }) =>
    orNotFound(
      await ctx.db
        .updateTable('brokers')
        .set({ detentionFreeHours: input.detentionFreeHours, detentionRate: input.detentionRate })
        .where(writable(ctx.scope, 'brokers'))
        .where('id', '=', input.brokerId)
        .returning(brokerTermsColumns)
        .executeTakeFirst(),
      'Broker',
    ),
  );

/** Geofences (issue 31, items 2-4): a load's stop visits, undo, detention to the invoice, a stop's radius and point, the defaults and a broker's terms. */
export const geofencesRouter = router({
  settings: settingsProcedure,
  updateSettings: updateSettingsProcedure,
  brokerTerms: brokerTermsProcedure,
  setBrokerTerms: setBrokerTermsProcedure,
  stopVisits: stopVisitsProcedure,
  undoVisit: undoVisitProcedure,
  addDetention: addDetentionProcedure,
  setStopRadius: setStopRadiusProcedure,
  setStopPoint: setStopPointProcedure,
  resetStopPoint: resetStopPointProcedure,
});
