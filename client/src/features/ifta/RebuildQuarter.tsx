import { useEffect, useRef, useState } from 'react';
import { Button, Progress, Stack, Text } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import type { IftaRebuild } from '#shared/schemas/ifta.js';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../components/toaster';
import { reportFailure } from '../../lib/errors';
import { formatDateTime, formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';

/** While a rebuild is queued or running, its progress is read this often. */
const POLL_MS = 1_000;

const underWay = (rebuild: IftaRebuild | null | undefined) => rebuild?.status === 'queued' || rebuild?.status === 'running';
const quarterLabel = (quarter: string) => quarter.replace('-', ' ');

/** The quarter's latest rebuild (a job on the server: docs/ifta.md), read again every second while it is under way. */
function useRebuildStatus(quarter: string) {
  return trpc.ifta.rebuildStatus.useQuery({ quarter }, { refetchInterval: (query) => (underWay(query.state.data) ? POLL_MS : false) });
}

/** When a rebuild seen under way finishes: the report is read again and a toast says how it ended. */
function useRebuildFinished(quarter: string, rebuild: IftaRebuild | null | undefined) {
  const utils = trpc.useUtils();
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (!rebuild) return;
    if (underWay(rebuild)) {
      watched.current = rebuild.id;
      return;
    }
    if (watched.current !== rebuild.id) return;
    watched.current = null;
    void utils.ifta.report.invalidate({ quarter });
    if (rebuild.status === 'done') {
      notify.success(
        'Quarter rebuilt',
        `${formatNumber(rebuild.positions)} positions of ${rebuild.trucksTotal} ${rebuild.trucksTotal === 1 ? 'truck' : 'trucks'} read again`,
      );
    } else {
      notify.error('The rebuild failed', rebuild.error ?? 'Try again.');
    }
  }, [rebuild, quarter, utils]);
}

/** "Rebuild quarter" for admins: asks first, then queues the rebuild; the button waits while one is under way. */
export function RebuildQuarterButton({ quarter }: { quarter: string }) {
  const status = useRebuildStatus(quarter);
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const rebuild = trpc.ifta.rebuildQuarter.useMutation({
    onSuccess: (queued) => utils.ifta.rebuildStatus.setData({ quarter }, queued),
  });
  const busy = rebuild.isPending || underWay(status.data);
  return (
    <>
      <Button variant="outline" loading={busy} loadingText="Rebuilding..." onClick={() => setConfirming(true)}>
        <RefreshCw aria-hidden="true" /> Rebuild quarter
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Rebuild ${quarterLabel(quarter)}?`}
        description="Every truck's miles for the quarter are counted again from the positions stored, replacing the figures shown. It runs in the background (minutes for a large fleet); the report updates when it is done."
        confirmLabel="Rebuild"
        busyLabel="Starting..."
        isPending={rebuild.isPending}
        onConfirm={() =>
          rebuild.mutate(
            { quarter },
            {
              onSuccess: () => setConfirming(false),
              onError: (error) => reportFailure('Failed to rebuild the quarter', error),
            },
          )
        }
      />
    </>
  );
}

/** The rebuild under way (trucks done of the total, positions read), or when the last one finished. */
export function RebuildProgress({ quarter }: { quarter: string }) {
  const rebuild = useRebuildStatus(quarter).data;
  useRebuildFinished(quarter, rebuild);
  if (!rebuild) return null;
  if (underWay(rebuild)) {
    const total = rebuild.trucksTotal;
    return (
      <Stack gap="1" data-testid="ifta-rebuild-progress">
        <Progress.Root
          value={rebuild.status === 'running' && total > 0 ? Math.round((rebuild.trucksDone / total) * 100) : null}
          size="sm"
          colorPalette="blue"
          aria-label="Rebuild progress"
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Text fontSize="sm" color="gray.700" aria-live="polite">
          {rebuild.status === 'queued'
            ? 'Rebuild queued...'
            : `Rebuilding from the tracks: ${formatNumber(rebuild.trucksDone)} of ${formatNumber(total)} trucks, ${formatNumber(rebuild.positions)} positions read`}
        </Text>
      </Stack>
    );
  }
  return (
    <Text fontSize="sm" color={rebuild.status === 'failed' ? 'red.700' : 'gray.700'} data-testid="ifta-rebuild-progress">
      {rebuild.status === 'failed'
        ? `The last rebuild failed${rebuild.finishedAt ? ` (${formatDateTime(rebuild.finishedAt)})` : ''}: ${rebuild.error ?? 'unknown error'}`
        : `Last rebuilt from the tracks ${formatDateTime(rebuild.finishedAt)}: ${formatNumber(rebuild.positions)} positions of ${formatNumber(rebuild.trucksTotal)} trucks.`}
    </Text>
  );
}
