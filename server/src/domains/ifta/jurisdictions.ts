import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';

/**
 * Which US state (IFTA jurisdiction) a point lies in (issue 31, item 5): point in polygon over
 * us-atlas's states-10m topology (US Census Bureau cartographic boundaries at 1:10,000,000, the
 * shapes the client's map bundles), loaded once per process.
 *
 * The index is a grid of 0.5° cells over the 50 states and DC. A cell that no state line crosses
 * is answered from the grid alone (the state holding its centre, or none: sea, Canada, Mexico).
 * A cell that a state line crosses keeps, per state, the state's edges that touch it and whether
 * the cell's centre lies inside that state; a point there is in the state when the segment from
 * the centre to the point crosses that state's edges an even number of times and the centre is
 * inside (or an odd number and it is not). So a lookup tests a handful of edges, never a whole
 * state's outline. Alaska's Aleutians west of 180° are not indexed (no IFTA miles there).
 */

/** FIPS code → postal abbreviation for the 50 states and DC (territories are left out). */
const FIPS: Record<string, string> = {
  '01': 'AL', '02': 'AK', '04': 'AZ', '05': 'AR', '06': 'CA', '08': 'CO', '09': 'CT', '10': 'DE', '11': 'DC',
  '12': 'FL', '13': 'GA', '15': 'HI', '16': 'ID', '17': 'IL', '18': 'IN', '19': 'IA', '20': 'KS', '21': 'KY',
  '22': 'LA', '23': 'ME', '24': 'MD', '25': 'MA', '26': 'MI', '27': 'MN', '28': 'MS', '29': 'MO', '30': 'MT',
  '31': 'NE', '32': 'NV', '33': 'NH', '34': 'NJ', '35': 'NM', '36': 'NY', '37': 'NC', '38': 'ND', '39': 'OH',
  '40': 'OK', '41': 'OR', '42': 'PA', '44': 'RI', '45': 'SC', '46': 'SD', '47': 'TN', '48': 'TX', '49': 'UT',
  '50': 'VT', '51': 'VA', '53': 'WA', '54': 'WV', '55': 'WI', '56': 'WY',
}; // prettier-ignore

/** The jurisdictions the index knows, in alphabetical order. */
export const US_JURISDICTIONS: readonly string[] = Object.values(FIPS).sort();

const CELL = 0.5;
const WEST = -180;
const EAST = -64;
const SOUTH = 18;
const NORTH = 72;
const COLUMNS = Math.round((EAST - WEST) / CELL);
const ROWS = Math.round((NORTH - SOUTH) / CELL);

/** One state's edges in one cell: x1,y1,x2,y2 quadruples, and whether the cell's centre is inside. */
interface CellPart {
  state: number;
  edges: Float64Array;
  centreInside: boolean;
}

interface Index {
  codes: string[];
  /** Per cell: the state index answering the whole cell (−1: none), or −2 when `parts` decide. */
  whole: Int16Array;
  parts: Map<number, CellPart[]>;
}

let index: Index | null = null;

