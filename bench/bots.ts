/**
 * Bot strength and cost: per game and seat count, the `normal` bot (rules/core/search.ts) in one
 * seat against `easy` (uniform random) bots in the others, the normal seat rotated match by match;
 * win rate with its 95% Wilson interval, beside the same-run baseline of an easy bot in that seat
 * (chance: 1/n). CPU per normal decision (process CPU time around the decision, p50/p99), beside
 * an easy decision's. Match count per line: env BENCH_BOT_MATCHES (default 20; BENCH_QUICK: 6).
 */
import { spawn, type ChildProcess } from "node:child_process";
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
import { metricSamples } from "../test/support/metrics.ts";
import { percentile, report, round, summarize } from "./stats.ts";

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
 * process each, one after the other. The bot matches think at the default pace. Two loads measure
 * the rooms beside them (bench/roomLoad.ts `measure`), one after the other:
 *   - `paced`: 100 two-player SolRei matches of bench bots at a person's pace (each acts 0.5-1.5 s
 *     after its decision is offered). The machine has CPU to spare, so this is what a search
 *     does to the rooms' event loop, the goal's question;
 *   - `atOnce`: one match of bench bots acting the moment they may. It takes every cycle it can,
 *     so it also counts the CPU the searches take from the machine (2 cores shared by the server,
 *     its bot threads and the bench's processes), not only what they do to the room's thread.
 * Each gives the bot matches' decisions per second, by how they were made: the load beside the room.
 * The three servers run in turn, `BENCH_BOT_ROUNDS` times (default 2), and each figure pools the
 * rounds' samples: one window's p99 moves by a third from run to run on this machine.
 *
 * A control, `easyPlusBurner`: the `easy` run again beside a process that burns, at SCHED_IDLE
 * like the bot threads, the CPU the searches took (the two runs' server CPU difference, in bursts
 * of one search's length at the searches' rate). Where it costs the room what `normal` bots do,
 * the cost is the CPU taken from a 2-core machine, not the search's place in the server.
 */
export async function botRoomLatency(quick: boolean): Promise<void> {
  const { withServer, measure } = await import("./roomLoad.ts");
  const matches = Number(process.env.BENCH_BOT_ROOMS ?? (quick ? 10 : 50));
  const rounds = Number(process.env.BENCH_BOT_ROUNDS ?? (quick ? 1 : 2));
  const loads = {
    paced: { matches: quick ? 10 : 100, paceMs: [500, 1500] as [number, number], warmupMs: quick ? 2000 : 3000, durationMs: quick ? 4000 : 30_000 },
    atOnce: { matches: 1, paceMs: null, warmupMs: quick ? 1000 : 3000, durationMs: quick ? 3000 : 10_000 },
  };
  type Load = keyof typeof loads;
  type Run = "easy" | "normal" | "easyPlusBurner";
  const windows: Record<Load, Record<Run, Window[]>> = { paced: { easy: [], normal: [], easyPlusBurner: [] }, atOnce: { easy: [], normal: [], easyPlusBurner: [] } };
  for (let round_ = 0; round_ < rounds; round_++) {
    for (const run of ["easy", "normal", "easyPlusBurner"] as const) {
      const level = run === "normal" ? "normal" : "easy";
      await withServer("game", { PROMPT_TIMEOUT_MS: "0", METRICS_TOKEN: METRICS_TOKEN }, async (server) => {
        const botMatches = await keepBotMatches(server.wsUrl, matches, level);
        try {
          for (const name of Object.keys(loads) as Load[]) {
            const burner = run === "easyPlusBurner" ? startBurner(windows[name].normal.at(-1)!, windows[name].easy.at(-1)!) : null;
            try {
              const before = await botDecisions(server.url);
              const started = performance.now();
              const measured = await measure(server, { kind: "game", game: "solrei", seats: 2, ...loads[name] });
              const seconds = (performance.now() - started) / 1000;
              windows[name][run].push({ ...measured, background: perSecond(before, await botDecisions(server.url), seconds) });
            } finally {
              burner?.kill();
            }
          }
        } finally {
          await botMatches.stop();
        }
      });
    }
  }
  for (const name of Object.keys(loads) as Load[]) {
    const pooled = (ws: Window[]) => {
      const latency = summarize(ws.flatMap((w) => w.samples));
      const mean = (f: (w: Window) => number) => round(ws.reduce((a, w) => a + f(w), 0) / ws.length, 2);
      const background: BotCounts = {};
      for (const w of ws) for (const [k, v] of Object.entries(w.background)) background[k] = round((background[k] ?? 0) + v / ws.length, 1);
      return {
        p50: round(latency.p50, 2),
        p99: round(latency.p99, 2),
        n: latency.n,
        p99EachRound: ws.map((w) => round(w.latency.p99, 2)),
        serverCores: mean((w) => w.serverCores),
        machineCores: mean((w) => w.machineCores),
        loadAvg1m: ws.map((w) => round(w.loadAvg1m, 1)),
        botDecisionsPerSecond: background,
      };
    };
    const { normal, easy, easyPlusBurner } = windows[name];
    const [n, e, b] = [pooled(normal), pooled(easy), pooled(easyPlusBurner)];
    const ratio = (x: typeof n, y: typeof n) => ({ p50: round(x.p50 / y.p50, 2), p99: round(x.p99 / y.p99, 2) });
    report({
      bench: `bots.room_latency_with_bot_matches.${name}`,
      botMatches: matches,
      measuredMatches: loads[name].matches,
      rounds,
      normalBots: n,
      baseline: { easyBots: e },
      ratio: ratio(n, e),
      control: { easyPlusBurner: b, ratioToEasy: ratio(b, e), normalToControl: ratio(n, b) },
    });
  }
}

/**
 * `count` bots-only SolRei matches of `level` bots, each watched by a spectator (which keeps its
 * room alive); a match that ends is replaced at once, so that `count` think throughout.
 */
async function keepBotMatches(wsUrl: string, count: number, level: BotLevel): Promise<{ stop(): Promise<void> }> {
  const { Client } = await import("@colyseus/sdk");
  const live = new Set<{ leave(): Promise<unknown> }>();
  let stopping = false;
  const start = async (): Promise<void> => {
    const watcher = await new Client(wsUrl).create("solrei", { bots: 2, botLevel: level, spectate: true });
    watcher.onMessage("*", () => {});
    live.add(watcher);
    watcher.onLeave(() => {
      live.delete(watcher);
      if (!stopping) void start().catch(() => undefined);
    });
  };
  for (let i = 0; i < count; i++) await start();
  return {
    async stop() {
      stopping = true;
      // A room that closed meanwhile never answers a leave: each waits 5 s at most.
      await Promise.all([...live].map((w) => Promise.race([w.leave().catch(() => undefined), new Promise((r) => setTimeout(r, 5000))])));
    },
  };
}

type Window = Awaited<ReturnType<Awaited<typeof import("./roomLoad.ts")>["measure"]>> & { background: BotCounts };

/**
 * A process burning, at SCHED_IDLE, the CPU `normal`'s bot threads took beyond `easy`: bursts of
 * one search's CPU at the rate the searches ran.
 */
function startBurner(normal: { serverCores: number; background: BotCounts }, easy: { serverCores: number }): ChildProcess {
  const searches = Math.max(1, (normal.background["normal:searched"] ?? 0) + (normal.background["normal:fallback"] ?? 0));
  const burstMs = Math.max(0, ((normal.serverCores - easy.serverCores) * 1000) / searches);
  const script = `const [b, p] = process.argv.slice(1).map(Number); setInterval(() => { const end = performance.now() + b; while (performance.now() < end); }, p);`;
  return spawn("chrt", ["--idle", "0", process.execPath, "-e", script, String(burstMs), String(Math.max(1, Math.round(1000 / searches)))], { stdio: "ignore" });
}

const METRICS_TOKEN = "bench-metrics-token";
type BotCounts = Record<string, number>;

/** The server's bot decisions so far, by `level:how` (tabletop_bot_decisions_total). */
async function botDecisions(url: string): Promise<BotCounts> {
  const counts: BotCounts = {};
  for (const { labels, value } of await metricSamples(url, METRICS_TOKEN, "tabletop_bot_decisions_total")) {
    const key = `${labels.level}:${labels.how}`;
    counts[key] = (counts[key] ?? 0) + value;
  }
  return counts;
}

function perSecond(before: BotCounts, after: BotCounts, seconds: number): BotCounts {
  return Object.fromEntries(Object.entries(after).map(([k, v]) => [k, round((v - (before[k] ?? 0)) / seconds, 1)]));
}
