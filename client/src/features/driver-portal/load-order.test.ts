import { describe, expect, it } from 'vitest';
import type { DriverPortalLoad } from '#shared/schemas/portal.js';
import { groupDriverLoads, navigateUrl, stopAddress } from './load-order';

let next = 0;
function load(values: Partial<DriverPortalLoad>): DriverPortalLoad {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    loadNumber: `L-${next}`,
    pickupCity: 'Dallas',
    pickupState: 'TX',
    deliveryCity: 'Atlanta',
    deliveryState: 'GA',
    pickupDate: null,
    deliveryDate: null,
    status: 'assigned',
    rate: null,
    distance: null,
    driverName: null,
    referenceNumber: null,
    pickupLocation: '1 Main St',
    pickupNotes: null,
    deliveryLocation: '2 Dock Rd',
    deliveryNotes: null,
    commodity: null,
    weight: null,
    brokerName: null,
    brokerPhone: null,
    statusUpdatedAt: null,
    pickupPoint: null,
    deliveryPoint: null,
    stops: [],
    ...values,
  };
}

describe('groupDriverLoads', () => {
  it('puts the load furthest along first, then the one due soonest, and folds the past away', () => {
    const assignedSoon = load({ status: 'assigned', pickupDate: '2026-12-01' });
    const pending = load({ status: 'pending', pickupDate: '2026-11-01' });
    const delivered = load({ status: 'delivered' });
    const pickedLate = load({ status: 'picked', deliveryDate: '2026-12-09' });
    const pickedSoon = load({ status: 'picked', deliveryDate: '2026-12-03' });
    const cancelled = load({ status: 'cancelled' });
    const groups = groupDriverLoads([assignedSoon, pending, delivered, pickedLate, pickedSoon, cancelled]);
    expect(groups.active?.id).toBe(pickedSoon.id);
    expect(groups.upcoming.map((row) => row.id)).toEqual([pickedLate.id, assignedSoon.id, pending.id]);
    expect(groups.history.map((row) => row.id)).toEqual([delivered.id, cancelled.id]);
  });

  it('puts a load on the road before a picked one; an undated one after the dated; no active load when only pending ones are left', () => {
    const picked = load({ status: 'picked', deliveryDate: '2026-01-01' });
    const undated = load({ status: 'in_transit' });
    const dated = load({ status: 'in_transit', deliveryDate: '2027-01-01' });
    expect(groupDriverLoads([picked, undated, dated]).active?.id).toBe(dated.id);
    const onlyPending = groupDriverLoads([load({ status: 'pending' }), load({ status: 'delivered' })]);
    expect(onlyPending.active).toBeNull();
    expect(onlyPending.upcoming).toHaveLength(1);
  });
});

describe('navigateUrl', () => {
  it('opens the maps app with the stop as the destination, encoded', () => {
    const address = stopAddress(' 1200 Industrial Pkwy #4 ', 'Dallas', 'TX');
    expect(address).toBe('1200 Industrial Pkwy #4, Dallas, TX');
    expect(navigateUrl(address)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1200%20Industrial%20Pkwy%20%234%2C%20Dallas%2C%20TX',
    );
  });
});
