/**
 * Handing a durable batch back to its rooms. Each resolved promise lets a room apply its
 * decision, project every viewer's view and send the frames: 100-180 ms without a break for a
 * large batch under load, during which no socket is read and no join is served, which is what
 * made a few decisions' act -> patch miss the p99 while the CPU was not saturated. Released in
 * slices with a turn of the event loop between them, the same work interleaves with the I/O.
 */
import type { RollingHistogram } from "../loadMonitor.ts";

/** Rooms released per turn of the event loop: about 2-5 ms of room work at today's costs. */
export const RELEASE_SLICE = 16;

export async function releaseInSlices(batch: readonly { queuedAt: number; resolve(): void }[], durableAt: number, commitMs: RollingHistogram): Promise<void> {
  for (let i = 0; i < batch.length; i++) {
    const p = batch[i]!;
    commitMs.record(durableAt - p.queuedAt);
    p.resolve();
    // The resolved rooms' reactions run as microtasks as soon as this function awaits.
    if ((i + 1) % RELEASE_SLICE === 0 && i + 1 < batch.length) await new Promise<void>((r) => setImmediate(r));
  }
}

/** A batch just made durable (its write started at `sentAt`): counted, timed, and released to its rooms. */
export async function settleDurable(
  journal: { readonly writeMs: RollingHistogram; readonly commitMs: RollingHistogram; readonly stats: { batches: number; ops: number } },
  batch: readonly { queuedAt: number; resolve(): void }[],
  sentAt: number,
): Promise<void> {
  const durableAt = performance.now();
  journal.writeMs.record(durableAt - sentAt);
  journal.stats.batches++;
  journal.stats.ops += batch.length;
  await releaseInSlices(batch, durableAt, journal.commitMs);
}
