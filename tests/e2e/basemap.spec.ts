import { expect, openAs, test } from './support/fixtures';

/**
 * The base map as a dispatcher meets it on the fleet map: drawn from data shipped with the app,
 * with the biggest cities named (labels drawn as images in the page's font, since the offline
 * style has no glyphs). The fixture fails any request that leaves this machine. There is no road
 * layer yet: no npm package ships US highway lines (client/src/features/maps/basemap-style.ts).
 */

/** Drawing the first map compiles WebGL shaders in software: slow on a busy machine. */
const MAP_READY_TIMEOUT = 60_000;

test('the fleet map shows the offline base map with the biggest cities named, and nothing is fetched from elsewhere', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /sprite|city:|could not be loaded/i.test(message.text())) errors.push(message.text());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, 'Dispatcher', '/fleet-map');
  const map = page.getByTestId('fleet-map');
  await expect(map).toHaveAttribute('data-map-status', 'ready', { timeout: MAP_READY_TIMEOUT });
  const frame = page.locator('[data-basemap-layers]').filter({ has: map });
  const layers = ((await frame.getAttribute('data-basemap-layers')) ?? '').split(' ');
  expect(layers).toEqual(expect.arrayContaining(['land', 'states', 'state-borders', 'city-labels']));
  // The labels sit above the states and below everything the screen draws (the drivers).
  expect(layers.at(-1)).toBe('city-labels');
  expect(Number(await frame.getAttribute('data-city-labels'))).toBeGreaterThan(100);
  // MapLibre places the labels over a few frames: give it a moment, then no label image went missing.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));
  expect(errors).toEqual([]);
});
