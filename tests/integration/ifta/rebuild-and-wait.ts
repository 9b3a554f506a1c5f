import type { IftaRebuild } from '../../../shared/src/schemas/ifta.js';

interface IftaCaller {
  ifta: {
    rebuildQuarter(input: { quarter: string }): Promise<IftaRebuild>;
    rebuildStatus(input: { quarter: string }): Promise<IftaRebuild | null>;
  };
}

/**
 * Asks for a quarter's rebuild (a job the services' worker runs) and waits, as the IFTA screen
 * does, until ifta.rebuildStatus says it is done; throws when it failed or took over `timeoutMs`.
 */
export async function rebuildQuarterAndWait(caller: IftaCaller, quarter: string, timeoutMs = 30_000): Promise<IftaRebuild> {
  const queued = await caller.ifta.rebuildQuarter({ quarter });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await caller.ifta.rebuildStatus({ quarter });
    if (status?.id === queued.id && status.status === 'done') return status;
    if (status?.id === queued.id && status.status === 'failed') throw new Error(`the rebuild of ${quarter} failed: ${status.error}`);
    if (Date.now() > deadline) throw new Error(`the rebuild of ${quarter} is still ${status?.status ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
