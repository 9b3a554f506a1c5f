import { addProtocol } from 'maplibre-gl';
import { cityImageId, type CityRow } from './city-labels';

/**
 * The city labels' images, drawn in the browser: the offline style has no glyphs, so a label is
 * an image (a dot and the name, in the page's own font) in the style's sprite. The sprite is
 * served by a MapLibre protocol of the page's own (nothing is fetched), at the map's pixel ratio,
 * drawn once per ratio on first use. A sprite rather than a missing-image resolver: a map has
 * one resolver, and the fleet map's is its clusters' counts.
 */
const PROTOCOL = 'haulwise-basemap';
export const CITY_SPRITE_URL = `${PROTOCOL}://sprite/cities`;

const FONT = '600 12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
/** A label's height, and its dot's centre from the label's left edge (CSS pixels). */
const HEIGHT = 18;
export const DOT_CENTRE_X = 6;
const DOT_RADIUS = 3.5;
const TEXT_X = 13;
/** The sheet's width, in CSS pixels. */
const SHEET_WIDTH = 1024;

interface SpriteEntry {
  x: number;
  y: number;
  width: number;
  height: number;
  pixelRatio: number;
}

interface Sheet {
  index: Record<string, SpriteEntry>;
  image: ImageBitmap | ArrayBuffer;
}

let cities: readonly CityRow[] = [];
const sheets = new Map<number, Promise<Sheet>>();
/** How many city labels the last sheet drawn holds (what the map's frame tells tests). */
let drawnLabels = 0;
export const drawnCityLabels = () => drawnLabels;

async function drawSheet(ratio: number): Promise<Sheet> {
  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) throw new Error('No canvas to draw the city labels on');
  measure.font = FONT;
  // Lay the labels out in rows, left to right.
  const placed: { city: CityRow; x: number; y: number; width: number }[] = [];
  let x = 0;
  let y = 0;
  for (const city of cities) {
    const width = Math.ceil(TEXT_X + measure.measureText(city[0]).width + 3);
    if (x + width > SHEET_WIDTH && x > 0) {
      x = 0;
      y += HEIGHT;
    }
    placed.push({ city, x, y, width });
    x += width;
  }
  const canvas = document.createElement('canvas');
  canvas.width = SHEET_WIDTH * ratio;
  canvas.height = Math.max(1, (y + HEIGHT) * ratio);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas to draw the city labels on');
  context.scale(ratio, ratio);
  context.font = FONT;
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  const index: Record<string, SpriteEntry> = {};
  for (const label of placed) {
    const middle = label.y + HEIGHT / 2;
    context.beginPath();
    context.arc(label.x + DOT_CENTRE_X, middle, DOT_RADIUS, 0, Math.PI * 2);
    context.fillStyle = '#4a5568';
    context.strokeStyle = '#ffffff';
    context.lineWidth = 1.5;
    context.fill();
    context.stroke();
    // A white halo keeps the name readable over borders.
    context.lineWidth = 3;
    context.strokeText(label.city[0], label.x + TEXT_X, middle);
    context.fillStyle = '#2d3748';
    context.fillText(label.city[0], label.x + TEXT_X, middle);
    index[cityImageId(label.city)] = {
      x: label.x * ratio,
      y: label.y * ratio,
      width: label.width * ratio,
      height: HEIGHT * ratio,
      pixelRatio: ratio,
    };
  }
  const image =
    typeof createImageBitmap === 'function'
      ? await createImageBitmap(canvas)
      : await new Promise<ArrayBuffer>((resolve, reject) =>
          canvas.toBlob(
            (blob) => (blob ? resolve(blob.arrayBuffer()) : reject(new Error('The city labels could not be drawn'))),
            'image/png',
          ),
        );
  drawnLabels = placed.length;
  return { index, image };
}

function sheetFor(ratio: number): Promise<Sheet> {
  let sheet = sheets.get(ratio);
  if (!sheet) {
    sheet = drawSheet(ratio);
    sheets.set(ratio, sheet);
    sheet.catch(() => sheets.delete(ratio));
  }
  return sheet;
}

let registered = false;

/** Serves the labels of these cities as the sprite at CITY_SPRITE_URL (MapLibre asks for `.json` and `.png`, with `@2x` on a sharp screen). */
export function registerCitySprite(labelled: readonly CityRow[]) {
  cities = labelled;
  sheets.clear();
  if (registered) return;
  registered = true;
  addProtocol(PROTOCOL, async ({ url }) => {
    const json = url.endsWith('.json');
    try {
      const sheet = await sheetFor(/@2x\.(json|png)$/.test(url) ? 2 : 1);
      return { data: json ? sheet.index : sheet.image };
    } catch {
      // A map without city names beats no map: a sprite that fails to load fails the whole style.
      return { data: json ? {} : await createImageBitmap(new ImageData(1, 1)) };
    }
  });
}
