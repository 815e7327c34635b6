/**
 * Replay views in worker threads: the same answers as in the calling thread, the index kept
 * per match (a known match needs no replay), least recently viewed matches dropped, and a worker
 * that crashes, hangs or is flooded answers ReplayUnavailableError (503) without taking the
 * pool down: the next request gets a fresh worker.
 */
import { afterEach, describe, expect, it } from "vitest";
import { playRandomGame } from "../../rules/core/selfPlay.ts";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { highCardEngine } from "../../test/fixtures/highcard.ts";
import { silentLogger } from "../log.ts";
import { ReplayPool, ReplayUnavailableError } from "./replayPool.ts";
import { ReplayViews } from "./replayViews.ts";

const engine = highCardEngine as unknown as AnyEngine;
const engines = new Map([[engine.game, engine]]);
const entry = (mode?: string) => new URL(`../../test/fixtures/highcardReplayWorker.ts${mode ? `?mode=${mode}` : ""}`, import.meta.url);
const replayOf = (seed: string) => playRandomGame(highCardEngine, {}, [{}, {}], seed).replay;
const LIMIT = 60_000; // a worker thread's start under a busy machine

const pools: ReplayPool[] = [];
function pool(options: Partial<ConstructorParameters<typeof ReplayPool>[0]> = {}): ReplayPool {
  const p = new ReplayPool({ engines, log: silentLogger, workers: 1, workerEntry: entry(), ...options });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe("ReplayPool", () => {
  it(
    "a worker answers exactly what the calling thread would, and keeps the index: a known match needs no replay",
    async () => {
      const replay = replayOf("pool-1");
      const local = new ReplayViews(engines);
      const p = pool();
      for (const request of [
        { id: "m1", step: 0, seat: 0, reveal: false },
        { id: "m1", step: 5, seat: 1, reveal: false },
        { id: "m1", step: 3, seat: null, reveal: false },
        { id: "m1", step: replay.steps.length, seat: null, reveal: true },
      ]) {
        const answer = JSON.parse(await p.view(request, p.known("m1") ? undefined : replay));
        expect(answer).toEqual(local.answer(request, replay));
      }
      expect(p.known("m1")).toEqual({ game: "highcard", version: highCardEngine.version, seats: 2, steps: replay.steps.length, slot: 0 });
    },
    LIMIT,
  );

  it(
    "keeps the most recently viewed matches; one dropped needs its replay again",
    async () => {
      const p = pool({ keptPerWorker: 2 });
      for (const id of ["a", "b", "c"]) await p.view({ id, step: 1, seat: 0, reveal: false }, replayOf(id));
      expect(p.known("a")).toBeUndefined();
      expect(p.known("b")).toBeDefined();
      expect(p.known("c")).toBeDefined();
      await expect(p.view({ id: "a", step: 1, seat: 0, reveal: false })).rejects.toThrow(/not indexed/);
      // The worker dropped it too: asked without the replay, it says so.
      expect(JSON.parse(await p.view({ id: "a", step: 1, seat: 0, reveal: false }, replayOf("a"))).step).toBe(1);
    },
    LIMIT,
  );

  it(
    "a worker that crashes answers ReplayUnavailableError, and the next request gets a new worker",
    async () => {
      const p = pool({ workerEntry: entry("crash") });
      const replay = replayOf("pool-crash");
      await expect(p.view({ id: "x", step: 2, seat: 1, reveal: false }, replay)).rejects.toBeInstanceOf(ReplayUnavailableError);
      expect(p.known("x")).toBeUndefined();
      expect(JSON.parse(await p.view({ id: "x", step: 2, seat: 0, reveal: false }, replay)).step).toBe(2);
    },
    LIMIT,
  );

  it(
    "a worker that hangs is replaced after the time limit; the next request is answered",
    async () => {
      const p = pool({ workerEntry: entry("hang"), timeoutMs: 3_000 });
      const replay = replayOf("pool-hang");
      // The rooms' thread is not blocked meanwhile: its timers still run while the worker spins.
      let ticks = 0;
      const ticking = setInterval(() => ticks++, 10);
      try {
        await expect(p.view({ id: "y", step: 2, seat: 1, reveal: false }, replay)).rejects.toThrow(/took over 3000 ms/);
      } finally {
        clearInterval(ticking);
      }
      expect(ticks).toBeGreaterThan(0);
      expect(JSON.parse(await p.view({ id: "y", step: 2, seat: 0, reveal: false }, replay)).step).toBe(2);
    },
    LIMIT,
  );

  it(
    "more cold requests than a worker may queue are refused at once, not queued",
    async () => {
      const p = pool({ maxPendingPerWorker: 2 });
      const results = await Promise.allSettled(["f1", "f2", "f3", "f4"].map((id) => p.view({ id, step: 1, seat: 0, reveal: false }, replayOf(id))));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(refused).toHaveLength(2);
      for (const r of refused) expect(r.reason).toBeInstanceOf(ReplayUnavailableError);
    },
    LIMIT,
  );

  it("with no worker entry (REPLAY_WORKERS=0 or a test server) the views are answered in this thread", async () => {
    const p = pool({ workerEntry: undefined });
    expect(JSON.parse(await p.view({ id: "z", step: 1, seat: 0, reveal: false }, replayOf("z"))).step).toBe(1);
  });
});
