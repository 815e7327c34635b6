import { randomUUID } from "node:crypto";
import type { Sql } from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/support/db.ts";
import { deadLetterStats, saveDeadLetter } from "./deadLetters.ts";
import { decodeCursor, encodeCursor, getMatch, getReplay, listMatches } from "./matchHistory.ts";
import { saveMatch, StoreError, type FinishedMatch, type MatchSummary } from "./matches.ts";

let db: TestDatabase;
let sql: Sql;
beforeAll(async () => {
  db = await createTestDatabase();
  sql = db.sql;
});
afterAll(async () => {
  await db?.close();
});

function sampleMatch(over: Partial<FinishedMatch> = {}): FinishedMatch {
  const endedAt = over.endedAt ?? new Date("2025-03-04T05:06:07.891Z");
  return {
    id: randomUUID(),
    game: "store-test",
    mode: "casual",
    config: { deck: "standard", options: { jokers: false, nested: [1, "two", null, { three: 3.5 }] } },
    seats: [{ kind: "human" }, { kind: "bot", level: 2 }],
    seed: `seed-${Math.random().toString(36).slice(2)}`,
    seedHash: "sha256:abc",
    version: "1.2.3",
    startedAt: new Date(endedAt.getTime() - 600_000),
    endedAt,
    outcome: { ranks: [2, 1], reason: "score" },
    players: [
      { seat: 0, playerId: randomUUID(), name: "Ann ✨" },
      { seat: 1, playerId: randomUUID(), name: "Bot", kind: "bot" },
    ],
    replay: {
      steps: [
        { seat: 0, action: { play: "7♥" }, at: 12 },
        { seat: 1, action: "pass", auto: true },
      ],
      finalHash: "f1na1",
    },
    ...over,
  };
}

const counts = async (id: string) =>
  (
    await sql`select (select count(*) from matches where id = ${id}) as m,
      (select count(*) from match_players where match_id = ${id}) as p,
      (select count(*) from replays where match_id = ${id}) as r`
  )[0];

