import { describe, expect, it } from 'vitest';
import { quarterOf } from '../../../shared/src/schemas/ifta.js';
import { seedDemo } from '../../../server/src/seed/demo-data.js';
import { useTenants } from '../../support/tenants.js';

/** The demo workspace shows IFTA figures for the current quarter: miles from the demo tracks, fuel, rates. */

const tenants = useTenants();

describe('the demo workspace’s IFTA', () => {
  it('has roll-ups from the demo trucks’ tracks, fuel purchases and every state’s rate this quarter', async () => {
    await seedDemo(tenants.services.db, { onlyIfEmpty: false });
    const owner = tenants.owner;
    const { companyId } = await owner
      .selectFrom('profiles')
      .innerJoin('users', 'users.id', 'profiles.userId')
      .select('profiles.companyId')
      .where('users.email', '=', 'driver@summit.demo')
      .executeTakeFirstOrThrow();
    const quarter = quarterOf(new Date());
    const rates = await owner
      .selectFrom('iftaTaxRates')
      .select('jurisdiction')
      .where('companyId', '=', companyId)
      .where('quarter', '=', quarter)
      .execute();
    expect(rates).toHaveLength(51);
    const fuel = await owner.selectFrom('fuelPurchases').select('truckId').where('companyId', '=', companyId).execute();
    expect(new Set(fuel.map((row) => row.truckId)).size).toBeGreaterThanOrEqual(8);
    const miles = await owner
      .selectFrom('iftaDaily')
      .select((eb) => eb.fn.sum<string>('miles').as('miles'))
      .where('companyId', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(Number(miles.miles)).toBeGreaterThan(100);
    // Seeding again adds nothing.
    await seedDemo(tenants.services.db, { onlyIfEmpty: false });
    expect(await owner.selectFrom('fuelPurchases').select('id').where('companyId', '=', companyId).execute()).toHaveLength(fuel.length);
  });
});
