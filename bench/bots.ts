/**
 * Bot strength and cost: per game and seat count, the `normal` bot (rules/core/search.ts) in one
 * seat against `easy` (uniform random) bots in the others, the normal seat rotated match by match;
 * win rate with its 95% Wilson interval, beside the same-run baseline of an easy bot in that seat
 * (chance: 1/n). CPU per normal decision (process CPU time around the decision, p50/p99), beside
 * an easy decision's. Match count per line: env BENCH_BOT_MATCHES (default 20; BENCH_QUICK: 6).
 */
import type { AnyEngine } from "../rules/core/engine.ts";
import { playBotMatch, type BotLevel } from "../rules/core/botMatch.ts";
import type { SearchHooks } from "../rules/core/search.ts";
import { achromaEngine, samplePalette } from "../rules/achroma/index.ts";
import { achromaBot } from "../rules/achroma/bot.ts";
import { reactEngine } from "../rules/react/index.ts";
import { reactBot } from "../rules/react/bot.ts";
import { resonanceEngine, sampleSeatConfig as resonanceSeat } from "../rules/resonance/index.ts";
import { resonanceBot } from "../rules/resonance/bot.ts";
import { sampleSeatConfig, solreiEngine } from "../rules/solrei/index.ts";
import { solreiBot } from "../rules/solrei/bot.ts";
import { percentile, report, round } from "./stats.ts";

interface Line {
  name: string;
  engine: AnyEngine;
  hooks: SearchHooks;
  config: unknown;
  players: number;
  seats(i: number): unknown[];
}

const ARTISTS = ["calligrapher", "dancer", "tagger", "painter"];

export const BOT_LINES: Line[] = [
  { name: "solrei", engine: solreiEngine, hooks: solreiBot, config: {}, players: 2, seats: (i) => [sampleSeatConfig(i % 4), sampleSeatConfig((i >> 2) % 4)] },
  { name: "react", engine: reactEngine, hooks: reactBot, config: {}, players: 2, seats: (i) => [ARTISTS[i % 4], ARTISTS[(i + 1 + ((i >> 2) % 3)) % 4]].map((artist) => ({ artist })) },
  { name: "achroma-2p", engine: achromaEngine, hooks: achromaBot, config: { players: 2 }, players: 2, seats: (i) => [0, 1].map((k) => samplePalette(k + i)) },
  { name: "achroma-4p", engine: achromaEngine, hooks: achromaBot, config: { players: 4 }, players: 4, seats: (i) => [0, 1, 2, 3].map((k) => samplePalette(k + i)) },
  { name: "resonance-2p", engine: resonanceEngine, hooks: resonanceBot, config: { players: 2 }, players: 2, seats: (i) => [0, 1].map((k) => resonanceSeat(k + i)) },
  { name: "resonance-3p", engine: resonanceEngine, hooks: resonanceBot, config: { players: 3 }, players: 3, seats: (i) => [0, 1, 2].map((k) => resonanceSeat(k + i)) },
];

