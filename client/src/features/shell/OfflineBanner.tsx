import { useEffect, useSyncExternalStore } from 'react';
import { Box, Text } from '@chakra-ui/react';
import { WifiOff } from 'lucide-react';
import { shareLoadedAssets } from '../../lib/offline-assets';
import { offlineSnapshotTime } from '../../lib/offline-snapshot';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;

/**
 * Says so while the device is offline: what is on screen is what was last loaded (the portals
 * keep it across a restart: lib/offline-snapshot.ts), and changes wait for the connection
 * (positions queue by themselves: lib/offline-queue.ts). Also hands the service worker the
 * assets this tab loaded, so the shell opens offline next time.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, isOnline);
  useEffect(() => shareLoadedAssets(), []);
  if (online) return null;
  const savedAt = offlineSnapshotTime();
  return (
    <Box
      role="status"
      bg="orange.100"
      color="orange.900"
      px={{ base: '4', md: '8' }}
      py="2"
      borderBottomWidth="1px"
      borderColor="orange.200"
    >
      <Text fontSize="sm" display="flex" alignItems="center" gap="2">
        <WifiOff size={16} aria-hidden />
        <span>
          You are offline. Showing what was last loaded
          {savedAt
            ? ` (${new Date(savedAt).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })})`
            : ''}
          ; changes need a connection.
        </span>
      </Text>
    </Box>
  );
}
