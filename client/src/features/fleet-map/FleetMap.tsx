import { useEffect, useRef, useState } from 'react';
import { Box } from '@chakra-ui/react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { Point } from 'geojson';
import { DEFAULT_MAP_ZOOM, toMapLibreZoom, US_CENTER } from '#shared/rules/geo.js';
import { loadBaseStyle } from '../maps/basemap-style';
import { MapFrame, type MapStatus } from '../maps/MapFrame';
import type { ClusterFeature, ClusterRequest, ClusterResponse, PackedPoints } from './cluster-protocol';
import { COUNT_IMAGE_PREFIX, featureCollection, loadMessage } from './fleet-map-model';

maplibregl.setWorkerUrl(workerUrl);

const SOURCE = 'fleet';

export interface FleetMapProps {
  /** The drivers with a position, packed (fleet-map-model.ts summarizeFleet). */
  points: PackedPoints;
  selectedId: string | null;
  onSelect: (id: string) => void;
  height: string;
}

/** A cluster's count as an image the map draws (the offline style has no glyphs for text): made once per count. */
function countImage(count: number): ImageData | null {
  const ratio = 2;
  const text = String(count);
  const canvas = document.createElement('canvas');
  canvas.width = (8 * text.length + 6) * ratio;
  canvas.height = 16 * ratio;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.scale(ratio, ratio);
  context.font = '700 12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.shadowColor = 'rgba(0,0,0,0.6)';
  context.shadowBlur = 2;
  context.fillStyle = '#ffffff';
  context.fillText(text, canvas.width / ratio / 2, 8);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

/**
 * The fleet map (loaded lazily): the offline basemap centred on the US at the spec's zoom 4, the
 * drivers as markers coloured by freshness, clustered by supercluster in a Web Worker so the main
 * thread only draws what the worker answers for the view: one GeoJSON source for the circles and
 * the clusters' counts (a symbol layer of count images, each made once), no DOM element per marker.
 */
export default function FleetMap({ points, selectedId, onSelect, height }: FleetMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [status, setStatus] = useState<MapStatus>('loading');
  const worker = useRef<Worker | null>(null);
  const [features, setFeatures] = useState<ClusterFeature[]>([]);
  const requestId = useRef(0);
  /** The ids the worker holds (sent again only when they change). */
  const sentIds = useRef<string[] | null>(null);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  // The clustering worker: one per map.
  useEffect(() => {
    const created = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
    worker.current = created;
    sentIds.current = null;
    return () => {
      created.terminate();
      worker.current = null;
    };
  }, []);

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
          zoom: toMapLibreZoom(DEFAULT_MAP_ZOOM),
          attributionControl: { compact: true },
          locale: { 'Map.Title': 'Fleet map' },
          fadeDuration: 0,
        });
        const built = created;
        let loaded = false;
        built.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
        built.on('error', () => {
          if (!loaded) setStatus('failed');
        });
        built.on('load', () => {
          if (cancelled) return;
          loaded = true;
          built.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
          built.addLayer({
            id: SOURCE,
            type: 'circle',
            source: SOURCE,
            paint: {
              'circle-radius': ['get', 'radius'],
              'circle-color': ['get', 'color'],
              'circle-stroke-color': ['case', ['get', 'selected'], '#1a202c', '#ffffff'],
              'circle-stroke-width': ['case', ['get', 'selected'], 3, 2],
            },
          });
          built.addLayer({
            id: `${SOURCE}-counts`,
            type: 'symbol',
            source: SOURCE,
            filter: ['>=', ['get', 'clusterId'], 0],
            layout: { 'icon-image': ['get', 'label'], 'icon-allow-overlap': true, 'icon-ignore-placement': true },
          });
          // A count's image is made the first time a cluster of that size is drawn (MapLibre 6 asks
          // its resolver; a 'styleimagemissing' listener can no longer supply the image).
          built.setMissingStyleImageResolver((id) => {
            if (!id.startsWith(COUNT_IMAGE_PREFIX) || built.hasImage(id)) return;
            const image = countImage(Number(id.slice(COUNT_IMAGE_PREFIX.length)));
            if (image) built.addImage(id, image, { pixelRatio: 2 });
          });
          built.on('click', SOURCE, (event) => {
            const feature = event.features?.[0];
            if (!feature) return;
            const properties = feature.properties as { id: string; clusterId: number };
            if (properties.clusterId >= 0) {
              const id = (requestId.current += 1);
              const [lng, lat] = (feature.geometry as Point).coordinates as [number, number];
              const onExpand = (message: MessageEvent<ClusterResponse>) => {
                if (message.data.type !== 'expand' || message.data.requestId !== id) return;
                worker.current?.removeEventListener('message', onExpand);
                built.easeTo({ center: [lng, lat], zoom: message.data.zoom });
              };
              worker.current?.addEventListener('message', onExpand);
              worker.current?.postMessage({ type: 'expand', requestId: id, clusterId: properties.clusterId } satisfies ClusterRequest);
            } else if (properties.id) {
              onSelectRef.current(properties.id);
            }
          });
          built.on('mouseenter', SOURCE, () => (built.getCanvas().style.cursor = 'pointer'));
          built.on('mouseleave', SOURCE, () => (built.getCanvas().style.cursor = ''));
          setStatus('ready');
          setMap(built);
        });
        observer = new ResizeObserver(() => built.resize());
        observer.observe(element);
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      created?.remove();
      setMap(null);
    };
  }, []);

  // New positions: the worker re-indexes them, then the view asks for its clusters.
  useEffect(() => {
    const current = worker.current;
    if (!map || !current) return;
    const ask = () => {
      const bounds = map.getBounds();
      const id = (requestId.current += 1);
      current.postMessage({
        type: 'clusters',
        requestId: id,
        bbox: [
          Math.max(-180, bounds.getWest()),
          Math.max(-85, bounds.getSouth()),
          Math.min(180, bounds.getEast()),
          Math.min(85, bounds.getNorth()),
        ],
        // MapLibre's zoom is one below the web maps' zoom supercluster's tiles count in.
        zoom: map.getZoom() + 1,
      } satisfies ClusterRequest);
    };
    const onMessage = (message: MessageEvent<ClusterResponse>) => {
      if (message.data.type === 'clusters' && message.data.requestId === requestId.current) setFeatures(message.data.features);
    };
    current.addEventListener('message', onMessage);
    // The positions move to the worker without a copy; the ids only when they changed.
    const { message, transfer } = loadMessage(points, sentIds.current);
    sentIds.current = points.ids;
    current.postMessage(message, transfer);
    ask();
    map.on('moveend', ask);
    return () => {
      current.removeEventListener('message', onMessage);
      map.off('moveend', ask);
    };
  }, [map, points]);

  // Draw what the worker answered: the circles and the clusters' counts, from one source.
  useEffect(() => {
    if (!map) return;
    (map.getSource(SOURCE) as maplibregl.GeoJSONSource | undefined)?.setData(featureCollection(features, selectedId));
  }, [map, features, selectedId]);

  return (
    <MapFrame height={height} status={status}>
      <Box
        ref={container}
        h="full"
        w="full"
        data-testid="fleet-map"
        data-map-status={status}
        data-markers={features.filter((feature) => feature.clusterId === null).length}
        data-clusters={features.filter((feature) => feature.clusterId !== null).length}
      />
    </MapFrame>
  );
}