/** 95% Wilson score interval of `wins` out of `n`. */
export function wilson(wins: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Matches with `level` in the rotated seat, easy bots elsewhere: wins of that seat (alone first), and CPU per decision of that level. */
function run(line: Line, level: BotLevel, matches: number, prefix: string) {
  let wins = 0;
  let unfinished = 0;
  const cpu: number[] = [];
  let me = 0;
  const around = <T>(seat: number, decide: () => T): T => {
    if (seat !== me) return decide();
    const t0 = cpuMs();
    const x = decide();
    cpu.push(cpuMs() - t0);
    return x;
  };
  for (let i = 0; i < matches; i++) {
    me = i % line.players;
    const levels = Array.from({ length: line.players }, (_, k) => (k === me ? level : "easy")) as BotLevel[];
    const r = playBotMatch(line.engine, line.hooks, line.config, line.seats(i), `${prefix}-${line.name}-${i}`, levels, { around });
    if (!r.outcome) unfinished++;
    else if (r.outcome.ranks[me] === 1 && r.outcome.ranks.filter((x) => x === 1).length === 1) wins++;
  }
  cpu.sort((a, b) => a - b);
  return { wins, unfinished, cpu };
}

export function botBenchmarks(quick: boolean): void {
  const matches = Number(process.env.BENCH_BOT_MATCHES ?? (quick ? 6 : 20));
  const only = process.env.BENCH_BOT_LINES?.split(",");
  for (const line of BOT_LINES) {
    if (only && !only.includes(line.name)) continue;
    const normal = run(line, "normal", matches, "bench-bots");
    const easy = run(line, "easy", matches, "bench-bots");
    const [lo, hi] = wilson(normal.wins, matches);
    const [blo, bhi] = wilson(easy.wins, matches);
    report({
      bench: "bots.normal_vs_random",
      line: line.name,
      matches,
      winRate: round(normal.wins / matches, 3),
      wilson95: [round(lo, 3), round(hi, 3)],
      unfinished: normal.unfinished,
      baseline: { chance: round(1 / line.players, 3), easyWinRate: round(easy.wins / matches, 3), easyWilson95: [round(blo, 3), round(bhi, 3)] },
      cpuMsPerDecision: { n: normal.cpu.length, p50: round(percentile(normal.cpu, 50), 2), p99: round(percentile(normal.cpu, 99), 2), max: round(normal.cpu.at(-1) ?? NaN, 2) },
      easyCpuMsPerDecision: { p50: round(percentile(easy.cpu, 50), 3), p99: round(percentile(easy.cpu, 99), 3) },
    });
  }
}

/**
 * A room's act -> patch while `matches` bots-only SolRei matches think in the same server process:
 * with `normal` bots (searches in the BOT_WORKERS pool) against the same with `easy` bots, one
 * process each, one after the other. The measured room is a 2-player SolRei match of bench bots
 * acting at once (bench/roomLoad.ts `measure`). Bots think at the default pace.
 */
export async function botRoomLatency(quick: boolean): Promise<void> {
  const { withServer, measure } = await import("./roomLoad.ts");
  const { Client } = await import("@colyseus/sdk");
  const matches = Number(process.env.BENCH_BOT_ROOMS ?? (quick ? 10 : 50));
  const window = quick ? { warmupMs: 1000, durationMs: 3000 } : { warmupMs: 3000, durationMs: 10_000 };
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const level of ["easy", "normal"] as const) {
    await withServer("game", { PROMPT_TIMEOUT_MS: "0" }, async (server) => {
      const watchers = [];
      for (let i = 0; i < matches; i++) {
        const watcher = await new Client(server.wsUrl).create("solrei", { bots: 2, botLevel: level, spectate: true });
        watcher.onMessage("*", () => {}); // a spectator only keeps the match alive
        watchers.push(watcher);
      }
      try {
        results[level] = await measure(server, { kind: "game", game: "solrei", seats: 2, matches: 1, ...window });
      } finally {
        await Promise.all(watchers.map((w) => w.leave().catch(() => undefined)));
      }
    });
  }
  const normal = results.normal!;
  const easy = results.easy!;
  report({
    bench: "bots.room_latency_with_bot_matches",
    botMatches: matches,
    normalBots: { p50: round(normal.latency.p50, 2), p99: round(normal.latency.p99, 2), n: normal.latency.n, serverCores: round(normal.serverCores, 2), loadAvg1m: round(normal.loadAvg1m, 1) },
    baseline: { easyBots: { p50: round(easy.latency.p50, 2), p99: round(easy.latency.p99, 2), n: easy.latency.n, serverCores: round(easy.serverCores, 2), loadAvg1m: round(easy.loadAvg1m, 1) } },
    ratio: { p50: round(normal.latency.p50 / easy.latency.p50, 2), p99: round(normal.latency.p99 / easy.latency.p99, 2) },
  });
}
