import { describe, expect, it } from 'vitest';
import { cellsOf, guessMapping, missingFields, naturalKey, validateRow } from './import-fields.js';

describe('guessMapping', () => {
  it('maps the usual headers of a sheet to the form fields by their synonyms', () => {
    expect(
      guessMapping('loads', [
        'Load #',
        'Origin City',
        'Origin State',
        'Destination City',
        'Dest State',
        'Pickup Date',
        'Rate',
        'Driver Email',
        'Whatever',
        '',
      ]),
    ).toEqual(['loadNumber', 'pickupCity', 'pickupState', 'deliveryCity', 'deliveryState', 'pickupDate', 'rate', 'driverEmail', '', '']);
    expect(guessMapping('carriers', ['Carrier Name', 'MC#', 'DOT #'])).toEqual(['name', 'mcNumber', 'dotNumber']);
  });

  it("maps the export's snake_case headers, and leaves ids and timestamps out", () => {
    expect(guessMapping('brokers', ['id', 'company_id', 'name', 'company_name', 'payment_terms', 'created_at'])).toEqual([
      '',
      '',
      'name',
      'companyName',
      'paymentTerms',
      '',
    ]);
  });

  it('gives a field to the first column that means it only', () => {
    expect(guessMapping('brokers', ['Name', 'Contact'])).toEqual(['name', '']);
  });

  it('names the required fields no column is mapped to', () => {
    expect(missingFields('loads', ['loadNumber', 'pickupCity'])).toEqual(['Pickup state', 'Delivery city', 'Delivery state']);
    expect(missingFields('drivers', ['fullName', 'email'])).toEqual([]);
  });
});

describe('validateRow', () => {
  const mapping = ['loadNumber', 'pickupCity', 'pickupState', 'deliveryCity', 'deliveryState', 'pickupDate', 'deliveryDate', 'rate'];

  it('reads a messy row into the create form values', () => {
    const result = validateRow(
      'loads',
      cellsOf('loads', mapping, ['L-1', 'Dallas', 'tx', 'Houston', 'TX', '45992', '11/29/2026', '$1,250.00']),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.values).toMatchObject({
      loadNumber: 'L-1',
      pickupCity: 'Dallas',
      pickupState: 'TX',
      pickupLocation: 'Dallas, tx',
      pickupDate: '2025-12-01',
      deliveryDate: '2026-11-29',
      rate: '1250.00',
    });
  });

  it("names each error by field with the form's own message", () => {
    const result = validateRow('loads', cellsOf('loads', mapping, ['L-2', '', 'NV', 'Boise', 'ID', '2026-12-02', '2026-12-01', 'abc']));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { field: 'pickupCity', label: 'Pickup city', message: 'Pickup city is required' },
        { field: 'rate', label: 'Rate', message: 'Rate must be a number' },
      ]),
    );
    expect(result.errors.some((error) => error.field === 'pickupLocation')).toBe(false);
  });

  it('splits a driver full name and needs an email or a phone', () => {
    const ok = validateRow('drivers', cellsOf('drivers', ['fullName', 'email'], ['Carla de la Cruz', 'CARLA@x.example']));
    expect(ok.ok && ok.values).toMatchObject({ firstName: 'Carla', lastName: 'de la Cruz' });
    const none = validateRow('drivers', cellsOf('drivers', ['fullName'], ['Carla Diaz']));
    expect(none).toEqual({
      ok: false,
      errors: [{ field: 'email', label: 'Email', message: 'A driver needs an email or a phone to be imported' }],
    });
  });

  it('reads yes/no and Excel dates for carriers', () => {
    const result = validateRow('carriers', cellsOf('carriers', ['name', 'insuranceExpiry', 'contractSigned'], ['Swift', '45992', 'Yes']));
    expect(result.ok && result.values).toMatchObject({ name: 'Swift', insuranceExpiry: '2025-12-01', contractSigned: true });
  });
});

describe('naturalKey', () => {
  it('is the load number; a driver email else phone; a carrier MC number else name; a broker name', () => {
    expect(naturalKey('loads', { loadNumber: 'L-1' })).toEqual({ column: 'loadNumber', key: 'L-1' });
    expect(naturalKey('drivers', { email: 'A@B.example', phone: '555' })).toEqual({ column: 'email', key: 'a@b.example' });
    expect(naturalKey('drivers', { email: null, phone: '555' })).toEqual({ column: 'phone', key: '555' });
    expect(naturalKey('carriers', { mcNumber: 'MC-1', name: 'X' })).toEqual({ column: 'mcNumber', key: 'mc-1' });
    expect(naturalKey('carriers', { mcNumber: null, name: 'X' })).toEqual({ column: 'name', key: 'x' });
    expect(naturalKey('brokers', { name: ' Ana ' })).toEqual({ column: 'name', key: 'ana' });
  });
});
