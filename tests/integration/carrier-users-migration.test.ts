import { describe, expect, it } from 'vitest';
import { createInvitationToken } from '../../server/src/domains/invitations/invitation-token.js';
import { callerFor } from '../support/harness.js';
import { createCarrier, createDriver, createMember, type TestUser } from '../support/factories.js';
import { useTenants } from '../support/tenants.js';

/**
 * Issue 24, item 3: the migration that makes carrier users a kind of their own moves the accounts
 * that were carrier users under the old rule (linked to a carrier's driver record) without taking
 * a driver who was invited as a driver: such a driver stays a driver.
 */
const tenants = useTenants();

describe('the carrier_users migration', () => {
  it('moves carrier-invitation and hand-linked carrier accounts to their carrier; a driver invited as a driver stays a driver', async () => {
    const migration = await import('../../migrations/2026-11-28T1500_carrier_users.js');
    const company = tenants.companyA;
    const { services, owner } = tenants;
    const admin = company.users.admin;
    const carrierId = await createCarrier(services.db, admin);

    // The old shape: no carrier_users, every portal account linked by drivers.user_id.
    await migration.down(owner);
    const linked = async (carrier: string | null, invitedAs: 'driver' | 'carrier' | null) => {
      const user = await createMember(services, company.companyId, { role: null });
      const driverId = await createDriver(services.db, admin);
      await owner.updateTable('drivers').set({ userId: user.userId, carrierId: carrier }).where('id', '=', driverId).execute();
      if (invitedAs) {
        await owner
          .insertInto('invitations')
          .values({
            companyId: company.companyId,
            email: user.email,
            firstName: 'Old',
            lastName: 'Shape',
            role: invitedAs,
            tokenHash: createInvitationToken().tokenHash,
            invitedBy: admin.userId,
            acceptedAt: new Date(),
            driverId,
          })
          .execute();
      }
      return { user, driverId };
    };
    const byCarrierInvitation = await linked(carrierId, 'carrier');
    const byHand = await linked(carrierId, null);
    const driverOfCarrier = await linked(carrierId, 'driver');
    const plainDriver = await linked(null, null);

    await migration.up(owner);

    const carrierUsers = await owner
      .selectFrom('carrierUsers')
      .select(['userId', 'carrierId'])
      .where('companyId', '=', company.companyId)
      .execute();
    expect(carrierUsers.sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
      [byCarrierInvitation, byHand]
        .map(({ user }) => ({ userId: user.userId, carrierId }))
        .sort((a, b) => a.userId.localeCompare(b.userId)),
    );
    const linkOf = async (driverId: string) =>
      (await owner.selectFrom('drivers').select('userId').where('id', '=', driverId).executeTakeFirstOrThrow()).userId;
    expect(await linkOf(byCarrierInvitation.driverId)).toBeNull();
    expect(await linkOf(byHand.driverId)).toBeNull();
    expect(await linkOf(driverOfCarrier.driverId)).toBe(driverOfCarrier.user.userId);
    expect(await linkOf(plainDriver.driverId)).toBe(plainDriver.user.userId);

    // Through the app: each is the kind the migration says, with the carrier portal only for carrier users.
    const sessionOf = async (user: TestUser) => (await callerFor(services, user)).auth.session();
    expect(await sessionOf(byCarrierInvitation.user)).toMatchObject({ portal: 'carrier' });
    expect(await sessionOf(byHand.user)).toMatchObject({ portal: 'carrier' });
    expect(await sessionOf(driverOfCarrier.user)).toMatchObject({ portal: 'driver' });
    expect(await sessionOf(plainDriver.user)).toMatchObject({ portal: 'driver' });
    const carrierPortal = await (await callerFor(services, byHand.user)).portal.carrier();
    expect(carrierPortal.carrier?.id).toBe(carrierId);
    expect(await (await callerFor(services, driverOfCarrier.user)).portal.carrier()).toEqual({ carrier: null, drivers: [], loads: [] });
  });
});
