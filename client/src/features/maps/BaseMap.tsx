import { useEffect, useRef, useState } from 'react';
import { Box } from '@chakra-ui/react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection, LineString, Point, Polygon } from 'geojson';
import { DEFAULT_MAP_ZOOM, toMapLibreZoom, US_CENTER } from '#shared/rules/geo.js';
import { loadBaseStyle, MAP_COLOURS } from './basemap-style';
import { MapFrame, type MapStatus } from './MapFrame';
import type { BaseMapProps, MapDraggablePoint, MapFence, MapPlace, MapTrack } from './map-types';

// The worker ships as its own file of the build (served from our origin, as the CSP's worker-src allows).
maplibregl.setWorkerUrl(workerUrl);

/** The spec's zoom 4 (the whole contiguous US) is for a desktop-sized map; a narrower one zooms out in proportion, so a phone shows as much. */
const DESKTOP_MAP_WIDTH = 720;
const DEFAULT_ZOOM = toMapLibreZoom(DEFAULT_MAP_ZOOM);

const PLACES = 'haulwise-places';
const ROUTE = 'haulwise-route';
const TRACK = 'haulwise-track';
const FENCES = 'haulwise-fences';
const FENCE_OUTLINES = 'haulwise-fence-outlines';
/** How close the map shows a point being moved: a mile's fence is then a circle a few dozen pixels wide. */
const DRAGGABLE_ZOOM = 11;
/** Miles in a degree of latitude. */
const MILES_PER_DEGREE = 69.05;
/** How close a single place is shown (its state and the neighbours), and the closest a fitted lane gets (a city block helps nobody). */
const SINGLE_PLACE_ZOOM = 4;
const MAX_FIT_ZOOM = 9;

const emptyPlaces: FeatureCollection<Point> = { type: 'FeatureCollection', features: [] };
const emptyRoute: FeatureCollection<LineString> = { type: 'FeatureCollection', features: [] };
const emptyFences: FeatureCollection<Polygon> = { type: 'FeatureCollection', features: [] };

/** Each fence as a polygon of 64 sides around its point (miles east and west shrink with the latitude's cosine). */
function fencesData(fences: readonly MapFence[] | undefined): FeatureCollection<Polygon> {
  if (!fences || fences.length === 0) return emptyFences;
  return {
    type: 'FeatureCollection',
    features: fences.map((fence) => {
      const dLat = fence.radiusMiles / MILES_PER_DEGREE;
      const dLng = dLat / Math.max(0.01, Math.cos((fence.lat * Math.PI) / 180));
      const ring = Array.from({ length: 65 }, (_, index) => {
        const angle = ((index % 64) / 64) * 2 * Math.PI;
        return [fence.lng + dLng * Math.sin(angle), fence.lat + dLat * Math.cos(angle)];
      });
      return { type: 'Feature', properties: { id: fence.id, color: fence.color }, geometry: { type: 'Polygon', coordinates: [ring] } };
    }),
  };
}

function placesData(places: readonly MapPlace[]): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: places.map((place) => ({
      type: 'Feature',
      properties: { id: place.id, color: place.color },
      geometry: { type: 'Point', coordinates: [place.lng, place.lat] },
    })),
  };
}

function routeData(places: readonly MapPlace[], connect: boolean): FeatureCollection<LineString> {
  if (!connect || places.length < 2) return emptyRoute;
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: places.map((place) => [place.lng, place.lat]) } },
    ],
  };
}

function trackData(track: MapTrack | undefined): FeatureCollection<LineString> {
  if (!track || track.coordinates.length < 2) return emptyRoute;
  return {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: track.coordinates.map(([lng, lat]) => [lng, lat]) } },
    ],
  };
}

/** The labelled points a map shows: its places, and its track's marker. */
const shownPlaces = (places: readonly MapPlace[], track: MapTrack | undefined): readonly MapPlace[] =>
  track?.marker ? [...places, track.marker] : places;

/** What a map frames: its places and, when there is one, its track's points. */
function framedPoints(places: readonly MapPlace[], track: MapTrack | undefined): readonly Pick<MapPlace, 'lat' | 'lng'>[] {
  if (!track) return places;
  return [...shownPlaces(places, track), ...track.coordinates.map(([lng, lat]) => ({ lat, lng }))];
}

/** A label beside a point, drawn by the page (the offline style has no glyphs). */
function labelElement(place: MapPlace): HTMLElement {
  const element = document.createElement('div');
  element.className = 'haulwise-map-label';
  element.textContent = place.label;
  element.dataset.testid = 'map-label';
  Object.assign(element.style, {
    background: 'white',
    color: '#1a202c',
    border: `2px solid ${place.color}`,
    borderRadius: '6px',
    padding: '2px 6px',
    font: '600 12px/1.3 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    whiteSpace: 'nowrap',
    boxShadow: '0 1px 3px rgba(0,0,0,0.25)',
    pointerEvents: 'none',
  } satisfies Partial<CSSStyleDeclaration>);
  return element;
}

