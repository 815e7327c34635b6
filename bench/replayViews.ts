/**
 * Replay step views: `GET /api/matches/:id/replay?step=&seat=` answered by the
 * server's ReplayPool. For a long random match of each game, the first view (one re-simulation
 * that keeps a checkpoint every 32 steps), then random steps from random seats. The same
 * requests in the calling thread (REPLAY_WORKERS=0) are the baseline; during each, the calling
 * thread's event-loop delay says how long a live room of that process would have waited.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { playRandomGame } from "../rules/core/selfPlay.ts";
import { replayWorkerEntry } from "../rooms/registry.ts";
import { silentLogger } from "../server/log.ts";
import { ReplayPool } from "../server/replay/replayPool.ts";
import type { EngineBenchInput } from "./engines.ts";
import { round, summarize } from "./stats.ts";

async function measure(pool: ReplayPool, id: string, replay: ReturnType<typeof playRandomGame>["replay"], views: number) {
  const seats = replay.seats.length;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  // A timer that must fire every millisecond: how late it fires is what a room's timers see.
  const ticking = setInterval(() => {}, 1);
  loop.enable();
  const elu = performance.eventLoopUtilization();
  let t = performance.now();
  await pool.view({ id, step: replay.steps.length, seat: 0, reveal: false }, replay);
  const firstMs = performance.now() - t;
  const samples: number[] = [];
  // A seeded walk, so both modes ask the same steps.
  let x = 12345;
  for (let i = 0; i < views; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const step = x % (replay.steps.length + 1);
    const seat = i % (seats + 1) === seats ? null : i % (seats + 1);
    // Each request arrives on its own turn of the event loop, as HTTP requests do, so a view
    // computed in this thread shows up as event-loop delay (what every room here would wait).
    await new Promise((r) => setImmediate(r));
    t = performance.now();
    await pool.view({ id, step, seat, reveal: false });
    samples.push(performance.now() - t);
  }
  loop.disable();
  clearInterval(ticking);
  const busy = performance.eventLoopUtilization(elu);
  const s = summarize(samples);
  return {
    firstViewMs: round(firstMs, 1),
    viewMs: { p50: round(s.p50, 2), p99: round(s.p99, 2), n: s.n },
    // The rooms' thread: how long it was busy over the first view and all the others (its own
    // share of the work), and how late its timers fired meanwhile.
    roomsThreadBusyMs: round(busy.active, 1),
    eventLoopDelayMs: { p99: round(loop.percentile(99) / 1e6, 1), max: round(loop.max / 1e6, 1) },
  };
}

export async function replayViewCosts(games: readonly EngineBenchInput[], views: number) {
  const engines = new Map(games.map((g) => [g.engine.game, g.engine]));
  const worker = new ReplayPool({ engines, log: silentLogger, workers: 1, workerEntry: replayWorkerEntry });
  const local = new ReplayPool({ engines, log: silentLogger, workers: 0 });
  const out: Record<string, unknown>[] = [];
  try {
    // The worker's own start (loading the engines) is not a view's cost: one view first.
    const warm = playRandomGame(games[0]!.engine, games[0]!.config, games[0]!.seats, "warm").replay;
    await worker.view({ id: "warm", step: 1, seat: 0, reveal: false }, warm);
    for (const g of games) {
      const { replay } = playRandomGame(g.engine, g.config, g.seats, `replay-views-${g.engine.game}`);
      const id = `${g.engine.game}-${g.seats.length}`;
      const inWorker = await measure(worker, id, replay, views);
      const inThread = await measure(local, id, replay, views);
      out.push({
        game: g.engine.game,
        players: g.seats.length,
        steps: replay.steps.length,
        worker: inWorker,
        baselineSameThread: inThread,
        ratio: {
          viewP50: round(inWorker.viewMs.p50 / inThread.viewMs.p50, 2),
          viewP99: round(inWorker.viewMs.p99 / inThread.viewMs.p99, 2),
          roomsThreadBusy: round(inWorker.roomsThreadBusyMs / inThread.roomsThreadBusyMs, 2),
        },
      });
    }
  } finally {
    await worker.close();
    await local.close();
  }
  return out;
}
