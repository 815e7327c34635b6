/**
 * `npm run bench`: every benchmark, each figure with its same-run baseline.
 *   BENCH_QUICK=1      shorter runs (smoke test)
 *   BENCH_ONLY=a,b     subset: engines, flow, bots, replay, projection, room, capacity, pace, flood, history, matchmaking, journal, scaling
 *   BENCH_BOT_MATCHES  matches per line of the bots bench (default 20); BENCH_BOT_LINES=solrei,react,... a subset;
 *                      BENCH_BOT_ROOMS bots-only matches thinking beside the measured room (default 50)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../server/db/database.ts";
import { silentLogger } from "../server/log.ts";
import { sampleSeatConfig, solreiEngine } from "../rules/solrei/index.ts";
import { achromaEngine, samplePalette } from "../rules/achroma/index.ts";
import { ARTIST_IDS, artistPairs, reactEngine } from "../rules/react/index.ts";
import { resonanceEngine, sampleSeatConfig as resonanceSeat } from "../rules/resonance/index.ts";
import { startChildServer, withChildServer } from "./childServer.ts";
import { gamesPerSecond, replayCost } from "./engines.ts";
import { replayViewCosts } from "./replayViews.ts";
import { botBenchmarks, botRoomLatency } from "./bots.ts";
import { floodIsolation } from "./flood.ts";
import { historyLatency, seedMatches } from "./history.ts";
import { journalBenchmarks } from "./journal.ts";
import { scalingBenchmarks } from "./scaling.ts";
import { matchmakingLoad } from "./matchmaking.ts";
import { capacityBenchmarks, paceBenchmarks, roomBenchmarks } from "./room.ts";
import { projectionCost } from "./projection.ts";
import { promptsPerMatch } from "./playFlow.ts";
import type { EngineBenchInput } from "./engines.ts";
import type { RoomBinding } from "../rooms/binding.ts";
import { solreiBinding } from "../rooms/solrei/binding.ts";
import { achromaBinding } from "../rooms/achroma/binding.ts";
import { reactBinding } from "../rooms/react/binding.ts";
import { resonanceBinding } from "../rooms/resonance/binding.ts";
import { report, round } from "./stats.ts";

const quick = process.env.BENCH_QUICK === "1";
const only = new Set((process.env.BENCH_ONLY ?? "engines,flow,bots,replay,projection,room,capacity,pace,flood,history,matchmaking,journal,scaling").split(","));
const solrei = { engine: solreiEngine, config: {}, seats: [sampleSeatConfig(0), sampleSeatConfig(1)] };

async function main() {
  if (only.has("engines")) {
    report({ bench: "engine.solrei.random_shows", ...gamesPerSecond(solrei, quick ? 2000 : 10_000) });
    // Re;ACT: each unordered pair of Artists once (the bench's order of seats).
    const artistIndex = (seat: unknown) => ARTIST_IDS.indexOf((seat as { artist: (typeof ARTIST_IDS)[number] }).artist);
    for (const pair of artistPairs().filter(([a, b]) => artistIndex(a) < artistIndex(b))) {
      report({ bench: "engine.react.random_games", artists: pair, ...gamesPerSecond({ engine: reactEngine, config: {}, seats: pair }, quick ? 300 : 1500) });
    }
    for (const players of [2, 4, 6]) {
      const seats = Array.from({ length: players }, (_, i) => samplePalette(i));
      report({ bench: "engine.achroma.random_games", players, ...gamesPerSecond({ engine: achromaEngine, config: { players }, seats }, quick ? 500 : 3000) });
    }
    for (const players of [2, 3, 4]) {
      const seats = Array.from({ length: players }, (_, i) => resonanceSeat(i));
      report({ bench: "engine.resonance.random_games", players, ...gamesPerSecond({ engine: resonanceEngine, config: { players }, seats }, quick ? 500 : 3000) });
    }
  }
  if (only.has("flow")) {
    // Prompts per match with the defaults and with the "no_choice" stop, against every decision a prompt.
    const flows: [string, EngineBenchInput][] = [
      ["solrei", solrei],
      ["react", { engine: reactEngine, config: {}, seats: artistPairs()[0]! }],
      ["achroma 3p", { engine: achromaEngine, config: { players: 3 }, seats: [0, 1, 2].map((i) => samplePalette(i)) }],
      ["achroma 2p", { engine: achromaEngine, config: { players: 2 }, seats: [0, 1].map((i) => samplePalette(i)) }],
      ["resonance 3p", { engine: resonanceEngine, config: { players: 3 }, seats: [0, 1, 2].map((i) => resonanceSeat(i)) }],
    ];
    for (const [game, input] of flows) report({ bench: "flow.prompts_per_match", game, ...promptsPerMatch(input, quick ? 5 : 100) });
  }
  if (only.has("bots")) {
    botBenchmarks(quick);
    await botRoomLatency(quick);
  }
  if (only.has("replay")) {
    report({ bench: "replay.solrei.resimulate", ...replayCost(solrei, quick ? 5 : 30) });
    // Step views as the server answers them: in its replay worker vs in the rooms' own thread.
    const views = await replayViewCosts(
      [
        solrei,
        { engine: achromaEngine, config: { players: 4 }, seats: [0, 1, 2, 3].map((i) => samplePalette(i)) },
        { engine: reactEngine, config: {}, seats: artistPairs()[0]! },
        { engine: resonanceEngine, config: { players: 3 }, seats: [0, 1, 2].map((i) => resonanceSeat(i)) },
      ],
      quick ? 50 : 400,
    );
    for (const line of views) report({ bench: "replay.step_views", ...line });
  }
  if (only.has("projection")) {
    // Per decision, in one process: views, schema writes, patch encode, events (bench/projection.ts).
    const games: [RoomBinding, EngineBenchInput][] = [
      [solreiBinding, solrei],
      [achromaBinding, { engine: achromaEngine, config: { players: 4 }, seats: [0, 1, 2, 3].map((i) => samplePalette(i)) }],
      [reactBinding, { engine: reactEngine, config: {}, seats: artistPairs()[0]! }],
      [resonanceBinding, { engine: resonanceEngine, config: { players: 3 }, seats: [0, 1, 2].map((i) => resonanceSeat(i)) }],
    ];
    for (const [binding, input] of games) report({ bench: "room.projection", game: binding.engine.game, ...projectionCost(binding, input, quick ? 2 : 6, quick ? 3 : 8) });
  }
  // The server, its bots and each baseline (bare Colyseus room, ws echo) in processes of their own (room.ts).
  if (only.has("room")) await roomBenchmarks(quick, report);
  if (only.has("capacity")) await capacityBenchmarks(quick, report);
  if (only.has("pace")) await paceBenchmarks(quick, report);
  if (only.has("flood")) {
    // With the server's default limits, then without the address cooldown (a flooder that is
    // disconnected may come straight back): what the cooldown buys.
    for (const cooldown of [true, false]) {
      const env = {
        PROMPT_TIMEOUT_MS: "0",
        // The server's own default limits (the bot benches lift them), and one trusted proxy
        // hop: the flooder says it comes from another address.
        MSG_RATE_PER_S: "",
        MSG_BURST: "",
        ROOMS_PER_MINUTE_PER_IP: "",
        JOINS_BY_ID_PER_MINUTE_PER_IP: "",
        PENDING_JOINS_PER_IP: "",
        MAX_CONNECTIONS_PER_IP: "",
        TRUST_PROXY: "1",
        ...(cooldown ? {} : { FLOOD_COOLDOWN_S: "0" }),
      };
      await withChildServer("flood", env, async (server) => {
        const r = await floodIsolation(server, quick ? 4000 : 15_000);
        report({
          bench: "server.flood_isolation",
          floodCooldown: cooldown,
          pacedMatchActMs: { p50: round(r.flooded.p50, 3), p99: round(r.flooded.p99, 3), n: r.flooded.n },
          baselineActMs: { p50: round(r.baseline.p50, 3), p99: round(r.baseline.p99, 3), n: r.baseline.n },
          ratio: { p50: round(r.flooded.p50 / r.baseline.p50, 2), p99: round(r.flooded.p99 / r.baseline.p99, 2) },
          flooder: r.flooder,
        });
      });
    }
  }
  if (only.has("history")) {
    const dataDir = mkdtempSync(join(tmpdir(), "bench-history-"));
    const count = quick ? 10_000 : 100_000;
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    const db = await openDatabase({ databaseUrl, dataDir, log: silentLogger });
    const t0 = performance.now();
    const players = await seedMatches(db.sql, count);
    const seedSeconds = (performance.now() - t0) / 1000;
    await db.close();
    const server = await startChildServer({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    try {
      const r = await historyLatency(server.url, players, quick ? 200 : 1000);
      report({
        bench: "http.matches_by_player",
        storedMatches: count,
        database: databaseUrl ? "external" : "embedded",
        seedSeconds: round(seedSeconds, 1),
        historyMs: { p50: round(r.history.p50, 2), p99: round(r.history.p99, 2) },
        healthMs: { p50: round(r.health.p50, 2), p99: round(r.health.p99, 2) },
        ratio: { p50: round(r.history.p50 / r.health.p50, 1), p99: round(r.history.p99 / r.health.p99, 1) },
      });
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only.has("journal")) await journalBenchmarks(quick);
  if (only.has("scaling")) await scalingBenchmarks(quick);
}

async function matchmaking() {
  const players = quick ? 200 : 1000;
  const r = await matchmakingLoad({ players, burst: 50, baselineJoins: quick ? 30 : 100 });
  report({
    bench: "matchmaking.queue_to_reservation",
    players,
    waitMs: { p50: round(r.wait.p50, 1), p99: round(r.wait.p99, 1), n: r.wait.n },
    bareJoinMs: { p50: round(r.baseline.p50, 2), p99: round(r.baseline.p99, 2), n: r.baseline.n },
    ratio: { p50: round(r.wait.p50 / r.baseline.p50, 1), p99: round(r.wait.p99 / r.baseline.p99, 1) },
    allJoinedMs: Math.round(r.joinedAllMs),
    allMatchedMs: Math.round(r.allMatchedMs),
  });
  report({
    bench: "matchmaking.rating_spread",
    groups: r.groups,
    spreadMu: { p50: round(r.spread.p50, 2), p99: round(r.spread.p99, 2), max: round(r.maxSpread, 2) },
    randomPairingMu: { p50: round(r.randomSpread.p50, 2), p99: round(r.randomSpread.p99, 2) },
    ratio: { p50: round(r.spread.p50 / r.randomSpread.p50, 2), p99: round(r.spread.p99 / r.randomSpread.p99, 2) },
  });
}

main()
  .then(() => (only.has("matchmaking") ? matchmaking() : undefined))
  .then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