describe("saveMatch / getMatch / getReplay", () => {
  it("round-trips a match: jsonb values, dates, players, replay", async () => {
    const m = sampleMatch();
    expect(await saveMatch(sql, m)).toBe(true);

    const summary = await getMatch(sql, m.id);
    expect(summary).toEqual({
      id: m.id,
      game: m.game,
      mode: m.mode,
      version: m.version,
      status: "finished",
      seedHash: m.seedHash,
      seed: m.seed,
      startedAt: m.startedAt.toISOString(),
      endedAt: m.endedAt.toISOString(),
      outcome: m.outcome,
      players: [
        { seat: 0, playerId: m.players[0]!.playerId, name: "Ann ✨", rank: 2, kind: "guest" },
        { seat: 1, playerId: m.players[1]!.playerId, name: "Bot", rank: 1, kind: "bot" },
      ],
    } satisfies MatchSummary);

    const replay = await getReplay(sql, m.id);
    expect(replay).toEqual({
      game: m.game,
      version: m.version,
      config: m.config,
      seats: m.seats,
      seed: m.seed,
      steps: m.replay.steps,
      finalHash: m.replay.finalHash,
      mode: m.mode,
      players: summary!.players,
    });
    const [row] = await sql`select step_count, status, jsonb_typeof(seats) as seats_type from matches join replays on match_id = id where id = ${m.id}`;
    expect(row).toEqual({ step_count: 2, status: "finished", seats_type: "array" });
    const kinds = await sql`select id, kind from players where id in ${sql(m.players.map((p) => p.playerId))} order by name`;
    expect(kinds.map((k) => k.kind)).toEqual(["guest", "bot"]);
  });

  it("a bot's level is stored and read back with the bot; a level on a person, or an unknown one, is refused", async () => {
    const m = sampleMatch();
    m.players[1] = { ...m.players[1]!, level: "normal" };
    expect(await saveMatch(sql, m)).toBe(true);
    const players = (await getMatch(sql, m.id))!.players;
    expect(players.map((p) => p.botLevel ?? null)).toEqual([null, "normal"]);
    const onPerson = sampleMatch();
    onPerson.players[0] = { ...onPerson.players[0]!, level: "normal" };
    await expect(saveMatch(sql, onPerson)).rejects.toThrow(/seat 0: level must be easy or normal, for a bot only/);
    const unknown = sampleMatch();
    unknown.players[1] = { ...unknown.players[1]!, level: "grandmaster" as "easy" };
    await expect(saveMatch(sql, unknown)).rejects.toThrow(/seat 1: level must be/);
  });

  it("keeps scalar and null JSON values as JSON (not SQL NULL, not double-encoded)", async () => {
    const m = sampleMatch({ config: null, seats: ["a", 1], replay: { steps: ["just a string", 42, null, [1]], finalHash: "x" } });
    expect(await saveMatch(sql, m)).toBe(true);
    const r = await getReplay(sql, m.id);
    expect(r!.config).toBeNull();
    expect(r!.seats).toEqual(["a", 1]);
    expect(r!.steps).toEqual(["just a string", 42, null, [1]]);
    const [types] = await sql`select jsonb_typeof(config) c, jsonb_typeof(steps->0) s from matches join replays on match_id = id where id = ${m.id}`;
    expect(types).toEqual({ c: "null", s: "string" });
  });

  it("is idempotent by id: the second save returns false and stores nothing more", async () => {
    const m = sampleMatch();
    expect(await saveMatch(sql, m)).toBe(true);
    expect(await saveMatch(sql, { ...m, replay: { steps: [], finalHash: "other" } })).toBe(false);
    expect(await counts(m.id)).toEqual({ m: 1, p: 2, r: 1 });
    expect((await getReplay(sql, m.id))!.finalHash).toBe(m.replay.finalHash);

    // Racing saves of the same match: exactly one wins.
    const n = sampleMatch();
    const results = await Promise.all([saveMatch(sql, n), saveMatch(sql, n), saveMatch(sql, n)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await counts(n.id)).toEqual({ m: 1, p: 2, r: 1 });
  });

  it("upserts players: a known player keeps its kind and gets its latest name", async () => {
    const pid = randomUUID();
    await sql`insert into players (id, name, kind) values (${pid}, 'Old', 'account')`;
    const m = sampleMatch();
    m.players[0] = { seat: 0, playerId: pid, name: "New name", kind: "guest" };
    await saveMatch(sql, m);
    expect(await sql`select name, kind from players where id = ${pid}`).toEqual([{ name: "New name", kind: "account" }]);
  });

  it("stores nothing when part of the write fails (one transaction), and rejects invalid records", async () => {
    const m = sampleMatch();
    m.players = [m.players[0]!, { seat: 1, playerId: m.players[0]!.playerId, name: "same player twice" }];
    expect(await saveMatch(sql, m)).toBe(true); // one player may hold two seats
    expect(await counts(m.id)).toEqual({ m: 1, p: 2, r: 1 });

    const noRank = sampleMatch({ outcome: { ranks: [1], reason: "x" } });
    await expect(saveMatch(sql, noRank)).rejects.toMatchObject({ code: "invalid_match" });
    await expect(saveMatch(sql, sampleMatch({ id: "not-a-uuid" }))).rejects.toBeInstanceOf(StoreError);
    await expect(saveMatch(sql, sampleMatch({ endedAt: new Date("nope") }))).rejects.toMatchObject({ code: "invalid_match" });
    expect(await counts(noRank.id)).toEqual({ m: 0, p: 0, r: 0 });

    // A failure after the match row (rank out of smallint range): nothing of it remains.
    const broken = sampleMatch({ outcome: { ranks: [1, 99_999], reason: "x" } });
    await expect(saveMatch(sql, broken)).rejects.toThrow();
    expect(await counts(broken.id)).toEqual({ m: 0, p: 0, r: 0 });
  });

  it("refuses, before writing, a record with an unsafe character in any string (never stores it altered)", async () => {
    const id = randomUUID();
    const cases: [string, Partial<FinishedMatch>][] = [
      [
        "players.0.name",
        {
          players: [
            { seat: 0, playerId: randomUUID(), name: "Ann\u0000" },
            { seat: 1, playerId: randomUUID(), name: "B" },
          ],
        },
      ],
      ["game", { game: "store\u202etest" }],
      ["config.options", { config: { options: { "k\u0007": 1 } } }],
      ["replay.steps.0.action", { replay: { steps: [{ seat: 0, action: "x\u0000" }], finalHash: "f" } }],
      ["seed", { seed: "\ud800" }],
    ];
    for (const [where, over] of cases) {
      const error = await saveMatch(sql, sampleMatch({ id, ...over })).catch((e: unknown) => e);
      expect(error, where).toBeInstanceOf(StoreError);
      expect((error as StoreError).code, where).toBe("invalid_match");
      expect((error as StoreError).message, where).toContain(where);
    }
    await expect(saveMatch(sql, sampleMatch({ id, seed: 7 as unknown as string }))).rejects.toMatchObject({ code: "invalid_match" });
    expect(await counts(id)).toEqual({ m: 0, p: 0, r: 0 });
  });

  it("keeps a dead letter as the text of its JSON, NUL and all", async () => {
    const before = await deadLetterStats(sql);
    const m = sampleMatch({ game: "dl\u0000" });
    await saveDeadLetter(sql, { matchId: m.id, errorCode: "invalid_match", error: "bad \u0000 name", record: JSON.stringify(m) });
    await saveDeadLetter(sql, { matchId: "not\u0000an id", errorCode: "unreadable_spool_file", error: "x", record: JSON.stringify("{ raw") });
    const after = await deadLetterStats(sql);
    expect(after.count).toBe(before.count + 2);
    expect(after.latest).toMatchObject({ matchId: null, errorCode: "unreadable_spool_file" });
    expect(typeof after.latest!.failedAt).toBe("string");
    const [row] = await sql`select record, error from match_dead_letters where match_id = ${m.id}`;
    expect(JSON.parse(row!.record as string).game).toBe("dl\u0000");
    expect(row!.error).toBe("bad <U+0000> name"); // the diagnostic text is escaped, the record is not touched
  });

  it("returns null for unknown or malformed ids", async () => {
    expect(await getMatch(sql, randomUUID())).toBeNull();
    expect(await getReplay(sql, randomUUID())).toBeNull();
    expect(await getMatch(sql, "nope")).toBeNull();
    expect(await getReplay(sql, "nope")).toBeNull();
  });
});

describe("listMatches", () => {
  const game = `paging-${Math.random().toString(36).slice(2, 8)}`;
  const player = randomUUID();
  const others = Array.from({ length: 5 }, () => randomUUID());
  let all: string[]; // expected order for the game / player filters

  beforeAll(async () => {
    // 250 matches of `game`, all with `player`; ended_at repeats (10 matches per timestamp).
    const base = Date.parse("2025-01-01T00:00:00.000Z");
    const matches: FinishedMatch[] = [];
    for (let i = 0; i < 250; i++) {
      const endedAt = new Date(base + Math.floor(i / 10) * 1000);
      const seat = i % 2;
      const players = [
        { seat: seat, playerId: player, name: "P" },
        { seat: 1 - seat, playerId: others[i % others.length]!, name: "O" },
      ];
      matches.push(sampleMatch({ game, endedAt, players }));
    }
    // Noise the filters must leave out: other games with the player, the game without the player.
    const noise = [
      ...Array.from({ length: 7 }, () =>
        sampleMatch({
          game: `${game}-other`,
          endedAt: new Date(base + 5000),
          players: [
            { seat: 0, playerId: player, name: "P" },
            { seat: 1, playerId: others[0]!, name: "O" },
          ],
        }),
      ),
      ...Array.from({ length: 7 }, () => sampleMatch({ game: `${game}-other`, endedAt: new Date(base + 5000) })),
    ];
    for (let i = 0; i < matches.length; i += 25) await Promise.all(matches.slice(i, i + 25).map((m) => saveMatch(sql, m)));
    await Promise.all(noise.map((m) => saveMatch(sql, m)));
    // Sub-millisecond differences (rows written by SQL, not by JS Dates): a few matches get
    // +1..+3 µs. A millisecond cursor would skip or repeat these.
    const ids = matches.filter((_, i) => i % 7 === 0).map((m) => m.id);
    await sql`update matches set ended_at = ended_at + (interval '1 microsecond' * (1 + abs(hashtext(id::text)) % 3)) where id in ${sql(ids)}`;
    await sql`update match_players mp set ended_at = m.ended_at from matches m where m.id = mp.match_id and m.id in ${sql(ids)}`;
    all = (await sql<{ id: string }[]>`select id from matches where game = ${game} order by ended_at desc, id desc`).map((r) => r.id);
    expect(all).toHaveLength(250);
  });

  async function pageAll(q: { game?: string; player?: string }, limit = 17) {
    const seen: MatchSummary[] = [];
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const page = await listMatches(sql, { ...q, limit, before });
      pages++;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items);
      if (!page.next) break;
      expect(page.items.length).toBe(limit);
      before = page.next;
      if (pages > 100) throw new Error("paging does not end");
    }
    return { seen, pages };
  }

  function expectNewestFirst(items: MatchSummary[]) {
    for (let i = 1; i < items.length; i++) expect(items[i - 1]!.endedAt >= items[i]!.endedAt).toBe(true);
  }

  it("pages 250 matches of a game with limit 17: each exactly once, newest first", async () => {
    const { seen, pages } = await pageAll({ game });
    expect(pages).toBe(Math.ceil(250 / 17));
    expect(seen.map((m) => m.id)).toEqual(all);
    expect(new Set(seen.map((m) => m.id)).size).toBe(250);
    expectNewestFirst(seen);
    expect(seen.every((m) => m.game === game && m.players.length === 2)).toBe(true);
  });

  it("pages a player's 250 matches of that game, and all 257 of the player", async () => {
    const both = await pageAll({ game, player });
    expect(both.seen.map((m) => m.id)).toEqual(all);
    const mine = await pageAll({ player });
    expect(mine.seen).toHaveLength(257);
    expect(new Set(mine.seen.map((m) => m.id)).size).toBe(257);
    expectNewestFirst(mine.seen);
    expect(mine.seen.filter((m) => m.game === game).map((m) => m.id)).toEqual(all);
    expect(mine.seen.every((m) => m.players.some((p) => p.playerId === player))).toBe(true);
  });

  it("a match stored while paging does not shift the later pages", async () => {
    const first = await listMatches(sql, { game, limit: 17 });
    await saveMatch(sql, sampleMatch({ game, endedAt: new Date("2030-01-01T00:00:00Z") }));
    const second = await listMatches(sql, { game, limit: 17, before: first.next! });
    expect(second.items.map((m) => m.id)).toEqual(all.slice(17, 34));
  });

  it("with no filter, the newest come first and the last page says next: null", async () => {
    const page = await listMatches(sql, { limit: 3 });
    expect(page.items).toHaveLength(3);
    expectNewestFirst(page.items);
    const tail = await listMatches(sql, { game, limit: 1000 });
    expect(tail.next).toBeNull();
    expect((await listMatches(sql, { game: "no-such-game", limit: 5 })).items).toEqual([]);
  });

  it("rejects a malformed cursor with bad_cursor", async () => {
    const good = encodeCursor("2025-01-01T00:00:00.000000Z", randomUUID());
    expect(decodeCursor(good).ts).toBe("2025-01-01T00:00:00.000000Z");
    const bad = [
      "garbage!",
      "",
      Buffer.from("hello").toString("base64url"),
      Buffer.from(`2025-01-01T00:00:00Z|${randomUUID()}`).toString("base64url"), // no microseconds
      Buffer.from("2025-01-01T00:00:00.000000Z|not-a-uuid").toString("base64url"),
      Buffer.from(`2025-13-45T00:00:00.000000Z|${randomUUID()}`).toString("base64url"),
      // Shaped right, but no such instant: JavaScript rolls these over, PostgreSQL refuses them (was a 500).
      encodeCursor("2025-02-30T10:00:00.000000Z", randomUUID()),
      encodeCursor("2025-02-29T10:00:00.000000Z", randomUUID()),
      encodeCursor("2025-01-01T24:00:00.000000Z", randomUUID()),
      encodeCursor("0000-01-01T00:00:00.000000Z", randomUUID()),
      encodeCursor("2025-01-01T00:00:00.000000Z", "\u0000"),
      `${good}=`,
      good.slice(0, -2),
    ];
    for (const before of bad) {
      const error = await listMatches(sql, { limit: 5, before }).catch((e: unknown) => e);
      expect(error, before).toBeInstanceOf(StoreError);
      expect((error as StoreError).code, before).toBe("bad_cursor");
    }
    await expect(listMatches(sql, { limit: 0 })).rejects.toMatchObject({ code: "bad_request" });
    await expect(listMatches(sql, { limit: 5, player: "x" })).rejects.toMatchObject({ code: "bad_request" });
    await expect(listMatches(sql, { limit: 5, game: "a\u0000" })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("U+0000") });
    await expect(listMatches(sql, { limit: 5, before: "\u0000" })).rejects.toMatchObject({ code: "bad_cursor" });
    expect(decodeCursor(encodeCursor("2024-02-29T23:59:59.999999Z", randomUUID())).ts).toBe("2024-02-29T23:59:59.999999Z");
  });

  it("a player's history is an index range scan, not a sort of everything", async () => {
    await sql`analyze`;
    const plan = (await sql.unsafe(`explain select distinct mp.ended_at, mp.match_id from match_players mp where mp.player_id = $1 order by mp.ended_at desc, mp.match_id desc limit 18`, [player]))
      .map((r) => Object.values(r)[0])
      .join("\n");
    expect(plan).toMatch(/match_players_player/);
    expect(plan).not.toMatch(/Sort/);
  });
});
