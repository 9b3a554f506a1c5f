import { useEffect, useRef, useState } from 'react';
import { Box, Center, Spinner, Text } from '@chakra-ui/react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { FeatureCollection, Point } from 'geojson';
import { DEFAULT_MAP_ZOOM, toMapLibreZoom, US_CENTER } from '#shared/rules/geo.js';
import { loadBaseStyle, MAP_COLOURS } from '../maps/basemap-style';
import { FRESHNESS_COLOURS, MAP_TEXTS } from '../maps/map-types';
import type { ClusterFeature, ClusterRequest, ClusterResponse, FleetPoint } from './cluster-protocol';

maplibregl.setWorkerUrl(workerUrl);

const SOURCE = 'fleet';

export interface FleetMapProps {
  points: readonly FleetPoint[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  height: string;
}

function featureCollection(features: readonly ClusterFeature[], selectedId: string | null): FeatureCollection<Point> {
  return {
    type: 'FeatureCollection',
    features: features.map((feature) => ({
      type: 'Feature',
      properties: {
        id: feature.id ?? '',
        clusterId: feature.clusterId ?? -1,
        count: feature.count,
        color: FRESHNESS_COLOURS[feature.freshness],
        radius: feature.clusterId === null ? (feature.id === selectedId ? 10 : 7) : Math.min(28, 12 + Math.log2(feature.count) * 3),
        selected: feature.id !== null && feature.id === selectedId,
      },
      geometry: { type: 'Point', coordinates: [feature.lng, feature.lat] },
    })),
  };
}

/** A cluster's count, drawn by the page (the offline style has no glyphs). */
function countElement(count: number): HTMLElement {
  const element = document.createElement('div');
  element.textContent = String(count);
  element.setAttribute('aria-hidden', 'true');
  Object.assign(element.style, {
    color: '#ffffff',
    font: '700 12px/1 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    pointerEvents: 'none',
    textShadow: '0 0 2px rgba(0,0,0,0.6)',
  } satisfies Partial<CSSStyleDeclaration>);
  return element;
}

/**
 * The fleet map (loaded lazily): the offline basemap centred on the US at the spec's zoom 4, the
 * drivers as markers coloured by freshness, clustered by supercluster in a Web Worker so the main
 * thread only draws what the worker answers for the view.
 */
export default function FleetMap({ points, selectedId, onSelect, height }: FleetMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<maplibregl.Map | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const worker = useRef<Worker | null>(null);
  const [features, setFeatures] = useState<ClusterFeature[]>([]);
  const requestId = useRef(0);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  // The clustering worker: one per map.
  useEffect(() => {
    const created = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
    worker.current = created;
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
    current.postMessage({ type: 'load', points: [...points] } satisfies ClusterRequest);
    ask();
    map.on('moveend', ask);
    return () => {
      current.removeEventListener('message', onMessage);
      map.off('moveend', ask);
    };
  }, [map, points]);

  // Draw what the worker answered: circles in one layer, and the clusters' counts.
  useEffect(() => {
    if (!map) return;
    (map.getSource(SOURCE) as maplibregl.GeoJSONSource | undefined)?.setData(featureCollection(features, selectedId));
    const counts = features
      .filter((feature) => feature.clusterId !== null)
      .slice(0, 400)
      .map((feature) => new maplibregl.Marker({ element: countElement(feature.count) }).setLngLat([feature.lng, feature.lat]).addTo(map));
    return () => {
      for (const marker of counts) marker.remove();
    };
  }, [map, features, selectedId]);

  return (
    <Box position="relative" h={height} w="full" borderRadius="md" overflow="hidden" borderWidth="1px" bg={MAP_COLOURS.water}>
      <Box
        ref={container}
        h="full"
        w="full"
        data-testid="fleet-map"
        data-map-status={status}
        data-markers={features.filter((feature) => feature.clusterId === null).length}
        data-clusters={features.filter((feature) => feature.clusterId !== null).length}
      />
      {status === 'loading' ? (
        <Center position="absolute" inset="0" role="status" pointerEvents="none">
          <Spinner size="lg" color="blue.600" />
          <Text srOnly>{MAP_TEXTS.loading}</Text>
        </Center>
      ) : null}
      {status === 'failed' ? (
        <Center position="absolute" inset="0" role="alert" bg="gray.50">
          <Text color="red.700">{MAP_TEXTS.unavailable}</Text>
        </Center>
      ) : null}
    </Box>
  );
}