/** Rings (closed lists of [lng, lat]) of every state, keyed by postal code. */
function loadRings(): { code: string; rings: number[][][] }[] {
  const require = createRequire(import.meta.url);
  const topology = JSON.parse(readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8')) as Topology;
  const states = topology.objects.states as GeometryObject & { geometries: GeometryObject[] };
  const out: { code: string; rings: number[][][] }[] = [];
  for (const geometry of states.geometries) {
    const code = FIPS[String(geometry.id)];
    if (!code) continue;
    const shape = feature(topology, geometry) as unknown as { geometry: { type: string; coordinates: unknown } };
    const polygons =
      shape.geometry.type === 'Polygon' ? [shape.geometry.coordinates as number[][][]] : (shape.geometry.coordinates as number[][][][]);
    out.push({ code, rings: polygons.flat() });
  }
  return out;
}

/** Even-odd ray casting over every ring of a state (holes and islands included). */
function insideRings(rings: number[][][], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number];
      const [xj, yj] = ring[j] as [number, number];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

function cellOf(x: number, y: number): number {
  const column = Math.floor((x - WEST) / CELL);
  const row = Math.floor((y - SOUTH) / CELL);
  if (column < 0 || column >= COLUMNS || row < 0 || row >= ROWS) return -1;
  return row * COLUMNS + column;
}

function build(): Index {
  const states = loadRings();
  const codes = states.map((state) => state.code);
  // Edges per cell per state: every cell an edge's bounding box touches (10m edges are short).
  const edgesByCell = new Map<number, Map<number, number[]>>();
  const boxes = states.map(() => [Infinity, Infinity, -Infinity, -Infinity] as [number, number, number, number]);
  states.forEach((state, s) => {
    const box = boxes[s] as [number, number, number, number];
    for (const ring of state.rings) {
      for (let i = 1; i < ring.length; i++) {
        const [x1, y1] = ring[i - 1] as [number, number];
        const [x2, y2] = ring[i] as [number, number];
        if (x1 > 0 || x2 > 0) continue; // west of 180° (the far Aleutians)
        box[0] = Math.min(box[0], x1, x2);
        box[1] = Math.min(box[1], y1, y2);
        box[2] = Math.max(box[2], x1, x2);
        box[3] = Math.max(box[3], y1, y2);
        const c0 = Math.floor((Math.min(x1, x2) - WEST) / CELL);
        const c1 = Math.floor((Math.max(x1, x2) - WEST) / CELL);
        const r0 = Math.floor((Math.min(y1, y2) - SOUTH) / CELL);
        const r1 = Math.floor((Math.max(y1, y2) - SOUTH) / CELL);
        for (let r = Math.max(r0, 0); r <= Math.min(r1, ROWS - 1); r++) {
          for (let c = Math.max(c0, 0); c <= Math.min(c1, COLUMNS - 1); c++) {
            const cell = r * COLUMNS + c;
            let perState = edgesByCell.get(cell);
            if (!perState) edgesByCell.set(cell, (perState = new Map()));
            let list = perState.get(s);
            if (!list) perState.set(s, (list = []));
            list.push(x1, y1, x2, y2);
          }
        }
      }
    }
  });

  const whole = new Int16Array(COLUMNS * ROWS).fill(-1);
  const parts = new Map<number, CellPart[]>();
  for (let row = 0; row < ROWS; row++) {
    for (let column = 0; column < COLUMNS; column++) {
      const cell = row * COLUMNS + column;
      const cx = WEST + (column + 0.5) * CELL;
      const cy = SOUTH + (row + 0.5) * CELL;
      const crossing = edgesByCell.get(cell);
      // States no line crosses here either hold the whole cell or none of it: test the centre.
      let holder = -1;
      states.forEach((state, s) => {
        if (holder >= 0 || crossing?.has(s)) return;
        const box = boxes[s] as [number, number, number, number];
        if (cx < box[0] || cx > box[2] || cy < box[1] || cy > box[3]) return;
        if (insideRings(state.rings, cx, cy)) holder = s;
      });
      if (!crossing) {
        whole[cell] = holder;
        continue;
      }
      whole[cell] = -2;
      const list: CellPart[] = [];
      if (holder >= 0) list.push({ state: holder, edges: new Float64Array(0), centreInside: true });
      for (const [s, edges] of crossing) {
        list.push({ state: s, edges: Float64Array.from(edges), centreInside: insideRings(states[s]?.rings ?? [], cx, cy) });
      }
      parts.set(cell, list);
    }
  }
  return { codes, whole, parts };
}

/** Builds the index now (about a second); otherwise the first lookup does. */
export function loadJurisdictions(): void {
  index ??= build();
}

function crosses(ax: number, ay: number, bx: number, by: number, edges: Float64Array, i: number): boolean {
  const cx = edges[i] as number;
  const cy = edges[i + 1] as number;
  const dx = edges[i + 2] as number;
  const dy = edges[i + 3] as number;
  const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  if (d1 > 0 === d2 > 0) return false;
  const d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  return d3 > 0 !== d4 > 0;
}

/**
 * How far outside every state's shape a point is still given to the nearest state, in miles. The
 * shapes are drawn at 1:10,000,000: a coastline is simplified by a mile or two, so a truck on I-10
 * over Mobile Bay or on a causeway would otherwise drive "outside state lines". Farther out (at
 * sea, in Canada or Mexico) a point stays outside.
 */
export const SHORE_MILES = 2;
const MILES_PER_DEGREE = 69.05;

/** The postal code of the state holding (lat, lng), or of the nearest state within SHORE_MILES; null beyond (sea, Canada, Mexico). */
export function jurisdictionAt(lat: number, lng: number): string | null {
  return stateHolding(lat, lng) ?? nearestState(lat, lng);
}

/** Squared distance in miles² from (x, y) to the segment, on a plane scaled by the latitude's cosine. */
function segmentDistance2(x: number, y: number, edges: Float64Array, i: number, scale: number): number {
  const ax = ((edges[i] as number) - x) * scale;
  const ay = (edges[i + 1] as number) - y;
  const bx = ((edges[i + 2] as number) - x) * scale;
  const by = (edges[i + 3] as number) - y;
  const dx = bx - ax;
  const dy = by - ay;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2));
  const px = ax + t * dx;
  const py = ay + t * dy;
  return (px * px + py * py) * MILES_PER_DEGREE * MILES_PER_DEGREE;
}

/** The state whose outline passes nearest (lat, lng), within SHORE_MILES: the edges of its cell and the eight around it. */
function nearestState(lat: number, lng: number): string | null {
  const { codes, parts } = (index ??= build());
  const cell = cellOf(lng, lat);
  if (cell < 0) return null;
  const scale = Math.cos((lat * Math.PI) / 180);
  const column = cell % COLUMNS;
  const row = (cell - column) / COLUMNS;
  let best = SHORE_MILES * SHORE_MILES;
  let found = -1;
  for (let r = row - 1; r <= row + 1; r++) {
    for (let c = column - 1; c <= column + 1; c++) {
      if (r < 0 || r >= ROWS || c < 0 || c >= COLUMNS) continue;
      for (const part of parts.get(r * COLUMNS + c) ?? []) {
        for (let i = 0; i < part.edges.length; i += 4) {
          const distance2 = segmentDistance2(lng, lat, part.edges, i, scale);
          if (distance2 <= best) {
            best = distance2;
            found = part.state;
          }
        }
      }
    }
  }
  return found >= 0 ? (codes[found] ?? null) : null;
}

/** The postal code of the state whose shape holds (lat, lng), or null. */
function stateHolding(lat: number, lng: number): string | null {
  const { codes, whole, parts } = (index ??= build());
  const cell = cellOf(lng, lat);
  if (cell < 0) return null;
  const answer = whole[cell] as number;
  if (answer !== -2) return answer >= 0 ? (codes[answer] ?? null) : null;
  const column = cell % COLUMNS;
  const row = (cell - column) / COLUMNS;
  const cx = WEST + (column + 0.5) * CELL;
  const cy = SOUTH + (row + 0.5) * CELL;
  for (const part of parts.get(cell) ?? []) {
    let inside = part.centreInside;
    for (let i = 0; i < part.edges.length; i += 4) {
      if (crosses(cx, cy, lng, lat, part.edges, i)) inside = !inside;
    }
    if (inside) return codes[part.state] ?? null;
  }
  return null;
}