/** Room the zoom buttons (top right) and the attribution (bottom) take at the map's edges. */
const CONTROLS = { right: 40, bottom: 36 } as const;

/**
 * Labels sit above their points, centred: keep them inside the map, and clear of the zoom
 * buttons and the attribution, when fitting a lane (as far as the map's size allows).
 */
function fitPadding(width: number, height: number, labelWidth: number) {
  const side = Math.min(Math.ceil(labelWidth / 2) + 8, Math.floor(width / 4));
  return {
    top: Math.min(48, Math.floor(height / 4)),
    bottom: Math.min(CONTROLS.bottom, Math.floor(height / 5)),
    left: side,
    right: side + Math.min(CONTROLS.right, Math.floor(width / 10)),
  };
}

/** Shows every place: the lane's bounds, one place close up, or the middle of the US at zoom 4 when there is none. */
function frame(map: maplibregl.Map, places: readonly Pick<MapPlace, 'lat' | 'lng'>[], labelWidth: number) {
  const { clientWidth, clientHeight } = map.getContainer();
  if (clientWidth === 0 || clientHeight === 0) return;
  const [first] = places;
  if (!first) {
    const zoom = DEFAULT_ZOOM + Math.min(0, Math.log2(clientWidth / DESKTOP_MAP_WIDTH));
    map.jumpTo({ center: [US_CENTER.lng, US_CENTER.lat], zoom });
    return;
  }
  if (places.length === 1) {
    map.jumpTo({ center: [first.lng, first.lat], zoom: SINGLE_PLACE_ZOOM });
    return;
  }
  const bounds = new maplibregl.LngLatBounds([first.lng, first.lat], [first.lng, first.lat]);
  for (const place of places) bounds.extend([place.lng, place.lat]);
  map.fitBounds(bounds, { padding: fitPadding(clientWidth, clientHeight, labelWidth), maxZoom: MAX_FIT_ZOOM, duration: 0 });
}

/** The one MapLibre map of the app. Loaded lazily (see MapView): nothing else imports maplibre-gl. */
export default function BaseMap({ places, track, fences, draggable, connect = false, ariaLabel, height }: BaseMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [status, setStatus] = useState<MapStatus>('loading');
  // What the resize observer needs to frame the places again: the latest places and their widest label.
  const framing = useRef({ places: framedPoints(places, track), labelWidth: 0 });
  // While a point is dragged the map keeps the view the person chose (a refreshed track must not zoom it out).
  const holdView = useRef(false);
  // The map while it is on the page.
  const live = useRef<maplibregl.Map | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let created: maplibregl.Map | null = null;
    let observer: ResizeObserver | null = null;
    loadBaseStyle()
      .then((style) => {
        if (cancelled) return;
        created = new maplibregl.Map({
          container: element,
          style,
          center: [US_CENTER.lng, US_CENTER.lat],
          zoom: DEFAULT_ZOOM,
          attributionControl: { compact: true },
          locale: { 'Map.Title': ariaLabel },
          fadeDuration: 0,
        });
        const map = created;
        let loaded = false;
        map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        map.on('error', () => {
          // Before the map has loaded an error means no map at all; later ones (a tile of a hosted style) are survivable.
          if (!loaded) setStatus('failed');
        });
        map.on('load', () => {
          if (cancelled) return;
          loaded = true;
          map.addSource(ROUTE, { type: 'geojson', data: emptyRoute });
          map.addSource(TRACK, { type: 'geojson', data: emptyRoute });
          map.addSource(PLACES, { type: 'geojson', data: emptyPlaces });
          map.addSource(FENCES, { type: 'geojson', data: emptyFences });
          map.addLayer({
            id: FENCES,
            type: 'fill',
            source: FENCES,
            paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.15 },
          });
          map.addLayer({
            id: FENCE_OUTLINES,
            type: 'line',
            source: FENCES,
            paint: { 'line-color': ['get', 'color'], 'line-width': 2 },
          });
          map.addLayer({
            id: ROUTE,
            type: 'line',
            source: ROUTE,
            layout: { 'line-cap': 'round', 'line-join': 'round' },
            paint: { 'line-color': MAP_COLOURS.route, 'line-width': 3, 'line-dasharray': [2, 1.5] },
          });
          map.addLayer({
            id: TRACK,
            type: 'line',
            source: TRACK,
            layout: { 'line-cap': 'round', 'line-join': 'round' },
            paint: { 'line-color': MAP_COLOURS.route, 'line-width': 4 },
          });
          map.addLayer({
            id: PLACES,
            type: 'circle',
            source: PLACES,
            paint: { 'circle-radius': 7, 'circle-color': ['get', 'color'], 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
          });
          setStatus('ready');
          live.current = map;
          setMap(map);
        });
        // A map in a dialog or tab is often laid out after it mounts: follow the container's size.
        observer = new ResizeObserver(() => {
          map.resize();
          if (loaded && !holdView.current) frame(map, framing.current.places, framing.current.labelWidth);
        });
        observer.observe(element);
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      live.current = null;
      observer?.disconnect();
      created?.remove();
      setMap(null);
    };
    // The map is built once per mount; places are drawn by the effect below.
  }, [ariaLabel]);

  useEffect(() => {
    if (!map) return;
    (map.getSource(PLACES) as maplibregl.GeoJSONSource | undefined)?.setData(placesData(shownPlaces(places, track)));
    (map.getSource(ROUTE) as maplibregl.GeoJSONSource | undefined)?.setData(routeData(places, connect));
    (map.getSource(TRACK) as maplibregl.GeoJSONSource | undefined)?.setData(trackData(track));
    if (track && map.getLayer(TRACK)) map.setPaintProperty(TRACK, 'line-color', track.color);
    const labels = shownPlaces(places, track).map((place) =>
      new maplibregl.Marker({
        element: labelElement(place),
        anchor: place.labelBelow ? 'top' : 'bottom',
        offset: [0, place.labelBelow ? 10 : -10],
      })
        .setLngLat([place.lng, place.lat])
        .addTo(map),
    );
    framing.current = {
      places: framedPoints(places, track),
      labelWidth: Math.max(0, ...labels.map((label) => label.getElement().offsetWidth)),
    };
    if (!holdView.current) frame(map, framing.current.places, framing.current.labelWidth);
    return () => {
      for (const label of labels) label.remove();
    };
  }, [map, places, track, connect]);

  useEffect(() => {
    (map?.getSource(FENCES) as maplibregl.GeoJSONSource | undefined)?.setData(fencesData(fences));
  }, [map, fences]);

  useDraggablePoint(map, draggable, holdView, () => {
    // Not after the map is gone (its own effect removes it first when the page leaves).
    if (map && map === live.current) frame(map, framing.current.places, framing.current.labelWidth);
  });

  return (
    <MapFrame height={height} status={status}>
      {/* Sized by the frame, not positioned: MapLibre's stylesheet makes its container position: relative. */}
      <Box ref={container} h="full" w="full" data-testid="map" data-map-status={status} />
    </MapFrame>
  );
}

