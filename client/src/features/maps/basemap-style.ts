import type { StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import statesUrl from 'us-atlas/states-10m.json?url';
import landUrl from 'world-atlas/land-50m.json?url';

/**
 * The base map. By default an offline style: water, land (Natural Earth via world-atlas) and US
 * states (US Census Bureau via us-atlas), shipped with the app as TopoJSON and turned into
 * GeoJSON here, so a map needs no tile server, key or internet. It has no glyphs: the style
 * draws no text, and place labels are HTML markers in the page's own font.
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

async function fetchTopology(url: string): Promise<Topology> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Map data could not be loaded (${response.status})`);
  return (await response.json()) as Topology;
}

function layersFor(topology: Topology, objectName: string) {
  const object = topology.objects[objectName];
  if (!object) throw new Error(`Map data has no ${objectName}`);
  return feature(topology, object);
}

async function offlineStyle(): Promise<StyleSpecification> {
  const [states, land] = await Promise.all([fetchTopology(statesUrl), fetchTopology(landUrl)]);
  return {
    version: 8,
    name: 'Haulwise offline',
    sources: {
      land: { type: 'geojson', data: layersFor(land, 'land'), attribution: 'Natural Earth' },
      states: { type: 'geojson', data: layersFor(states, 'states'), attribution: 'US Census Bureau' },
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
    ],
  };
}

let offline: Promise<StyleSpecification> | null = null;

/** The style every map uses: built once per page and shared; a failed load is tried again next time. */
export function loadBaseStyle(): Promise<StyleSpecification | string> {
  if (configuredStyleUrl) return Promise.resolve(configuredStyleUrl);
  offline ??= offlineStyle().catch((error: unknown) => {
    offline = null;
    throw error;
  });
  return offline;
}
