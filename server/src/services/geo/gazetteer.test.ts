import { beforeAll, describe, expect, it } from 'vitest';
import { compassFrom, describeNearPlace, haversineMiles, type LatLng, type NearPlace } from '#shared/rules/geo.js';
import { cityCentre, gazetteerFrom, loadGazetteer, placeKey, type Gazetteer } from './gazetteer.js';

describe('placeKey: two spellings of one place are one place', () => {
  it.each([
    ['St. Louis', 'Saint Louis'],
    ['ST LOUIS', 'saint louis'],
    ['  saint   louis  ', 'Saint Louis'],
    ['Ft Worth', 'Fort Worth'],
    ['Ft. Lauderdale', 'Fort Lauderdale'],
    ['Mt. Vernon', 'Mount Vernon'],
    ['Ste. Genevieve', 'Sainte Genevieve'],
    ['Port St. Lucie', 'Port Saint Lucie'],
    ['Winston-Salem', 'Winston Salem'],
    ["Coeur d'Alene", 'Coeur D Alene'],
    ['McLean', 'Mc Lean'],
    ['San José', 'San Jose'],
    ['N. Las Vegas', 'North Las Vegas'],
    ['Colorado Spgs', 'Colorado Springs'],
  ])('"%s" is "%s"', (typed, listed) => {
    expect(placeKey(typed)).toBe(placeKey(listed));
  });

  it.each([
    ['Saint Paul', 'Saint Louis'],
    ['Fort Worth', 'Worth'],
    ['North Platte', 'Platte'],
  ])('"%s" is not "%s"', (one, other) => {
    expect(placeKey(one)).not.toBe(placeKey(other));
  });

  it('spells out a lone direction letter only at the start', () => {
    expect(placeKey('N')).toBe('n');
    expect(placeKey('Lake N')).toBe('laken');
  });
});

describe('cityCentre: the centre of a city from its ZIP code centres', () => {
  it('is the average of ZIP codes close together', () => {
    expect(
      cityCentre([
        { lat: 39.7, lng: -105.0 },
        { lat: 39.8, lng: -104.9 },
      ]),
    ).toEqual({ lat: 39.75, lng: -104.95 });
  });

  it('ignores a ZIP code far from the rest (a bad record or another town of the same name)', () => {
    const centre = cityCentre([
      { lat: 40.75, lng: -73.99 },
      { lat: 40.71, lng: -74.0 },
      { lat: 40.73, lng: -73.98 },
      { lat: 18.0, lng: -66.0 },
    ]);
    expect(centre).toEqual({ lat: 40.73, lng: -73.99 });
  });

  it('is unknown with no ZIP codes', () => {
    expect(cityCentre([])).toBeNull();
  });
});

describe('gazetteerFrom: which records count', () => {
  const record = (city: string, state: string, latitude: number, longitude: number, country = 'US') => ({
    city,
    state,
    latitude,
    longitude,
    country,
  });
  const gazetteer = gazetteerFrom([
    record('Saint Louis', 'MO', 38.63, -90.2),
    record('Apo', 'AE', 50.1, 8.7),
    record('Nowhere', 'KS', 0, 0),
    record('Toronto', 'ON', 43.65, -79.38, 'Canada'),
  ]);

  it('finds a US city whatever the case, spacing and abbreviation', () => {
    expect(gazetteer.locate('st. louis', ' mo ')).toEqual({ lat: 38.63, lng: -90.2 });
  });

  it('knows no military post office, no place with an unknown centre and no place outside the US', () => {
    expect(gazetteer.locate('Apo', 'AE')).toBeNull();
    expect(gazetteer.locate('Nowhere', 'KS')).toBeNull();
    expect(gazetteer.locate('Toronto', 'ON')).toBeNull();
  });

  it('does not find a city in another state', () => {
    expect(gazetteer.locate('Saint Louis', 'IL')).toBeNull();
  });
});

