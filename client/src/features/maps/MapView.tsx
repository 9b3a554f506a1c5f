import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Box, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { MAP_TEXTS, type BaseMapProps } from './map-types';

// MapLibre (about 1 MB) and the map data load only when a screen shows a map.
const BaseMap = lazy(() => import('./BaseMap'));

function MapFrame({ height, children }: { height: string; children: ReactNode }) {
  return (
    <Box h={height} w="full" borderRadius="md" borderWidth="1px" bg="gray.50">
      {children}
    </Box>
  );
}

/** When the map's code cannot be fetched (the app was updated, or the network dropped), say so in place of the map. */
class MapUnavailable extends Component<{ height: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <MapFrame height={this.props.height}>
        <Center h="full" role="alert">
          <Text color="red.700">{MAP_TEXTS.unavailable}</Text>
        </Center>
      </MapFrame>
    );
  }
}

/** A map of labelled places (optionally joined by a line) on the base map; MapLibre loads on first use. */
export function MapView(props: BaseMapProps) {
  return (
    <MapUnavailable height={props.height}>
      <Suspense
        fallback={
          <MapFrame height={props.height}>
            <Center h="full" role="status">
              <Stack align="center" gap="2">
                <Spinner color="blue.600" />
                <Text color="gray.800">{MAP_TEXTS.loading}</Text>
              </Stack>
            </Center>
          </MapFrame>
        }
      >
        <BaseMap {...props} />
      </Suspense>
    </MapUnavailable>
  );
}
