import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#shared/schemas/audit.js';
import { formatDateAtTime } from '../../lib/format';
import { describeChanges, formatValue, humanize, lineText } from './describe-changes';

type Entry = Pick<AuditEntry, 'entityType' | 'action' | 'changedFields'>;

const lines = (entry: Entry) => describeChanges(entry).lines.map(lineText);

describe('an update, one line per changed field', () => {
  it('says a load status, rate and driver as people read them', () => {
    // As the audit_row trigger writes them: numeric as JSON numbers, the driver's id and the name the load keeps.
    const entry: Entry = {
      entityType: 'loads',
      action: 'updated',
      changedFields: {
        status: { old: 'assigned', new: 'in_transit' },
        rate: { old: 1800, new: 1950 },
        driver_id: { old: null, new: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b10' },
        driver_name: { old: null, new: 'Alicia Moreno' },
      },
    };
    expect(describeChanges(entry).summary).toBeNull();
    expect(lines(entry)).toEqual(['Status: Assigned → In transit', 'Rate: $1,800.00 → $1,950.00', 'Driver: — → Alicia Moreno']);
  });

  it('reads the fields as the data layer answers them, camel-cased (driverId, pickupDate)', () => {
    // Kysely's CamelCasePlugin camel-cases the keys of the jsonb it returns: what the screen is given.
    const entry: Entry = {
      entityType: 'loads',
      action: 'updated',
      changedFields: {
        pickupDate: { old: '2027-03-05', new: '2027-03-06' },
        driverId: { old: null, new: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b10' },
        driverName: { old: null, new: 'Alicia Moreno' },
        trackingLink: { old: null, new: { expiresAt: '2027-03-08T12:00:00.000Z' } },
      },
    };
    expect(lines(entry)).toEqual([
      'Pickup date: Mar 5, 2027 → Mar 6, 2027',
      'Driver: — → Alicia Moreno',
      `Tracking link: Created, expires ${formatDateAtTime('2027-03-08T12:00:00.000Z')}`,
    ]);
    const created: Entry = { entityType: 'loads', action: 'created', changedFields: { loadNumber: { old: null, new: 'LOAD-9' } } };
    expect(describeChanges(created).summary).toBe('Created load LOAD-9');
  });

  it('labels the fields and formats dates, money as text, numbers with units, booleans and percentages', () => {
    const entry: Entry = {
      entityType: 'loads',
      action: 'updated',
      changedFields: {
        load_number: { old: 'LOAD-1', new: 'LOAD-2' },
        pickup_date: { old: '2027-03-05', new: null },
        delivery_date: { old: null, new: '2027-03-06' },
        rate: { old: '1850.50', new: '1850.5' },
        weight: { old: 42000, new: 42500.5 },
        distance: { old: null, new: 218 },
        factoring: { old: false, new: true },
        sales_percentage: { old: 10, new: 12.5 },
      },
    };
    expect(lines(entry)).toEqual([
      'Load number: LOAD-1 → LOAD-2',
      'Pickup date: Mar 5, 2027 → —',
      'Delivery date: — → Mar 6, 2027',
      'Rate: $1,850.50 → $1,850.50',
      'Weight: 42,000 lbs → 42,500.5 lbs',
      'Distance: — → 218 mi',
      'Factoring: No → Yes',
      'Sales percentage: 10% → 12.5%',
    ]);
  });

  it('says a reference without a name as assigned, removed or changed, never by its id', () => {
    const entry: Entry = {
      entityType: 'drivers',
      action: 'updated',
      changedFields: {
        dispatcher_id: { old: null, new: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b10' },
        sales_agent_id: { old: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b10', new: null },
        carrier_id: { old: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b10', new: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b11' },
        status: { old: 'available', new: 'on_route' },
        license_expiry: { old: '2026-12-31', new: '2028-12-31' },
      },
    };
    expect(lines(entry)).toEqual([
      'Dispatcher: Assigned',
      'Sales agent: Removed',
      'Carrier: Changed',
      'Status: Available → On route',
      'License expiry: Dec 31, 2026 → Dec 31, 2028',
    ]);
  });

  it('says an invoice status, amount and timestamps, and a document type and visibility by their labels', () => {
    const sentAt = '2026-11-28T15:04:00+00:00';
    expect(
      lines({
        entityType: 'invoices',
        action: 'updated',
        changedFields: {
          status: { old: 'draft', new: 'sent' },
          amount: { old: 2400, new: 2450.75 },
          sent_at: { old: null, new: sentAt },
        },
      }),
    ).toEqual(['Status: Draft → Sent', 'Amount: $2,400.00 → $2,450.75', `Sent: — → ${formatDateAtTime(sentAt)}`]);
    expect(
      lines({
        entityType: 'documents',
        action: 'updated',
        changedFields: { document_type: { old: 'bol', new: 'pod' }, visibility: { old: 'dispatcher', new: 'driver' } },
      }),
    ).toEqual(['Document type: BOL → POD', 'Visible to: Dispatcher → Driver']);
  });

  it("says a load's tracking link created (with its expiry) or revoked", () => {
    const link = { id: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b10', expires_at: '2026-12-05T18:00:00+00:00', created_by: null };
    expect(lines({ entityType: 'loads', action: 'updated', changedFields: { tracking_link: { old: null, new: link } } })).toEqual([
      `Tracking link: Created, expires ${formatDateAtTime(link.expires_at)}`,
    ]);
    expect(lines({ entityType: 'loads', action: 'updated', changedFields: { tracking_link: { old: link, new: null } } })).toEqual([
      'Tracking link: Revoked',
    ]);
  });

  it('falls back to the humanised name and the JSON of fields and values it does not know', () => {
    const entry: Entry = {
      entityType: 'carriers',
      action: 'updated',
      changedFields: {
        hazmat_endorsement: { old: null, new: { classes: [3, 8] } },
        preferredLanes: { old: ['CA-NV'], new: [] },
        status: { old: 7, new: 'custom_state' },
        rate: { old: 'lots', new: { amount: 1 } },
        pickup_date: { old: 'soon', new: true },
        notes: { old: 'short', new: 12 },
      },
    };
    expect(lines(entry)).toEqual([
      'Hazmat endorsement: — → {"classes":[3,8]}',
      'Preferred lanes: ["CA-NV"] → []',
      'Status: 7 → Custom state',
      'Rate: lots → {"amount":1}',
      'Pickup date: soon → true',
      'Notes: short → 12',
    ]);
  });

  it('says nothing for an entry that names no field', () => {
    expect(describeChanges({ entityType: 'loads', action: 'updated', changedFields: null })).toEqual({ summary: null, lines: [], more: 0 });
  });
});

describe('a creation or a deletion, summarised', () => {
  const createdLoad: Entry = {
    entityType: 'loads',
    action: 'created',
    changedFields: {
      load_number: { old: null, new: 'LOAD-123' },
      pickup_location: { old: null, new: '100 Harbor Way' },
      pickup_city: { old: null, new: 'Oakland' },
      pickup_state: { old: null, new: 'CA' },
      pickup_date: { old: null, new: '2027-03-05' },
      delivery_location: { old: null, new: '5 Commerce Dr' },
      delivery_city: { old: null, new: 'Reno' },
      delivery_state: { old: null, new: 'NV' },
      rate: { old: null, new: 1850.5 },
      status: { old: null, new: 'pending' },
      driver_id: { old: null, new: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b10' },
      driver_name: { old: null, new: 'Alicia Moreno' },
      factoring: { old: null, new: false },
      created_by: { old: null, new: '0b0f4b1e-8a55-4e0e-9d4f-3c1f5e2a7b11' },
    },
  };

  it('names the created load and lists its key fields; the rest are counted', () => {
    const description = describeChanges(createdLoad);
    expect(description.summary).toBe('Created load LOAD-123');
    expect(description.lines.map(lineText)).toEqual([
      'Status: Pending',
      'Pickup: Oakland, CA',
      'Pickup date: Mar 5, 2027',
      'Delivery: Reno, NV',
      'Rate: $1,850.50',
      'Driver: Alicia Moreno',
    ]);
    // The addresses, factoring and who created it stay in the raw changes.
    expect(description.more).toBe(4);
  });

  it('summarises a deletion from the old values', () => {
    const deleted: Entry = {
      entityType: 'drivers',
      action: 'deleted',
      changedFields: {
        first_name: { old: 'Alicia', new: null },
        last_name: { old: 'Moreno', new: null },
        status: { old: 'off_duty', new: null },
        phone: { old: '+1 555 0100', new: null },
        gps_consent: { old: true, new: null },
      },
    };
    const description = describeChanges(deleted);
    expect(description.summary).toBe('Deleted driver Alicia Moreno');
    expect(description.lines.map(lineText)).toEqual(['Status: Off duty', 'Phone: +1 555 0100']);
    expect(description.more).toBe(1);
  });

  it('names an invoice, a document, a broker and a carrier by their own fields', () => {
    const created = (entityType: Entry['entityType'], changedFields: Record<string, unknown>): Entry => ({
      entityType,
      action: 'created',
      changedFields: Object.fromEntries(Object.entries(changedFields).map(([key, value]) => [key, { old: null, new: value as null }])),
    });
    expect(describeChanges(created('invoices', { invoice_number: 'INV-0042', amount: 2400, status: 'draft' }))).toEqual({
      summary: 'Created invoice INV-0042',
      lines: [
        { field: 'status', label: 'Status', text: 'Draft' },
        { field: 'amount', label: 'Amount', text: '$2,400.00' },
      ],
      more: 0,
    });
    expect(
      describeChanges(created('documents', { file_name: 'bol.pdf', document_type: 'bol', file_size: 2048 })).lines.map(lineText),
    ).toEqual(['Document type: BOL', 'File size: 2 KB']);
    expect(describeChanges(created('brokers', { name: 'Acme Logistics' })).summary).toBe('Created broker Acme Logistics');
    expect(describeChanges(created('carriers', { mc_number: 'MC-1' })).summary).toBe('Created carrier');
  });

  it('still says what was created when no field is recorded', () => {
    expect(describeChanges({ entityType: 'brokers', action: 'created', changedFields: null })).toEqual({
      summary: 'Created broker',
      lines: [],
      more: 0,
    });
  });
});

describe('an export', () => {
  it('says the format, the categories, the rows of each and what was skipped', () => {
    const entry: Entry = {
      entityType: 'export',
      action: 'exported',
      changedFields: {
        format: { old: null, new: 'json' },
        categories: { old: null, new: ['loads', 'auditLogs'] },
        rows: { old: null, new: { loads: 1200, auditLogs: 5 } },
        skipped: { old: null, new: ['messages'] },
      },
    };
    const description = describeChanges(entry);
    expect(description.summary).toBe('Exported data as JSON');
    expect(description.lines.map(lineText)).toEqual([
      'Categories: Loads, Audit Logs',
      'Rows: Loads 1,200, Audit Logs 5',
      'Skipped: Messages',
    ]);
  });

  it('says why a failed export failed, and unknown categories as they are', () => {
    const entry: Entry = {
      entityType: 'export',
      action: 'exported',
      changedFields: {
        format: { old: null, new: 'csv' },
        categories: { old: null, new: ['loads', 'fleet'] },
        failed: { old: null, new: 'connection reset' },
      },
    };
    expect(describeChanges(entry).summary).toBe('Exported data as CSV');
    expect(lines(entry)).toEqual(['Categories: Loads, fleet', 'Failed: connection reset']);
  });
});

describe('the helpers', () => {
  it('humanises snake_case and camelCase keys', () => {
    expect(humanize('pickup_date')).toBe('Pickup date');
    expect(humanize('paymentLinkId')).toBe('Payment link id');
    expect(humanize('')).toBe('');
  });

  it('shows an empty value as a dash whatever its kind', () => {
    expect(formatValue('money', null)).toBe('—');
    expect(formatValue('date', '')).toBe('—');
    expect(formatValue(undefined, undefined)).toBe('—');
  });
});
