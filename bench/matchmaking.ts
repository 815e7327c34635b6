/**
 * Ranked matchmaking at load: N bot players (accounts with SolRei ratings spread like a real
 * population, mu ~ Normal(25, 4)) join the `queue` room of a server run as users run it, in
 * bursts; each measures the time from sending its queue join to receiving its seat
 * reservation (`matched`). Also the rating spread inside the matched pairs.
 * Same-run baselines: a bare room join round trip (create a casual SolRei room and get the
 * join answer) for the time, and random pairing of the same population for the spread.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@colyseus/sdk";
import { issueToken } from "../server/auth/tokens.ts";
import { openDatabase } from "../server/db/database.ts";
import { silentLogger } from "../server/log.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { QueueBot } from "../test/support/queueBot.ts";
import { startChildServer } from "./childServer.ts";
import { summarize } from "./stats.ts";

const SECRET = "bench-only-jwt-secret-of-at-least-32-chars";

/** Deterministic normal samples (Box-Muller over a small LCG): the same population every run. */
function population(n: number, mean: number, sd: number): number[] {
  let s = 12345;
  const u = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return (s + 1) / (2 ** 31 + 1);
  };
  return Array.from({ length: n }, () => mean + sd * Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u()));
}

export async function matchmakingLoad(options: { players: number; burst: number; baselineJoins: number }) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-mm-"));
  const mus = population(options.players, 25, 4);
  const ids = mus.map(() => randomUUID());
  // Accounts and ratings go straight into the database before the server starts.
  const db = await openDatabase({ dataDir, log: silentLogger });
  try {
    const names = ids.map((_, i) => `mm${i}`);
    await db.sql`insert into players ${db.sql(
      ids.map((id, i) => ({ id, name: names[i]!, kind: "account" })),
      "id",
      "name",
      "kind",
    )}`;
    await db.sql`insert into accounts ${db.sql(
      ids.map((id, i) => ({ player_id: id, username: names[i]!, password_hash: "bench$none" })),
      "player_id",
      "username",
      "password_hash",
    )}`;
    const rows = ids.map((id, i) => ({
      player_id: id,
      game: "solrei",
      rating: { model: "bench", mu: mus[i]!, sigma: 3 },
      mu: mus[i]!,
      sigma: 3,
      display: Math.round(1000 + 40 * (mus[i]! - 9)),
      provisional: false,
      games_played: 20,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await db.sql`insert into ratings ${db.sql(rows.slice(i, i + 500), "player_id", "game", "rating", "mu", "sigma", "display", "provisional", "games_played")}`;
    }
  } finally {
    await db.close();
  }
  const tokens = await Promise.all(ids.map((id, i) => issueToken(SECRET, { playerId: id, username: `mm${i}`, guest: false }, 3600)));

  const server = await startChildServer({ DATA_DIR: dataDir, JWT_SECRET: SECRET, RANKED_JOIN_TIMEOUT_S: "300", LOG_LEVEL: "info" });
  try {
    // Baseline: a bare room join round trip (HTTP matchmake + WebSocket join), sequentially.
    const base: number[] = [];
    const client = new Client(server.wsUrl);
    for (let i = -10; i < options.baselineJoins; i++) {
      const t0 = performance.now();
      const room = await client.create("solrei", { seat: sampleSeatConfig(0) });
      if (i >= 0) base.push(performance.now() - t0); // the first ten warm up
      await room.leave(true);
    }

    const bots = ids.map((_, i) => new QueueBot(server.wsUrl, tokens[i]!, { game: "solrei", seats: 2, seat: sampleSeatConfig(i), bot: false }));
    const started = performance.now();
    for (let i = 0; i < bots.length; i += options.burst) await Promise.all(bots.slice(i, i + options.burst).map((b) => b.join()));
    const joinedAllMs = performance.now() - started;
    const matched = await Promise.race([
      Promise.all(bots.map((b) => b.next("matched"))),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("not every bot was matched within 120 s")), 120_000).unref()),
    ]);
    const allMatchedMs = performance.now() - started;
    const waits = bots.map((b) => b.matchedAt - b.enqueuedAt);
    const spreads = [...new Map(matched.map((m) => [m.roomId, m.ratingSpread as number])).values()];
    // Random pairing of the same population, for the spread baseline.
    const order = mus.map((mu, i) => ({ mu, k: (i * 7919) % mus.length })).sort((a, b) => a.k - b.k);
    const randomSpreads: number[] = [];
    for (let i = 0; i + 1 < order.length; i += 2) randomSpreads.push(Math.abs(order[i]!.mu - order[i + 1]!.mu));
    for (const b of bots) b.queue.reconnection.enabled = false;
    return {
      wait: summarize(waits),
      baseline: summarize(base),
      spread: summarize(spreads),
      randomSpread: summarize(randomSpreads),
      maxSpread: Math.max(...spreads),
      groups: spreads.length,
      joinedAllMs,
      allMatchedMs,
    };
  } finally {
    // Unconsumed reservations would keep the rooms (and a graceful stop) waiting: end it hard.
    server.proc.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 200));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
