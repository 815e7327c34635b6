/**
 * GET /api/leaderboards/:game and GET /api/players/:id over the real server, on ratings made
 * by storing ranked matches (server/store/matches.ts saveMatch).
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVISIONAL_GAMES } from "../server/ratings/skill.ts";
import { saveMatch, type FinishedMatch } from "../server/store/matches.ts";
import { createAccount } from "../server/store/players.ts";
import { highCardBinding } from "./fixtures/highcard.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

let t: TestServer;
const veterans: string[] = [];
const rookies: string[] = [];
const guest = randomUUID();
const GAME = "highcard";

function match(mode: "ranked" | "casual", ids: string[], ranks: number[], endedAt: Date): FinishedMatch {
  return {
    id: randomUUID(),
    game: GAME,
    mode,
    config: {},
    seats: ids.map(() => ({})),
    seed: "s",
    seedHash: "h",
    version: "1",
    startedAt: new Date(endedAt.getTime() - 1000),
    endedAt,
    outcome: { ranks, reason: "test" },
    players: ids.map((playerId, seat) => ({ seat, playerId, name: `seat${seat}`, kind: mode === "ranked" ? ("account" as const) : ("guest" as const) })),
    replay: { steps: [], finalHash: "f" },
  };
}

beforeAll(async () => {
  t = await startTestServer({ bindings: [highCardBinding] });
  for (let i = 0; i < 8; i++) veterans.push((await createAccount(t.sql, `vet_${i}`, "scrypt$1$1$1$x$y")).playerId);
  for (let i = 0; i < 3; i++) rookies.push((await createAccount(t.sql, `rookie_${i}`, "scrypt$1$1$1$x$y")).playerId);
  // Veterans: a round robin repeated until each has PROVISIONAL_GAMES+ games; lower index wins more often.
  let clock = Date.parse("2026-02-01T00:00:00Z");
  const later = () => {
    clock += 1000;
    return new Date(clock);
  };
  for (let round = 0; round < 2; round++) {
    for (let a = 0; a < veterans.length; a++) {
      for (let b = a + 1; b < veterans.length; b++) {
        const upset = (a + b + round) % 5 === 0;
        await saveMatch(t.sql, match("ranked", [veterans[a]!, veterans[b]!], upset ? [2, 1] : [1, 2], later()));
      }
    }
  }
  // Rookies: one game each (provisional). A guest plays casual only.
  for (const r of rookies) await saveMatch(t.sql, match("ranked", [r, veterans[7]!], [1, 2], later()));
  await saveMatch(t.sql, match("casual", [guest, randomUUID()], [1, 2], later()));
});
afterAll(async () => {
  await t?.close();
});

const get = async (path: string) => {
  const res = await fetch(`${t.url}${path}`);
  return { status: res.status, body: (await res.json()) as any };
};

async function allPages(query: string, limit: number) {
  const items: any[] = [];
  let after: string | null = null;
  let pages = 0;
  do {
    const page = await get(`/api/leaderboards/${GAME}?limit=${limit}${query}${after ? `&after=${encodeURIComponent(after)}` : ""}`);
    expect(page.status).toBe(200);
    expect(page.body.game).toBe(GAME);
    items.push(...page.body.items);
    after = page.body.next;
    pages++;
  } while (after && pages < 50);
  return { items, pages };
}

describe("GET /api/leaderboards/:game", () => {
  it("orders established players by display rating, pages by cursor without gaps or repeats, positions run on", async () => {
    const { items, pages } = await allPages("", 3);
    expect(pages).toBe(3);
    expect(items.map((i) => i.playerId).sort()).toEqual([...veterans].sort());
    expect(items.map((i) => i.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (let i = 1; i < items.length; i++) expect(items[i - 1].display).toBeGreaterThanOrEqual(items[i].display);
    for (const i of items) {
      expect(i.provisional).toBe(false);
      expect(i.games).toBeGreaterThanOrEqual(PROVISIONAL_GAMES);
      expect(i.name).toMatch(/^vet_/);
      expect(Number.isInteger(i.display)).toBe(true);
    }
    // The player who won most is first.
    expect(items[0].playerId).toBe(veterans[0]);
  });

  it("includes provisional players with ?provisional=true", async () => {
    const { items } = await allPages("&provisional=true", 4);
    expect(items).toHaveLength(veterans.length + rookies.length);
    expect(new Set(items.map((i) => i.playerId)).size).toBe(items.length);
    expect(
      items
        .filter((i) => i.provisional)
        .map((i) => i.playerId)
        .sort(),
    ).toEqual([...rookies].sort());
    for (let i = 1; i < items.length; i++) expect(items[i - 1].display).toBeGreaterThanOrEqual(items[i].display);
    expect(items.some((i) => i.playerId === guest)).toBe(false);
  });

  it("ties in display rating are ordered by player id (descending) and still page cleanly", async () => {
    const a = await createAccount(t.sql, "tie_a", "scrypt$1$1$1$x$y");
    const b = await createAccount(t.sql, "tie_b", "scrypt$1$1$1$x$y");
    const c = await createAccount(t.sql, "tie_c", "scrypt$1$1$1$x$y");
    await saveMatch(t.sql, match("ranked", [a.playerId, b.playerId, c.playerId], [1, 1, 1], new Date()));
    const { items } = await allPages("&provisional=true", 1);
    const tied = items.filter((i) => [a.playerId, b.playerId, c.playerId].includes(i.playerId));
    expect(tied).toHaveLength(3);
    expect(new Set(tied.map((i) => i.display)).size).toBe(1);
    expect(tied.map((i) => i.playerId)).toEqual([a.playerId, b.playerId, c.playerId].sort().reverse());
  });

  it.each([
    ["/api/leaderboards/nogame", 404, "unknown_game"],
    [`/api/leaderboards/${GAME}?limit=0`, 400, "bad_request"],
    [`/api/leaderboards/${GAME}?provisional=yes`, 400, "bad_request"],
    [`/api/leaderboards/${GAME}?after=garbage`, 400, "bad_cursor"],
  ])("%s -> %i %s", async (path, status, code) => {
    const r = await get(path);
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
  });
});

describe("GET /api/players/:id", () => {
  it("shows a registered player's profile, rating per game and recent matches with rating changes", async () => {
    const r = await get(`/api/players/${veterans[0]}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: veterans[0], name: "vet_0", kind: "account", history: `/api/matches?player=${veterans[0]}` });
    expect(r.body.ratings).toHaveLength(1);
    expect(r.body.ratings[0]).toMatchObject({ game: GAME, games: 14, provisional: false });
    expect(r.body.recentMatches).toHaveLength(10);
    const latest = r.body.recentMatches[0];
    expect(latest).toMatchObject({ game: GAME, mode: "ranked", players: 2 });
    expect(latest.ratingAfter.games).toBe(14);
    expect(latest.ratingAfter.display).toBe(r.body.ratings[0].display);
    expect(latest.ratingBefore).toEqual(r.body.recentMatches[1].ratingAfter);
    for (let i = 1; i < 10; i++) expect(Date.parse(r.body.recentMatches[i - 1].endedAt)).toBeGreaterThanOrEqual(Date.parse(r.body.recentMatches[i].endedAt));
  });

  it("GET /api/matches/:id of a ranked match shows each seat's rating before and after", async () => {
    const r = await get(`/api/players/${veterans[1]}`);
    const id = r.body.recentMatches[0].matchId;
    const m = await get(`/api/matches/${id}`);
    expect(m.body.mode).toBe("ranked");
    const mine = m.body.players.find((p: any) => p.playerId === veterans[1]);
    expect(mine.ratingAfter).toEqual(r.body.recentMatches[0].ratingAfter);
    expect(mine.ratingBefore).toEqual(r.body.recentMatches[0].ratingBefore);
  });

  it("a guest who played casual has a profile without ratings", async () => {
    const r = await get(`/api/players/${guest}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: "guest", ratings: [] });
    expect(r.body.recentMatches).toHaveLength(1);
    expect(r.body.recentMatches[0]).toMatchObject({ mode: "casual", rank: 1, ratingBefore: null, ratingAfter: null });
  });

  it("unknown id -> 404 player_not_found; malformed id -> 400", async () => {
    expect((await get(`/api/players/${randomUUID()}`)).body.error.code).toBe("player_not_found");
    expect((await get(`/api/players/nope`)).status).toBe(400);
  });
});
