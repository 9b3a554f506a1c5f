import { randomUUID } from 'node:crypto';
import { withCompany } from '../../../../server/src/db/with-company.js';
import { createDriver } from '../../../support/factories.js';
import { allowedBy, type ProcedureRule, type Sample } from '../authorization-matrix.js';

/** Trucks, trailers and truck assignments (issue 31): each row's records are made for the call, in the caller's company. */

const unit = () => `M${randomUUID().slice(0, 8)}`;

type Db = Sample['services']['db'];
type Author = { companyId: string; userId: string };

/** A truck of the author's company (also the live feed's test: tests/integration/realtime.test.ts). */
export async function createTruck(db: Db, by: Author): Promise<string> {
  return withCompany(db, by, async (tx) => {
    const row = await tx
      .insertInto('trucks')
      .values({ companyId: by.companyId, unitNumber: unit() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

export async function createTrailer(db: Db, by: Author): Promise<string> {
  return withCompany(db, by, async (tx) => {
    const row = await tx
      .insertInto('trailers')
      .values({ companyId: by.companyId, unitNumber: unit(), trailerType: 'reefer' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** An open assignment, started an hour ago, of the driver to the truck (new ones when not given). */
export async function createTruckAssignment(db: Db, by: Author, given: { truckId?: string; driverId?: string } = {}): Promise<string> {
  const truckId = given.truckId ?? (await createTruck(db, by));
  const driverId = given.driverId ?? (await createDriver(db, by));
  return withCompany(db, by, async (tx) => {
    const row = await tx
      .insertInto('truckAssignments')
      .values({ companyId: by.companyId, truckId, driverId, startsAt: new Date(Date.now() - 3_600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

const insertTruck = ({ company, services }: Sample) => createTruck(services.db, company.users.admin);
const insertTrailer = ({ company, services }: Sample) => createTrailer(services.db, company.users.admin);
const openAssignment = ({ company, services }: Sample) => createTruckAssignment(services.db, company.users.admin);

export const equipmentRules = {
  'trucks.list': { type: 'query', allowed: allowedBy('trucks', 'read'), input: () => ({ limit: 10, sort: 'unit' }) },
  'trucks.get': { type: 'query', allowed: allowedBy('trucks', 'read'), input: async (sample) => ({ id: await insertTruck(sample) }) },
  'trucks.create': {
    type: 'mutation',
    allowed: allowedBy('trucks', 'write'),
    input: () => ({ unitNumber: unit(), vin: '1XKYDP9X0LJ123456', make: 'Kenworth', model: 'T680', year: 2021 }),
  },
  'trucks.update': {
    type: 'mutation',
    allowed: allowedBy('trucks', 'write'),
    input: async (sample) => ({ id: await insertTruck(sample), notes: 'Matrix edit' }),
  },
  'trucks.delete': {
    type: 'mutation',
    allowed: allowedBy('trucks', 'delete'),
    input: async (sample) => ({ id: await insertTruck(sample) }),
  },
  'trucks.assignDriver': {
    type: 'mutation',
    allowed: allowedBy('trucks', 'write'),
    input: async (sample) => ({
      truckId: await insertTruck(sample),
      driverId: await createDriver(sample.services.db, sample.company.users.admin),
      startsAt: new Date(Date.now() - 60_000).toISOString(),
    }),
  },
  'trucks.endAssignment': {
    type: 'mutation',
    allowed: allowedBy('trucks', 'write'),
    input: async (sample) => ({ id: await openAssignment(sample) }),
  },
  'trucks.assignments': {
    type: 'query',
    allowed: allowedBy('trucks', 'read'),
    input: async (sample) => ({ truckId: await insertTruck(sample) }),
  },
  'trailers.list': { type: 'query', allowed: allowedBy('trailers', 'read'), input: () => ({ limit: 10 }) },
  'trailers.get': { type: 'query', allowed: allowedBy('trailers', 'read'), input: async (sample) => ({ id: await insertTrailer(sample) }) },
  'trailers.create': {
    type: 'mutation',
    allowed: allowedBy('trailers', 'write'),
    input: () => ({ unitNumber: unit(), trailerType: 'flatbed', plate: 'TRL 1', plateState: 'TX' }),
  },
  'trailers.update': {
    type: 'mutation',
    allowed: allowedBy('trailers', 'write'),
    input: async (sample) => ({ id: await insertTrailer(sample), status: 'inactive' }),
  },
  'trailers.delete': {
    type: 'mutation',
    allowed: allowedBy('trailers', 'delete'),
    input: async (sample) => ({ id: await insertTrailer(sample) }),
  },
} satisfies Record<string, ProcedureRule>;
