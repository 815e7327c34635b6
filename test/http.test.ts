/**
 * The HTTP API's contract: JSON errors with the right status, zod-validated inputs, keyset
 * paging through the real server, and replay views per seat.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { playRandomGame } from "../rules/core/selfPlay.ts";
import { sha256Hex } from "../rules/core/hash.ts";
import { saveMatch, type FinishedMatch } from "../server/store/matches.ts";
import { highCardBinding, highCardEngine } from "./fixtures/highcard.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let t: TestServer;
const ann = randomUUID();
const bob = randomUUID();
const ids: string[] = [];

beforeAll(async () => {
  // Replay views in a worker thread, as the server runs them.
  t = await startTestServer({ bindings: [highCardBinding], replayWorker: new URL("./fixtures/highcardReplayWorker.ts", import.meta.url) });
  const base = Date.parse("2026-01-01T00:00:00Z");
  for (let i = 0; i < 45; i++) {
    const seed = `http-${i}`;
    const { replay, outcome } = playRandomGame(highCardEngine, {}, [{}, {}], seed);
    const match: FinishedMatch = {
      id: randomUUID(),
      game: "highcard",
      mode: "casual",
      config: replay.config,
      seats: replay.seats,
      seed,
      seedHash: sha256Hex(seed),
      version: highCardEngine.version,
      startedAt: new Date(base + i * 60_000 - 30_000),
      // Every third match shares its end time with the previous one: cursors must still not skip or repeat.
      endedAt: new Date(base + (i - (i % 3 === 2 ? 1 : 0)) * 60_000),
      outcome,
      players: [
        { seat: 0, playerId: ann, name: "Ann" },
        { seat: 1, playerId: i % 2 ? bob : randomUUID(), name: "X" },
      ],
      replay: { steps: replay.steps, finalHash: replay.finalHash },
    };
    await saveMatch(t.sql, match);
    ids.push(match.id);
  }
});
afterAll(async () => {
  await t?.close();
});

const get = async (path: string) => {
  const res = await fetch(`${t.url}${path}`);
  return { status: res.status, body: (await res.json()) as any };
};

describe("GET /api/matches", () => {
  it("pages a player's history newest first by cursor with no gaps or repeats", async () => {
    const seen: string[] = [];
    let before: string | null = null;
    let endedAt = Infinity;
    do {
      const page = await get(`/api/matches?player=${ann}&limit=7${before ? `&before=${encodeURIComponent(before)}` : ""}`);
      expect(page.status).toBe(200);
      for (const m of page.body.items) {
        expect(Date.parse(m.endedAt)).toBeLessThanOrEqual(endedAt);
        endedAt = Date.parse(m.endedAt);
        seen.push(m.id);
      }
      before = page.body.next;
    } while (before);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it("filters by player and game", async () => {
    const bobs = await get(`/api/matches?player=${bob}&limit=100`);
    expect(bobs.body.items).toHaveLength(22);
    const none = await get(`/api/matches?game=solrei&limit=100`);
    expect(none.body.items).toEqual([]);
  });

  it.each([
    ["/api/matches?limit=0", 400, "bad_request"],
    ["/api/matches?limit=abc", 400, "bad_request"],
    ["/api/matches?player=not-a-uuid", 400, "bad_request"],
    ["/api/matches?before=%%%garbage", 400, "bad_cursor"],
    ["/api/matches/not-a-uuid", 400, "bad_request"],
    [`/api/matches/${randomUUID()}`, 404, "match_not_found"],
    [`/api/matches/${randomUUID()}/replay`, 404, "match_not_found"],
    ["/api/nothing-here", 404, "not_found"],
  ])("%s -> %i %s", async (path, status, code) => {
    const r = await get(path);
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    expect(typeof r.body.error.message).toBe("string");
  });
});

describe("GET /api/matches/:id/replay", () => {
  it("shows a seat its own hand at a step, the spectator none, and the full state on reveal=all", async () => {
    const id = ids[0];
    const seat0 = await get(`/api/matches/${id}/replay?step=0&seat=0`);
    expect(seat0.body.view.hand).toHaveLength(3);
    const spectator = await get(`/api/matches/${id}/replay?step=0`);
    expect(spectator.body.view.hand).toBeUndefined();
    const full = await get(`/api/matches/${id}/replay?step=0&reveal=all`);
    expect(full.body.state.hands).toHaveLength(2);
    expect(full.body.state.deck.length).toBeGreaterThan(0);
    const events = await get(`/api/matches/${id}/replay?step=6&seat=1`);
    expect(events.body.events.length).toBeGreaterThan(0);
    // Per decision, as the live `events` messages: { step, events }, steps rising, none past 6.
    const steps = events.body.events.map((g: { step: number; events: unknown[] }) => {
      expect(g.events.length).toBeGreaterThan(0);
      return g.step;
    });
    expect(steps).toEqual([...steps].sort((a: number, b: number) => a - b));
    expect(Math.max(...steps)).toBeLessThanOrEqual(6);
  });

  it("refuses a seat the match does not have and seat together with reveal", async () => {
    expect((await get(`/api/matches/${ids[0]}/replay?step=1&seat=5`)).status).toBe(400);
    expect((await get(`/api/matches/${ids[0]}/replay?step=1&seat=0&reveal=all`)).status).toBe(400);
  });

  it("refuses a step or seat that is not a whole number in digits (empty, negative, 1e3, repeated) instead of reading it as another number", async () => {
    for (const q of ["step=", "step=-1", "step=1e3", "step=%204", "step=1&step=2", "seat=", "seat=0x1"]) {
      const res = await get(`/api/matches/${ids[0]}/replay?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code, q).toBe("bad_request");
    }
    expect((await get(`/api/matches/${ids[0]}/replay?step=003`)).body.step).toBe(3);
  });
});
