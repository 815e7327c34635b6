/**
 * What a server finds in its journal when it starts (issue 15), one bad match never blocking
 * the others: a match that finished just before its process died (never stored) is stored from
 * the journal; a live one is resumed as a room with its id; one whose journal does not rebuild
 * (a state hash differs) is marked failed and left for a human. And a client cannot pose as the
 * resumer.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AnyEngine } from "../rules/core/engine.ts";
import { stateHash } from "../rules/core/hash.ts";
import { verifyReplay, type ReplayRecord } from "../rules/core/replay.ts";
import { pick, seedRng } from "../rules/core/rng.ts";
import { sampleSeatConfig, solreiEngine } from "../rules/solrei/index.ts";
import { Journal } from "../server/journal/journal.ts";
import type { MatchHeader } from "../server/journal/types.ts";
import { silentLogger } from "../server/log.ts";
import { ServerNode } from "./support/cluster.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { sdkRefusal } from "./support/testServer.ts";

const engine = solreiEngine as AnyEngine;
const INSTANCE = "journal-test-instance";
let db: TestDatabase;
let node: ServerNode | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  node?.cleanup();
  await db?.close();
});

/** Journals a SolRei match as a room would, stopping after `decisions` (or at its end). */
async function journalMatch(journal: Journal, matchId: string, roomId: string, decisions: number, tamper = false) {
  const config = engine.parseConfig({});
  const seats = [0, 1].map((s) => engine.parseSeatConfig(sampleSeatConfig(s), config));
  const seed = `seed-${matchId}`;
  const header: MatchHeader = {
    game: "solrei",
    version: engine.version,
    mode: "casual",
    config,
    seats,
    seed,
    seedHash: "not-checked-here",
    startedAt: Date.now() - 60_000,
    players: [0, 1].map((seat) => ({ seat, playerId: `20000000-0000-4000-8000-00000000000${seat}`, name: `~P${seat}`, kind: "guest" as const })),
    bots: [],
    clock: { baseMs: 60_000, bankMs: 180_000 },
  };
  await journal.begin(matchId, roomId, "solrei", header, {});
  let state = engine.setup(config, seats, seed);
  const rng = { rng: seedRng(matchId) };
  for (let n = 1; n <= decisions && !engine.outcome(state); n++) {
    const seat = engine.actors(state)[0]!;
    const action = pick(rng, engine.legal(state, seat));
    state = engine.apply(state, seat, action).state;
    const hash = n % 5 === 0 ? (tamper ? "f".repeat(64) : stateHash(state)) : undefined;
    await journal.append(matchId, { n, kind: "act", seat, action, at: n * 100, ...(hash ? { hash } : {}) });
  }
  return { state, finished: engine.outcome(state) };
}

it("at start: a match that was over is stored from the journal, a live one is resumed with its room id, a tampered one is marked failed; a client cannot pose as the resumer", async () => {
  const trace = (what: string) => process.stderr.write(`[journal-test] ${what}\n`);
  const journal = new Journal({ sql: db.sql, log: silentLogger, owner: INSTANCE, cluster: "" });
  const over = await journalMatch(journal, "30000000-0000-4000-8000-000000000001", "overRoom1", 100_000);
  expect(over.finished).not.toBeNull();
  await journalMatch(journal, "30000000-0000-4000-8000-000000000002", "liveRoom2", 12);
  await journalMatch(journal, "30000000-0000-4000-8000-000000000003", "badRoom3", 12, true);
  // Another instance's live match: a process on its own never touches it.
  await journalMatch(new Journal({ sql: db.sql, log: silentLogger, owner: "someone-else", cluster: "" }), "30000000-0000-4000-8000-000000000004", "otherRoom4", 3);

  const dataDir = mkdtempSync(join(tmpdir(), "tt-journal-"));
  writeFileSync(join(dataDir, "instance-id"), `${INSTANCE}\n`);
  trace("journal written");
  node = await ServerNode.start({ databaseUrl: db.url, dataDir });
  trace("server listening");
  await node.waitForLog(/"resumed":1,"stored":1,"failed":1.*"msg":"journaled matches of this instance resumed"/).catch((e) => {
    trace(node!.output.slice(-5000));
    throw e;
  });
  expect(node.output).toMatch(/"reason":"the rebuilt state differs from the journal at entry 5".*"msg":"journaled match cannot be resumed; kept, marked failed"/);

  // The finished one: stored, its replay verifies, its journal gone.
  const replay = (await (await fetch(`${node.url}/api/matches/30000000-0000-4000-8000-000000000001/replay`)).json()) as ReplayRecord;
  expect(verifyReplay(engine, replay)).toEqual({ ok: true, hash: stateHash(over.state) });
  const live = await db.sql<{ id: string; failure: string | null; owner: string }[]>`select id, failure, owner from live_matches order by id`;
  expect(live.map((r) => [r.id.slice(-1), r.owner, r.failure ? "failed" : "ok"])).toEqual([
    ["2", INSTANCE, "ok"],
    ["3", INSTANCE, "failed"],
    ["4", "someone-else", "ok"],
  ]);

  // The live one is a room again, with its old id; spectators may watch it.
  const watcher = await new Client(node.wsUrl).joinById("liveRoom2", { spectate: true });
  expect(watcher.roomId).toBe("liveRoom2");
  await watcher.leave();

  // The resumer's options from a client: refused, nothing created.
  const refused = await sdkRefusal(new Client(node.wsUrl).create("solrei", { resume: { matchId: "30000000-0000-4000-8000-000000000003", ticket: "guess" } }));
  expect(refused.message).toMatch(/bad_config: matches are resumed by the server itself/);
}, 240_000);