/**
 * The draggable marker (MapLibre's own, draggable: focusable, and moved by the arrow keys too),
 * made once per point: the map goes close to it, its drops are handed to `onMove`, and a point
 * moved elsewhere (typed in the fields) moves it without touching the view unless it left it.
 * When it goes the map frames its places again.
 */
function useDraggablePoint(
  map: maplibregl.Map | null,
  draggable: MapDraggablePoint | undefined,
  holdView: { current: boolean },
  reframe: () => void,
) {
  const marker = useRef<maplibregl.Marker | null>(null);
  const onMove = useRef(draggable?.onMove);
  onMove.current = draggable?.onMove;
  const reframed = useRef(reframe);
  reframed.current = reframe;
  const id = draggable?.id;
  const color = draggable?.color;
  const label = draggable?.label;
  const start = useRef(draggable ? { lat: draggable.lat, lng: draggable.lng } : null);
  start.current = draggable ? { lat: draggable.lat, lng: draggable.lng } : null;

  useEffect(() => {
    const point = start.current;
    if (!map || id === undefined || !point) return;
    holdView.current = true;
    const made = new maplibregl.Marker({ draggable: true, color }).setLngLat([point.lng, point.lat]).addTo(map);
    const element = made.getElement();
    element.setAttribute('aria-label', label ?? 'Point');
    element.dataset.testid = 'draggable-point';
    made.on('dragend', () => {
      const { lat, lng } = made.getLngLat();
      onMove.current?.({ lat, lng });
    });
    marker.current = made;
    map.jumpTo({ center: [point.lng, point.lat], zoom: Math.max(map.getZoom(), DRAGGABLE_ZOOM) });
    return () => {
      made.remove();
      marker.current = null;
      holdView.current = false;
      reframed.current();
    };
  }, [map, id, color, label, holdView]);

  const lat = draggable?.lat;
  const lng = draggable?.lng;
  useEffect(() => {
    const made = marker.current;
    if (!map || !made || lat === undefined || lng === undefined) return;
    const shown = made.getLngLat();
    if (Math.abs(shown.lat - lat) < 1e-7 && Math.abs(shown.lng - lng) < 1e-7) return;
    made.setLngLat([lng, lat]);
    if (!map.getBounds().contains([lng, lat])) map.jumpTo({ center: [lng, lat] });
  }, [map, lat, lng]);
}