describe('the offline US gazetteer', () => {
  let gazetteer: Gazetteer;
  beforeAll(async () => {
    gazetteer = await loadGazetteer();
  });

  /** Published city-hall coordinates: the gazetteer's centre must be within a few miles. */
  it.each([
    ['Chicago', 'IL', { lat: 41.8781, lng: -87.6298 }],
    ['Dallas', 'TX', { lat: 32.7767, lng: -96.797 }],
    ['Denver', 'CO', { lat: 39.7392, lng: -104.9903 }],
    ['New York', 'NY', { lat: 40.7128, lng: -74.006 }],
    ['Los Angeles', 'CA', { lat: 34.0522, lng: -118.2437 }],
    ['Atlanta', 'GA', { lat: 33.749, lng: -84.388 }],
    ['Seattle', 'WA', { lat: 47.6062, lng: -122.3321 }],
    ['Honolulu', 'HI', { lat: 21.3069, lng: -157.8583 }],
    ['Anchorage', 'AK', { lat: 61.2181, lng: -149.9003 }],
    ['San Juan', 'PR', { lat: 18.4655, lng: -66.1057 }],
  ] satisfies [string, string, LatLng][])('locates %s, %s', (city, state, cityHall) => {
    const found = gazetteer.locate(city, state);
    expect(found).not.toBeNull();
    expect(haversineMiles(found ?? { lat: 0, lng: 0 }, cityHall)).toBeLessThan(10);
  });

  it('reads common abbreviations and ignores case and spacing', () => {
    const saintLouis = gazetteer.locate('Saint Louis', 'MO');
    expect(saintLouis).not.toBeNull();
    expect(gazetteer.locate('St. Louis', 'MO')).toEqual(saintLouis);
    expect(gazetteer.locate('  ST   LOUIS ', 'mo')).toEqual(saintLouis);
    expect(gazetteer.locate('Ft Worth', 'TX')).toEqual(gazetteer.locate('Fort Worth', 'TX'));
    expect(gazetteer.locate('Ft Worth', 'TX')).not.toBeNull();
    expect(gazetteer.locate('Winston-Salem', 'NC')).not.toBeNull();
    expect(gazetteer.locate("Coeur d'Alene", 'ID')).not.toBeNull();
  });

  it('tells two places of one name apart by state', () => {
    const portlandOregon = gazetteer.locate('Portland', 'OR');
    const portlandMaine = gazetteer.locate('Portland', 'ME');
    expect(portlandOregon).not.toBeNull();
    expect(portlandMaine).not.toBeNull();
    expect(haversineMiles(portlandOregon ?? { lat: 0, lng: 0 }, portlandMaine ?? { lat: 0, lng: 0 })).toBeGreaterThan(2000);
  });

  it('answers null for a city it does not know or a state that does not exist', () => {
    expect(gazetteer.locate('Atlantis', 'CA')).toBeNull();
    expect(gazetteer.locate('Chicago', 'ZZ')).toBeNull();
    expect(gazetteer.locate('', 'IL')).toBeNull();
  });

  it('is loaded once and shared', async () => {
    expect(await loadGazetteer()).toBe(gazetteer);
  });
});

describe('nearest: places, not coordinates', () => {
  let gazetteer: Gazetteer;
  beforeAll(async () => {
    gazetteer = await loadGazetteer();
  });

  it('names the town a position is in', () => {
    const memphis = gazetteer.locate('Memphis', 'TN');
    expect(memphis).not.toBeNull();
    expect(describeNearPlace(gazetteer.nearest(memphis as LatLng) as NearPlace)).toBe('Memphis, TN');
  });

  it('names a position outside town by the big town near it, with the miles and the direction', () => {
    const memphis = gazetteer.locate('Memphis', 'TN') as LatLng;
    // About 18 miles north-east of Memphis, in the country between small towns.
    const out = { lat: memphis.lat + 0.2, lng: memphis.lng + 0.2 };
    const place = gazetteer.nearest(out) as NearPlace;
    expect(place).toMatchObject({ city: 'Memphis', state: 'TN', direction: 'NE' });
    expect(place.miles).toBeGreaterThan(15);
    expect(place.miles).toBeLessThan(21);
    expect(describeNearPlace(place)).toMatch(/^(1[5-9]|20) mi NE of Memphis, TN$/);
  });

  it('names the town a position is in by its nearest post office: 12 mi W of Memphis is West Memphis', () => {
    const memphis = gazetteer.locate('Memphis', 'TN') as LatLng;
    expect(describeNearPlace(gazetteer.nearest({ lat: memphis.lat, lng: memphis.lng - 0.215 }) as NearPlace)).toBe('West Memphis, AR');
  });

  it('names the town a downtown is in, not "miles from" the centre of a sprawling city or a bigger neighbour', () => {
    expect(describeNearPlace(gazetteer.nearest({ lat: 31.7619, lng: -106.485 }) as NearPlace)).toBe('El Paso, TX');
    expect(describeNearPlace(gazetteer.nearest({ lat: 37.8044, lng: -122.2712 }) as NearPlace)).toBe('Oakland, CA');
  });

  it('names nothing at sea or for a bad point', () => {
    expect(gazetteer.nearest({ lat: 30, lng: -40 })).toBeNull();
    expect(gazetteer.nearest({ lat: Number.NaN, lng: 0 })).toBeNull();
  });
});

describe('compassFrom', () => {
  it.each([
    [{ lat: 1, lng: 0 }, 'N'],
    [{ lat: 0, lng: 1 }, 'E'],
    [{ lat: -1, lng: 0 }, 'S'],
    [{ lat: 0, lng: -1 }, 'W'],
    [{ lat: 1, lng: 1 }, 'NE'],
    [{ lat: -1, lng: -1 }, 'SW'],
  ] as const)('%o lies %s of the origin', (point, direction) => {
    expect(compassFrom({ lat: 0, lng: 0 }, point)).toBe(direction);
  });
});
