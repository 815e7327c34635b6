/**
 * The admin API over one in-process server (server/http/admin.ts):
 *   - every admin route refuses no token, a guest's, a player's, a token whose role claim was
 *     edited (bad signature) and a validly signed admin claim the database does not back, and
 *     such refusals leave no audit row;
 *   - every admin call leaves exactly one audit row (its action and status), and the log pages;
 *   - live matches are listed with their players; a removed player's client is closed and cannot
 *     come back; an aborted match tells its clients why and stores nothing;
 *   - a ban refuses login, the token everywhere (me, the queue), guests from the banned account's
 *     address, and drops the player's live seat at once; an unban lifts it; an address range ban;
 *   - reports filed after a match reach the admins' queue; a ranked match voided through the API;
 *   - a drained process refuses new rooms (503) until it is undrained.
 */
import { randomUUID } from "node:crypto";
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solreiBinding } from "../rooms/solrei/binding.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { grantConfiguredAdmins } from "../server/admin/access.ts";
import { DEV_JWT_SECRET } from "../server/config.ts";
import { ADMIN_ROUTES } from "../server/http/admin.ts";
import { issueToken } from "../server/auth/tokens.ts";
import { silentLogger } from "../server/log.ts";
import { saveMatch, type FinishedMatch } from "../server/store/matches.ts";
import { accountsApi } from "./support/accountsApi.ts";
import { QueueBot, registerAccounts } from "./support/queueBot.ts";
import { sdkRefusal, startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

type Account = { playerId: string; username: string; token: string };

describe("the admin API", { timeout: 90_000 }, () => {
  let t: TestServer;
  let admin: Account;
  let player: Account;
  let other: Account;
  const open: Room[] = [];

  beforeAll(async () => {
    t = await startTestServer({ bindings: [solreiBinding], env: { JWT_SECRET: DEV_JWT_SECRET, PROMPT_TIMEOUT_MS: "0", QUEUE_TICK_MS: "100" } });
    [admin, player, other] = (await registerAccounts(t.sql, DEV_JWT_SECRET, 3, "adm")) as [Account, Account, Account];
    // ADMIN_USERNAMES' path: the account becomes an admin, audited; then its token says so.
    expect(await grantConfiguredAdmins(t.sql, [admin.username], silentLogger)).toEqual([admin.username]);
    admin.token = await issueToken(DEV_JWT_SECRET, { playerId: admin.playerId, username: admin.username, guest: false, role: "admin" }, 3600);
  }, 120_000);

  afterAll(async () => {
    for (const room of open) if (room.connection.isOpen) void room.leave().catch(() => {});
    await t?.close();
  });

  function call(method: string, path: string, token?: string, body?: unknown) {
    return accountsApi(t.url).call(method.toUpperCase(), path, method === "get" ? undefined : body, token);
  }

  const auditCount = async () => Number((await t.sql`select count(*)::int as n from audit_log`)[0]!.n);

  /** A concrete path for a route (placeholders filled with ids that exist nowhere). */
  function pathOf(route: (typeof ADMIN_ROUTES)[number]): string {
    return route.path.replace(":roomId", "nosuchroom").replace(":matchId", randomUUID()).replace(":playerId", randomUUID()).replace(":banId", "999").replace(":reportId", "999");
  }

  /** Two players seated in a new casual SolRei room with their tokens; the match starts. */
  async function liveMatch(a: Account, b: Account): Promise<{ rooms: [Room, Room]; roomId: string }> {
    const join = async (account: Account, roomId?: string) => {
      const client = new Client(t.wsUrl);
      client.auth.token = account.token;
      const options = { config: {}, seat: sampleSeatConfig(0) };
      const room = roomId ? await client.joinById(roomId, options) : await client.create("solrei", options);
      room.onMessage("*", () => {});
      open.push(room);
      return room;
    };
    const first = await join(a);
    const second = await join(b, first.roomId);
    await waitFor(() => first.state?.status === "playing", "the match started");
    return { rooms: [first, second], roomId: first.roomId };
  }

  const leaveOf = (room: Room) => new Promise<{ code: number; reason?: string }>((resolve) => room.onLeave((code, reason) => resolve({ code, reason })));

  it("refuses every admin route without an admin token, and audits none of those refusals", async () => {
    const guest = (await accountsApi(t.url).guest()).body.token as string;
    // The player's own token with its role claim edited to admin: the signature no longer matches.
    const [head, payload, signature] = player.token.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const edited = `${head}.${Buffer.from(JSON.stringify({ ...claims, role: "admin" })).toString("base64url")}.${signature}`;
    // A validly signed token claiming admin for an account the database says is a player.
    const signedClaim = await issueToken(DEV_JWT_SECRET, { playerId: player.playerId, username: player.username, guest: false, role: "admin" }, 3600);
    const before = await auditCount();
    for (const route of ADMIN_ROUTES) {
      const path = pathOf(route);
      const answers = {
        none: await call(route.method, path, undefined, {}),
        guest: await call(route.method, path, guest, {}),
        player: await call(route.method, path, player.token, {}),
        edited: await call(route.method, path, edited, {}),
        signedClaim: await call(route.method, path, signedClaim, {}),
      };
      const seen = Object.fromEntries(Object.entries(answers).map(([k, a]) => [k, `${a.status} ${a.body?.error?.code}`]));
      expect(seen, `${route.method} ${route.path}`).toEqual({
        none: "401 missing_token",
        guest: "403 forbidden",
        player: "403 forbidden",
        edited: "401 invalid_token",
        signedClaim: "403 forbidden",
      });
    }
    expect(await auditCount()).toBe(before);
  });

  it("every admin call leaves one audit row with its action and status; the log pages by keyset", async () => {
    for (const route of ADMIN_ROUTES) {
      const before = await auditCount();
      const answer = await call(route.method, pathOf(route), admin.token, route.method === "post" ? { reason: "audit check" } : undefined);
      const rows = await t.sql<{ action: string; status: number; actor: string }[]>`select action, status, actor from audit_log order by id desc limit 1`;
      expect(await auditCount(), `${route.method} ${route.path}`).toBe(before + 1);
      expect(rows[0]).toEqual({ action: route.action, status: answer.status, actor: admin.playerId });
    }
    const first = await call("get", "/api/admin/audit?limit=3", admin.token);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(3);
    const second = await call("get", `/api/admin/audit?limit=3&before=${first.body.next}`, admin.token);
    expect(second.body.items[0].id).toBeLessThan(first.body.items[2].id);
    expect((await call("get", "/api/admin/audit?before=bm9wZQ", admin.token)).body.error.code).toBe("bad_cursor");
    // The grant made at the start is there too, by the setting.
    const grants = await call("get", `/api/admin/audit?action=grant_admin`, admin.token);
    expect(grants.body.items[0]).toMatchObject({ actor: null, actorName: "setting", target: admin.playerId });
  });

  it("lists live matches with their players; a removed player is closed out and cannot come back", async () => {
    const { rooms, roomId } = await liveMatch(player, other);
    const live = await call("get", "/api/admin/live", admin.token);
    const listed = live.body.rooms.find((r: { roomId: string }) => r.roomId === roomId);
    expect(listed).toMatchObject({ game: "solrei", mode: "casual", status: "playing" });
    expect(listed.seats.map((s: { playerId: string; kind: string }) => [s.playerId, s.kind])).toEqual([
      [player.playerId, "account"],
      [other.playerId, "account"],
    ]);
    const left = leaveOf(rooms[0]);
    const removed = await call("post", `/api/admin/live/${roomId}/remove`, admin.token, { playerId: player.playerId, reason: "stalling on purpose" });
    expect(removed.status).toBe(200);
    expect(await left).toMatchObject({ code: 4403, reason: "removed: stalling on purpose" });
    const after = (await call("get", "/api/admin/live", admin.token)).body.rooms.find((r: { roomId: string }) => r.roomId === roomId);
    expect(after.seats[0]).toMatchObject({ playerId: player.playerId, removed: true, connected: false });
    // Back by room id with the same token: refused (the seat is not theirs to take back).
    const back = new Client(t.wsUrl);
    back.auth.token = player.token;
    await sdkRefusal(back.joinById(roomId, {}));
    expect((await call("post", `/api/admin/live/${roomId}/remove`, admin.token, { playerId: randomUUID(), reason: "x" })).status).toBe(404);
  });

  it("an aborted match tells its clients why, stores nothing, and cannot be aborted twice", async () => {
    const { rooms, roomId } = await liveMatch(other, admin);
    const told = rooms.map((room) => new Promise((resolve) => room.onMessage("aborted", resolve)));
    const matchId = rooms[0].state.matchId as string;
    const answer = await call("post", `/api/admin/live/${roomId}/abort`, admin.token, { reason: "server test" });
    expect(answer.status).toBe(200);
    expect(await Promise.all(told)).toEqual([
      { reason: "admin", message: "server test" },
      { reason: "admin", message: "server test" },
    ]);
    expect((await call("post", `/api/admin/live/${roomId}/abort`, admin.token, { reason: "again" })).body.error.code).toMatch(/match_over|room_not_found/);
    expect(await t.sql`select 1 from matches where id = ${matchId}::uuid`).toHaveLength(0);
    expect(await t.server.journalStore.isLive(matchId)).toBe(false);
  });

  it("reports after a match reach the admins' queue; a voided ranked match through the API", async () => {
    const match = (mode: "casual" | "ranked"): FinishedMatch => ({
      id: randomUUID(),
      game: "solrei",
      mode,
      config: {},
      seats: [{}, {}],
      seed: "s",
      seedHash: "h",
      version: "1",
      startedAt: new Date(Date.now() - 1000),
      endedAt: new Date(),
      outcome: { ranks: [1, 2], reason: "test" },
      players: [
        { seat: 0, playerId: other.playerId, name: other.username, kind: "account" },
        { seat: 1, playerId: admin.playerId, name: admin.username, kind: "account" },
      ],
      replay: { steps: [], finalHash: "f" },
    });
    const played = match("ranked");
    await saveMatch(t.sql, played);
    const report = await call("post", `/api/matches/${played.id}/reports`, other.token, { playerId: admin.playerId, reason: "stalling", details: "waited out every clock" });
    expect(report.status).toBe(201);
    expect((await call("post", `/api/matches/${played.id}/reports`, other.token, { playerId: admin.playerId, reason: "abuse" })).body.error.code).toBe("already_reported");
    expect((await call("post", `/api/matches/${played.id}/reports`, player.token, { playerId: admin.playerId, reason: "abuse" })).body.error.code).toBe("not_in_match");
    const queue = await call("get", "/api/admin/reports", admin.token);
    expect(queue.body.items[0]).toMatchObject({ id: report.body.report.id, reason: "stalling", reporter: { id: other.playerId }, reported: { id: admin.playerId } });
    const resolved = await call("post", `/api/admin/reports/${report.body.report.id}/resolve`, admin.token, { resolution: "warned" });
    expect(resolved.body.report.resolution).toBe("warned");

    const voided = await call("post", `/api/admin/matches/${played.id}/void`, admin.token, { reason: "collusion" });
    expect(voided.status).toBe(200);
    expect((await call("get", `/api/matches/${played.id}`)).body.status).toBe("voided");
    expect(await t.sql`select 1 from ratings where player_id = any(${[other.playerId, admin.playerId]}::uuid[])`).toHaveLength(0);
    expect((await call("post", `/api/admin/matches/${played.id}/void`, admin.token, { reason: "again" })).body.error.code).toBe("already_voided");
  });

  it("a drained process creates no rooms until it is undrained", async () => {
    expect((await call("post", "/api/admin/drain", admin.token, { draining: true })).status).toBe(200);
    const processes = (await call("get", "/api/admin/processes", admin.token)).body.processes;
    expect(processes).toEqual([expect.objectContaining({ self: true, draining: true })]);
    const res = await fetch(`${t.url}/matchmake/create/solrei`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ config: {} }) });
    expect(res.status).toBe(503);
    expect((await call("post", "/api/admin/drain", admin.token, { draining: false })).status).toBe(200);
    const client = new Client(t.wsUrl);
    const room = await client.create("solrei", { config: {}, seat: sampleSeatConfig(0) });
    open.push(room);
  });

  // Last: it bans the test address for a while (guests from the banned account's address).
  it("a ban refuses login, the token everywhere and guests from its address, and drops the live seat at once", async () => {
    const api = accountsApi(t.url);
    const registered = await api.register("banned_one", "a long enough password");
    const victim: Account = { playerId: registered.body.player.id, username: "banned_one", token: registered.body.token };
    const { rooms } = await liveMatch(victim, other);
    const dropped = leaveOf(rooms[0]);
    const ban = await call("post", `/api/admin/players/${victim.playerId}/ban`, admin.token, { reason: "cheating", forS: 3600 });
    expect(ban.status).toBe(201);
    expect(await dropped).toMatchObject({ code: 4403 });
    const login = await api.login("banned_one", "a long enough password");
    expect(login.status).toBe(403);
    expect(login.body.error).toMatchObject({ code: "banned" });
    expect(login.body.error.message).toMatch(/banned until .*: cheating/);
    expect((await api.me(victim.token)).body.error.code).toBe("banned");
    const queued = await sdkRefusal(new QueueBot(t.wsUrl, victim.token, { game: "solrei", seats: 2, bot: false }).join());
    expect(queued.message).toMatch(/^banned: /);
    // Guests from the address the banned account last used: refused while the ban lasts.
    expect((await api.guest()).body.error.code).toBe("banned");
    const page = await call("get", `/api/admin/players/${victim.playerId}`, admin.token);
    expect(page.body.ban).toMatchObject({ reason: "cheating", active: true });

    expect((await call("post", `/api/admin/players/${victim.playerId}/unban`, admin.token, { reason: "appeal granted" })).status).toBe(200);
    expect((await api.login("banned_one", "a long enough password")).status).toBe(200);
    expect((await api.guest()).status).toBe(200);

    // An address range: no identity of any kind from it.
    const range = await call("post", "/api/admin/bans/address", admin.token, { address: "127.0.0.0/8", reason: "test range" });
    expect(range.body.ban).toMatchObject({ address: "127.0.0.0/8", until: null, active: true });
    expect((await api.register("from_range", "a long enough password")).body.error.code).toBe("banned");
    expect((await api.guest()).body.error.code).toBe("banned");
    expect((await call("post", `/api/admin/bans/${range.body.ban.id}/lift`, admin.token, { reason: "over" })).status).toBe(200);
    expect((await api.guest()).status).toBe(200);
  });
});
