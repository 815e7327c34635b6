/**
 * A verified signature is not enough: every token used for identity must name a player who
 * exists, of the kind the token says (an account for a non-guest token). Guests get their
 * `players` row (kind 'guest') when their identity is issued. Checked over HTTP
 * (GET /api/auth/me, i.e. requireBearer) and over the ranked queue (the Matchmaker's authenticate).
 */
import { randomUUID } from "node:crypto";
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../server/auth/tokens.ts";
import { saveMatch, type FinishedMatch } from "../server/store/matches.ts";
import { highCardBinding } from "./fixtures/highcard.ts";
import { accountsApi } from "./support/accountsApi.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

const SECRET = "accounts-identity-test-secret-0123456789";

let t: TestServer;
let api: ReturnType<typeof accountsApi>;
beforeAll(async () => {
  t = await startTestServer({ bindings: [highCardBinding], env: { JWT_SECRET: SECRET, QUEUE_TICK_MS: "100" } });
  api = accountsApi(t.url);
});
afterAll(async () => {
  await t?.close();
});

const token = (playerId: string, username: string, guest: boolean) => issueToken(SECRET, { playerId, username, guest }, 3600);

function expectNoSuchPlayer(r: { status: number; body: any }) {
  expect(r.status).toBe(401);
  expect(r.body.error.code).toBe("invalid_token");
  expect(r.body.error.message).toMatch(/this player does not exist/);
}

/** The error message of a promise that must fail (a room joined by mistake is left). */
async function refusal(p: Promise<{ leave(consented?: boolean): Promise<unknown> }>): Promise<string> {
  let room: { leave(consented?: boolean): Promise<unknown> } | undefined;
  try {
    room = await p;
  } catch (error) {
    return (error as Error).message;
  }
  await room.leave(true).catch(() => {});
  throw new Error("expected a refusal, but the join succeeded");
}

describe("tokens for players who do not exist", () => {
  it("a correctly signed account token for a random player id: 401 invalid_token", async () => {
    expectNoSuchPlayer(await api.me(await token(randomUUID(), "Nobody", false)));
  });

  it("a correctly signed guest token for a random player id: 401 invalid_token", async () => {
    expectNoSuchPlayer(await api.me(await token(randomUUID(), "~Nobody", true)));
  });

  it("the token of an account deleted from the database is refused from then on", async () => {
    const reg = await api.register("short_lived", "a fine password");
    expect(reg.status).toBe(201);
    expect((await api.me(reg.body.token)).status).toBe(200);
    await t.sql`delete from accounts where player_id = ${reg.body.player.id}`;
    expectNoSuchPlayer(await api.me(reg.body.token));
    await t.sql`delete from players where id = ${reg.body.player.id}`;
    expectNoSuchPlayer(await api.me(reg.body.token));
  });

  it("the kind must match: a guest's id in a non-guest token, an account's id in a guest token", async () => {
    const guest = await api.guest("Wanderer");
    const account = await api.register("real_account", "a fine password");
    expectNoSuchPlayer(await api.me(await token(guest.body.player.id, "Wanderer", false)));
    expectNoSuchPlayer(await api.me(await token(account.body.player.id, "real_account", true)));
    // Their own tokens still work.
    expect((await api.me(guest.body.token)).status).toBe(200);
    expect((await api.me(account.body.token)).status).toBe(200);
  });

  it("the ranked queue refuses a correctly signed token for a player who does not exist", async () => {
    const ghost = new Client(t.wsUrl);
    ghost.auth.token = await token(randomUUID(), "Ghost", false);
    expect(await refusal(ghost.joinOrCreate("queue", { game: "highcard", seats: 2 }))).toMatch(/^invalid_token: this player does not exist/);
    // A registered account's token is still accepted there.
    const reg = await api.register("queue_ok", "a fine password");
    const ok = new Client(t.wsUrl);
    ok.auth.token = reg.body.token;
    const room = await ok.joinOrCreate("queue", { game: "highcard", seats: 2 });
    await room.leave(true);
  });
});

describe("guest players rows", () => {
  it("POST /api/auth/guest creates the guest's players row (kind guest, the marked name)", async () => {
    const g = await api.guest("Rover");
    expect(g.status).toBe(200);
    const [row] = await t.sql`select name, kind from players where id = ${g.body.player.id}`;
    expect(row).toEqual({ name: g.body.player.username, kind: "guest" });
    expect((await api.me(g.body.token)).body.player).toEqual(g.body.player);
  });

  it("storing a casual match of a guest whose row exists works, and the guest stays a guest", async () => {
    const g = await api.guest("Player One");
    const other = randomUUID();
    const endedAt = new Date();
    const match: FinishedMatch = {
      id: randomUUID(),
      game: "highcard",
      mode: "casual",
      config: {},
      seats: [{}, {}],
      seed: "s",
      seedHash: "h",
      version: "1",
      startedAt: new Date(endedAt.getTime() - 1000),
      endedAt,
      outcome: { ranks: [1, 2], reason: "test" },
      players: [
        { seat: 0, playerId: g.body.player.id, name: g.body.player.username, kind: "guest" },
        { seat: 1, playerId: other, name: "~Other", kind: "guest" },
      ],
      replay: { steps: [], finalHash: "f" },
    };
    await saveMatch(t.sql, match);
    const rows = await t.sql`select id::text, kind from players where id in (${g.body.player.id}, ${other}) order by kind`;
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.kind === "guest")).toBe(true);
    const [seat] = await t.sql`select count(*)::int as n from match_players where player_id = ${g.body.player.id}`;
    expect(seat!.n).toBe(1);
  });
});
