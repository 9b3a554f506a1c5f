import type { ReactNode } from 'react';
import { Box, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { basemapLayerIds, MAP_COLOURS } from './basemap-style';
import { drawnCityLabels } from './city-sprite';
import { MAP_TEXTS } from './map-types';

export type MapStatus = 'loading' | 'ready' | 'failed';

/**
 * The frame every MapLibre map sits in (the lane and location maps, the fleet map): its size, the
 * water colour under the tiles, and the loading and failure overlays. `contain: inline-size` keeps
 * the canvas out of the page's width: a canvas sized at a wider moment (a drawer's scroll lock, a
 * rotation) would otherwise hold its column, and so itself, that wide. Once the map is ready the
 * frame tells tests the offline base map's layers (`data-basemap-layers`, absent with a hosted style)
 * and how many city labels were drawn for it (`data-city-labels`).
 */
export function MapFrame({ height, status, children }: { height: string; status: MapStatus; children: ReactNode }) {
  return (
    <Box
      position="relative"
      h={height}
      w="full"
      minW="0"
      css={{ contain: 'inline-size' }}
      borderRadius="md"
      overflow="hidden"
      borderWidth="1px"
      bg={MAP_COLOURS.water}
      data-basemap-layers={status === 'ready' ? basemapLayerIds()?.join(' ') : undefined}
      data-city-labels={status === 'ready' ? drawnCityLabels() : undefined}
    >
      {children}
      {status === 'loading' ? (
        <Center position="absolute" inset="0" role="status" pointerEvents="none">
          <Stack align="center" gap="2">
            <Spinner color="blue.600" />
            <Text color="gray.800">{MAP_TEXTS.loading}</Text>
          </Stack>
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
