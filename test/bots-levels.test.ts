/**
 * Bot levels in rooms: a person plays alone against `normal` bots whose decisions come from the
 * worker pool (rooms/botWorker.ts); the stored match records each bot with its level; bad levels
 * are refused; a worker that fails every decision leaves the bots playing random legal decisions
 * (the match still ends) with a rate-limited log line, not one per decision.
 */
import { Client } from "@colyseus/sdk";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { botWorkerEntry, gameBindings } from "../rooms/registry.ts";
import { BotPlayer, joinBot } from "./support/botClient.ts";
import { metricSamples } from "./support/metrics.ts";
import { sdkRefusal, startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

/** The stored match summary and replay, once written: a bots-only match plays out first (a minute at most on a loaded machine). */
/** The match id of a room, once its state has arrived. */
function matchIdOf(room: { state: unknown }): Promise<string> {
  return waitFor(() => (room.state as { matchId?: string } | undefined)?.matchId || null, "the room's state");
}

async function fetchStored(t: TestServer, matchId: string): Promise<{ match: any; replay: any }> {
  const match = await waitFor(
    async () => {
      const res = await fetch(`${t.url}/api/matches/${matchId}`);
      return res.status === 200 ? ((await res.json()) as any) : null;
    },
    "stored match",
    90_000,
  );
  const replay = (await (await fetch(`${t.url}/api/matches/${matchId}/replay`)).json()) as any;
  return { match, replay };
}

const METRICS_TOKEN = "bots-levels-metrics-token";
const env = { METRICS_TOKEN, PROMPT_TIMEOUT_MS: "0", BOT_THINK_MIN_MS: "1", BOT_THINK_MAX_MS: "5", BOT_WORKERS: "1", REMATCH_WINDOW_MS: "60000" };

/** tabletop_bot_decisions_total of `game`, by `level:how`. */
async function botDecisions(t: TestServer, game: string): Promise<Record<string, number>> {
  const samples = await metricSamples(t.url, METRICS_TOKEN, "tabletop_bot_decisions_total");
  return Object.fromEntries(samples.filter((s) => s.labels.game === game).map((s) => [`${s.labels.level}:${s.labels.how}`, s.value]));
}

describe("normal bots through the worker pool", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ bindings: gameBindings, env, botWorker: botWorkerEntry });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("a guest plays a whole Re;ACT match alone against a normal bot; history records it as a bot of level normal", async () => {
    const human = await joinBot(t.wsUrl, "react", { name: "Solo", bots: 1, botLevel: "normal", seat: { artist: "dancer" } }, { seed: "solo-normal" });
    const finished = await human.untilFinished();
    expect(human.rejections).toEqual([]);
    const { match } = await fetchStored(t, finished.matchId);
    const bySeat = Object.fromEntries(match.players.map((p: { seat: number; kind: string; botLevel?: string }) => [p.seat, [p.kind, p.botLevel ?? null]]));
    expect(bySeat).toEqual({ 0: ["guest", null], 1: ["bot", "normal"] });
    // The operators' count: the bot's decisions came from its search.
    expect((await botDecisions(t, "react"))["normal:searched"]).toBeGreaterThan(0);
  }, 120_000);

  it("a rematch of a match against a normal bot is against a normal bot again", async () => {
    const me = await joinBot(t.wsUrl, "react", { name: "Again", bots: 1, botLevel: "normal", seat: { artist: "tagger" } }, { seed: "lv-rematch" });
    let ready: any = null;
    me.room.onMessage("rematchReady", (m) => (ready = m));
    await me.untilFinished();
    expect(await me.room.request("rematch", { accept: true })).toMatchObject({ ok: true, started: true });
    await waitFor(() => ready, "rematchReady", 60_000);
    const again = new BotPlayer(await new Client(t.wsUrl).consumeSeatReservation(ready.reservation), { seed: "lv-rematch-2" });
    const finished = await again.untilFinished();
    const { match } = await fetchStored(t, finished.matchId);
    expect(match.players.find((p: { seat: number }) => p.seat === 1)).toMatchObject({ kind: "bot", botLevel: "normal" });
  }, 240_000);

  it("levels per bot seat are recorded as given; without botLevel the bots are easy", async () => {
    const watch = await new Client(t.wsUrl).create("react", { bots: 2, botLevel: ["normal", "easy"], spectate: true });
    const { match } = await fetchStored(t, await matchIdOf(watch));
    expect(match.players.map((p: { botLevel?: string }) => p.botLevel)).toEqual(["normal", "easy"]);
    const plain = await new Client(t.wsUrl).create("react", { bots: 2, spectate: true });
    const stored = await fetchStored(t, await matchIdOf(plain));
    expect(stored.match.players.map((p: { botLevel?: string }) => p.botLevel)).toEqual(["easy", "easy"]);
  }, 120_000);

  it("a bad level, or one level per seat that does not match the bot count, is refused with the reason", async () => {
    const c = new Client(t.wsUrl);
    expect((await sdkRefusal(c.create("solrei", { bots: 1, botLevel: "grandmaster" }))).message).toMatch(/bad_config/);
    expect((await sdkRefusal(c.create("solrei", { bots: 1, botLevel: ["normal", "easy"] }))).message).toMatch(/bad_config: botLevel: 1 bot seat\(s\), 2 level\(s\)/);
  });
});

describe("a bot worker that fails", () => {
  const logged: { level: number; msg: string; component?: string }[] = [];
  let t: TestServer;
  beforeAll(async () => {
    const log = pino({ level: "info" }, { write: (line: string) => void logged.push(JSON.parse(line)) });
    t = await startTestServer({ bindings: gameBindings, env, botWorker: new URL("./fixtures/brokenBotWorker.ts", import.meta.url), log });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it("normal bots fall back to random legal decisions: the match ends, and the failures cost a log line or two, not one per decision", async () => {
    const watch = await new Client(t.wsUrl).create("react", { bots: 2, botLevel: "normal", spectate: true });
    const { replay } = await fetchStored(t, await matchIdOf(watch));
    expect(replay.steps.length).toBeGreaterThan(20);
    const failures = logged.filter((l) => /random legal decision instead/.test(l.msg));
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.length).toBeLessThan(replay.steps.length / 10);
    // Counted for the operators as fallbacks, never as searched decisions.
    const counted = await botDecisions(t, "react");
    expect(counted["normal:fallback"]).toBeGreaterThan(replay.steps.length / 2);
    expect(counted["normal:searched"]).toBeUndefined();
  }, 120_000);
});
