import { describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import {
  citiesFromZipRecords,
  citiesGeoJson,
  citiesShownAt,
  cityImageId,
  labelMinZoom,
  MIN_LABEL_ZIP_CODES,
  type CityRow,
  type ZipRecord,
} from './city-labels';
import shipped from './us-cities.json';

const cities = shipped as unknown as CityRow[];
const names = (rows: readonly CityRow[]) => rows.map((row) => `${row[0]}, ${row[1]}`);

describe('city labels by zoom', () => {
  it('labels a city from a zoom that depends on its size, and not at all below the smallest tier', () => {
    expect(labelMinZoom(190)).toBe(0);
    expect(labelMinZoom(60)).toBe(0);
    expect(labelMinZoom(59)).toBe(4);
    expect(labelMinZoom(25)).toBe(5);
    expect(labelMinZoom(14)).toBe(6);
    expect(labelMinZoom(MIN_LABEL_ZIP_CODES)).toBe(7);
    expect(labelMinZoom(MIN_LABEL_ZIP_CODES - 1)).toBeNull();
  });

  it('shows only the big cities on the whole-US view and more, never fewer, as the map zooms in', () => {
    const counts = [3, 4, 5, 6, 7, 9].map((zoom) => citiesShownAt(cities, zoom).length);
    expect(counts[0]).toBeGreaterThan(10);
    expect(counts[0]).toBeLessThan(60);
    for (let index = 1; index < counts.length; index += 1) expect(counts[index]).toBeGreaterThanOrEqual(counts[index - 1] ?? 0);
    expect(counts.at(-1)).toBe(cities.length);
    const national = names(citiesShownAt(cities, 3));
    expect(national).toEqual(expect.arrayContaining(['Houston, TX', 'New York, NY', 'Chicago, IL', 'Los Angeles, CA', 'Atlanta, GA']));
    expect(national).not.toContain('Boise, ID');
    expect(names(citiesShownAt(cities, 5.7))).toContain('Boise, ID');
  });

  it('puts the biggest first, so a smaller name that would overlap one is the one left out', () => {
    const features = citiesGeoJson(cities).features;
    expect(features).toHaveLength(cities.length);
    const ranks = features.map((feature) => feature.properties?.rank as number);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const houston = features.find((feature) => feature.properties?.image === 'city:Houston|TX');
    expect(houston?.properties).toMatchObject({ minZoom: 0 });
    const [lng, lat] = houston?.geometry.coordinates ?? [];
    expect(lat).toBeCloseTo(29.8, 0);
    expect(lng).toBeCloseTo(-95.4, 0);
  });

  it('gives every label its own image', () => {
    expect(new Set(cities.map(cityImageId)).size).toBe(cities.length);
  });
});

describe('the cities from the ZIP code table', () => {
  it('counts a city by its ZIP codes, centres it on its densest cluster and leaves out military post offices', () => {
    const zip = (city: string, state: string, latitude: number, longitude: number, country = 'US'): ZipRecord => ({
      city,
      state,
      latitude,
      longitude,
      country,
    });
    const records = [
      ...Array.from({ length: MIN_LABEL_ZIP_CODES }, (_, index) => zip('Springfield', 'IL', 39.8 + index * 0.001, -89.65)),
      // A stray record of the same name far away does not pull the centre.
      zip('Springfield', 'IL', 42, -88),
      ...Array.from({ length: MIN_LABEL_ZIP_CODES + 2 }, () => zip('Apo', 'AE', 50, 8)),
      ...Array.from({ length: MIN_LABEL_ZIP_CODES - 1 }, () => zip('Smallville', 'KS', 39, -98)),
      ...Array.from({ length: MIN_LABEL_ZIP_CODES + 5 }, () => zip('Toronto', 'ON', 43.7, -79.4, 'CA')),
    ];
    const result = citiesFromZipRecords(records);
    expect(result).toHaveLength(1);
    const [springfield] = result;
    expect(springfield?.slice(0, 2)).toEqual(['Springfield', 'IL']);
    expect(springfield?.[4]).toBe(MIN_LABEL_ZIP_CODES + 1);
    expect(springfield?.[2]).toBeCloseTo(39.8, 1);
    expect(springfield?.[3]).toBeCloseTo(-89.65, 2);
  });

  it('ships us-cities.json as the table gives it (regenerate it with citiesFromZipRecords when the zipcodes package changes)', () => {
    expect(citiesFromZipRecords(Object.values(zipcodes.codes))).toEqual(cities);
  });
});
