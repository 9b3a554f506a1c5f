import type { StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import statesUrl from 'us-atlas/states-10m.json?url';
import landUrl from 'world-atlas/land-50m.json?url';
import { citiesGeoJson, type CityRow } from './city-labels';
import { CITY_SPRITE_URL, DOT_CENTRE_X, registerCitySprite } from './city-sprite';
import citiesUrl from './us-cities.json?url';

/**
 * The base map. By default an offline style: water, land (Natural Earth via world-atlas), US
 * states (US Census Bureau via us-atlas) and the biggest cities' names (city-labels.ts: more as
 * the map zooms in), shipped with the app as TopoJSON and JSON and turned into GeoJSON here, so a
 * map needs no tile server, key or internet. It has no glyphs: a city's name is an image drawn in
 * the page's own font (city-sprite.ts), and the screens' own place labels are HTML markers.
 * Roads are missing: no npm package ships US highway lines, and none is made up here.
 * VITE_MAP_STYLE_URL (set at build time) swaps in any MapLibre style instead.
 */
const configuredStyleUrl: string | undefined = import.meta.env.VITE_MAP_STYLE_URL || undefined;

export const MAP_COLOURS = {
  water: '#d6e6f2',
  land: '#eeece4',
  state: '#f8f7f2',
  border: '#9aa5b1',
  route: '#2b6cb0',
} as const;

/** The city labels' layer (city-labels.ts). */
export const CITY_LABELS = 'city-labels';

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Map data could not be loaded (${response.status})`);
  return (await response.json()) as T;
}

function layersFor(topology: Topology, objectName: string) {
  const object = topology.objects[objectName];
  if (!object) throw new Error(`Map data has no ${objectName}`);
  return feature(topology, object);
}

async function offlineStyle(): Promise<StyleSpecification> {
  const [states, land, cities] = await Promise.all([
    fetchJson<Topology>(statesUrl),
    fetchJson<Topology>(landUrl),
    fetchJson<CityRow[]>(citiesUrl),
  ]);
  registerCitySprite(cities);
  return {
    version: 8,
    name: 'Haulwise offline',
    sprite: CITY_SPRITE_URL,
    sources: {
      land: { type: 'geojson', data: layersFor(land, 'land'), attribution: 'Natural Earth' },
      states: { type: 'geojson', data: layersFor(states, 'states'), attribution: 'US Census Bureau' },
      cities: { type: 'geojson', data: citiesGeoJson(cities) },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': MAP_COLOURS.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': MAP_COLOURS.land } },
      { id: 'states', type: 'fill', source: 'states', paint: { 'fill-color': MAP_COLOURS.state } },
      {
        id: 'state-borders',
        type: 'line',
        source: 'states',
        paint: { 'line-color': MAP_COLOURS.border, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 8, 1.5] },
      },
      {
        // The biggest cities from the whole-US view, more as the map zooms in; a name that would
        // overlap a bigger city's is left out. The screens draw their own layers above this one.
        id: CITY_LABELS,
        type: 'symbol',
        source: 'cities',
        filter: ['>=', ['zoom'], ['get', 'minZoom']],
        layout: {
          'icon-image': ['get', 'image'],
          'icon-anchor': 'left',
          // The dot, not the label's edge, on the city's centre.
          'icon-offset': [-DOT_CENTRE_X, 0],
          'icon-allow-overlap': false,
          'icon-padding': 1,
          'symbol-sort-key': ['get', 'rank'],
        },
      },
    ],
  };
}

/** The layers of the offline style once a map has it (null before, or with a hosted style): what the map's frame lists for tests. */
let loadedLayerIds: readonly string[] | null = null;
export const basemapLayerIds = (): readonly string[] | null => loadedLayerIds;

let offline: Promise<StyleSpecification> | null = null;

/** The style every map uses: built once per page and shared; a failed load is tried again next time. */
export function loadBaseStyle(): Promise<StyleSpecification | string> {
  if (configuredStyleUrl) return Promise.resolve(configuredStyleUrl);
  offline ??= offlineStyle()
    .then((style) => {
      loadedLayerIds = style.layers.map((layer) => layer.id);
      return style;
    })
    .catch((error: unknown) => {
      offline = null;
      throw error;
    });
  return offline;
}
