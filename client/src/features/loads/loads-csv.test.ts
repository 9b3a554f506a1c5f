import { describe, expect, it } from 'vitest';
import type { LoadListItem } from '#shared/schemas/loads.js';
import { csvCell, loadsCsv } from './loads-csv';

const load: LoadListItem = {
  id: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b10',
  companyId: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b11',
  loadNumber: 'SFL-2611-0321',
  pickupCity: 'Oakland',
  pickupState: 'CA',
  pickupDate: '2026-12-01',
  deliveryCity: 'Reno',
  deliveryState: 'NV',
  deliveryDate: '2026-12-02',
  commodity: 'Berries, "frozen"',
  status: 'in_transit',
  rate: '1850.50',
  driverName: '=cmd|calc',
  brokerName: 'Acme, Inc.',
  carrierName: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  driverId: null,
  brokerId: null,
  carrierId: null,
  dispatcherId: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b12',
  dispatcherName: 'Dee Dispatch',
  equipmentType: 'reefer',
  temperature: '34.0',
  truckId: null,
  truckUnit: null,
  extraStops: 1,
  distance: '218',
  ratePerMile: '8.49',
  flag: 'atRisk',
};

describe('the selection as CSV', () => {
  it("has the table's columns, quoted where needed, formulas defused", () => {
    const [header, row] = loadsCsv([load]).split('\r\n');
    expect(header).toBe(
      'Load number,Status,Pickup,Delivery,Stops between,Pickup date,Delivery date,Equipment,Driver,Dispatcher,Broker,Carrier,Rate,Rate per mile,Flag',
    );
    expect(row).toBe(
      `SFL-2611-0321,In transit,"Oakland, CA","Reno, NV",1,2026-12-01,2026-12-02,Reefer 34°F,'=cmd|calc,Dee Dispatch,"Acme, Inc.",,1850.50,8.49,At risk`,
    );
  });

  it('keeps negative numbers and quotes quotes', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(null)).toBe('');
  });
});
