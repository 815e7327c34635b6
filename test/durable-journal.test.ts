/**
 * What a server finds in its journal when it starts, one bad match never blocking
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
import { sampleSeatConfig, solreiEngine } from "../rules/solrei/index.ts";
import { Journal } from "../server/journal/journal.ts";
import { silentLogger } from "../server/log.ts";
import { ServerNode } from "./support/cluster.ts";
import { createTestDatabase, type TestDatabase } from "./support/db.ts";
import { sdkRefusal } from "./support/testServer.ts";
import { playJournaled } from "./support/journaledMatch.ts";

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
  const play = playJournaled(
    engine,
    {},
    [0, 1].map((s) => sampleSeatConfig(s)),
    decisions,
    {
      seed: `seed-${matchId}`,
      choices: matchId,
      tamper,
      startedAt: Date.now() - 60_000,
      at: (n) => n * 100,
      clock: { baseMs: 60_000, bankMs: 180_000 },
    },
  );
  await journal.begin(matchId, roomId, "solrei", play.header, {});
  for (const entry of play.entries) await journal.append(matchId, entry);
  return { state: play.state, finished: play.finished ? engine.outcome(play.state) : null };
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
