/**
 * Seats filled by server-side bots, live spectators and the lobby's room list (web client issue):
 * one person plays any game alone against bots; a spectator follows a match with the public view
 * only (no seat's private part, no private event), within a per-room limit; a started match takes
 * no more players; GET /api/rooms lists rooms to join and matches to watch.
 */
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameBindings } from "../rooms/registry.ts";
import { achromaEngine } from "../rules/achroma/index.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { BotPlayer, joinBot } from "./support/botClient.ts";
import { fetchStored } from "./support/botMatch.ts";
import { sdkRefusal, startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    bindings: gameBindings,
    env: { PROMPT_TIMEOUT_MS: "0", BOT_THINK_MIN_MS: "1", BOT_THINK_MAX_MS: "5", MAX_SPECTATORS_PER_ROOM: "2" },
  });
});
afterAll(async () => {
  await t?.close();
});

interface Listed {
  roomId: string;
  game: string;
  status: string;
  open: number;
  players: string[];
  bots: number;
  spectators: number;
}
async function listRooms(query = ""): Promise<Listed[]> {
  const res = await fetch(`${t.url}/api/rooms${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { rooms: Listed[] }).rooms;
}

describe("bots", () => {
  it("a person plays a whole SolRei match alone against a server-side bot; the bot is stored as a bot", async () => {
    const human = await joinBot(t.wsUrl, "solrei", { name: "Solo", bots: 1, seat: sampleSeatConfig(0) }, { seed: "solo" });
    const finished = await human.untilFinished();
    expect(human.rejections).toEqual([]);
    expect(human.seat).toBe(0);
    const seats = (human.room.state as any).seats;
    expect(seats[1].bot).toBe(true);
    expect(seats[1].name).toMatch(/Bot 2/);
    expect(seats[0].bot).toBe(false);
    const { match } = await fetchStored(t, finished.matchId);
    const kinds = Object.fromEntries(match.players.map((p: { seat: number; kind: string }) => [p.seat, p.kind]));
    expect(kinds).toEqual({ 0: "guest", 1: "bot" });
  }, 120_000);

  it("bots take set-ups that fit the table: Re;ACT bots never pick the person's Artist, nor each other's", async () => {
    const rooms: Room[] = [];
    for (const artist of ["calligrapher", "dancer", "tagger", "painter", "calligrapher", "dancer"]) {
      rooms.push(await new Client(t.wsUrl).create("react", { name: "Me", bots: 1, seat: { artist } }));
    }
    for (let i = 0; i < 6; i++) rooms.push(await new Client(t.wsUrl).create("react", { bots: 2, spectate: true }));
    await waitFor(() => rooms.every((r) => (r.state as any)?.status !== "waiting") || null, "every match to start");
    for (const r of rooms) await r.leave();
  }, 60_000);

  it("bots in more seats than the configuration has, or bad counts, are refused with the reason", async () => {
    const c = new Client(t.wsUrl);
    expect((await sdkRefusal(c.create("solrei", { bots: 3 }))).message).toMatch(/bad_config: bots: this configuration has 2 seats/);
    expect((await sdkRefusal(c.create("solrei", { bots: -1 }))).message).toMatch(/bad_config/);
  });
});

describe("casual seats and who sits in them", () => {
  it("a join the rules refuse only once the table is full (two Re;ACT players, one Artist) leaves the room as it was", async () => {
    const a = await new Client(t.wsUrl).create("react", { name: "A", seat: { artist: "dancer" } });
    const refused = await sdkRefusal(new Client(t.wsUrl).joinById(a.roomId, { name: "B", seat: { artist: "dancer" } }));
    expect(refused.message).toMatch(/bad_config: both players chose/);
    expect((a.state as any).status).toBe("waiting");
    expect((a.state as any).seats[1].occupied).toBe(false);
    const c = await new Client(t.wsUrl).joinById(a.roomId, { name: "C", seat: { artist: "painter" } });
    await waitFor(() => (a.state as any).status === "playing" || null, "the match to start with C");
    await a.leave();
    await c.leave();
  });

  it("a guest's bearer token puts that guest in the casual seat: the stored match is in their history", async () => {
    const res = await fetch(`${t.url}/api/auth/guest`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Tokened" }) });
    expect(res.status).toBe(200);
    const { token, player } = (await res.json()) as { token: string; player: { id: string } };
    const guest = { token, playerId: player.id };
    const client = new Client(t.wsUrl);
    client.auth.token = guest.token;
    const me = new BotPlayer(await client.create("solrei", { bots: 1, seat: sampleSeatConfig(0) }), { seed: "tokened" });
    const finished = await me.untilFinished();
    const seat = (me.room.state as any).seats[0];
    expect(seat.playerId).toBe(guest.playerId);
    expect(seat.name).toBe("~Tokened");
    await waitFor(async () => (await fetch(`${t.url}/api/matches/${finished.matchId}`)).status === 200 || null, "the match to be stored");
    const history = (await (await fetch(`${t.url}/api/matches?player=${guest.playerId}`)).json()) as { items: { id: string }[] };
    expect(history.items.map((m) => m.id)).toContain(finished.matchId);
    const bad = new Client(t.wsUrl);
    bad.auth.token = `${guest.token}x`;
    expect((await sdkRefusal(bad.create("solrei", { seat: sampleSeatConfig(0) }))).message).toMatch(/invalid_token/);
    await me.room.leave();
  }, 120_000);
});

describe("spectators", () => {
  it("a spectator follows a live 4-bot Achroma match to its end: public state and events only, never a hand", async () => {
    const watcher = await new Client(t.wsUrl).create("achroma", { config: { players: 4 }, bots: 4, spectate: true });
    const leaks: string[] = [];
    let states = 0;
    watcher.onStateChange((state: any) => {
      states++;
      for (const slot of state.seats ?? []) {
        if (slot.you || slot.secret !== undefined || (slot.legal ?? "[]") !== "[]") leaks.push(`seat ${slot.seat}: ${JSON.stringify(slot.toJSON?.() ?? slot).slice(0, 200)}`);
      }
    });
    const privateEvents: unknown[] = [];
    let events = 0;
    watcher.onMessage("events", (m: { events: { to?: number[] }[] }) => {
      events += m.events.length;
      for (const e of m.events) if (e.to !== undefined) privateEvents.push(e);
    });
    const welcomed: unknown[] = [];
    watcher.onMessage("welcome", (w) => welcomed.push(w));
    const finished = await new Promise<{ outcome: { ranks: number[] } }>((resolve) => watcher.onMessage("finished", resolve));
    expect(finished.outcome.ranks).toHaveLength(4);
    expect(states).toBeGreaterThan(5);
    expect(events).toBeGreaterThan(5);
    expect(leaks.slice(0, 3)).toEqual([]);
    expect(privateEvents.slice(0, 3)).toEqual([]);
    expect(welcomed).toEqual([]); // a spectator has no seat
    expect((watcher.state as any).status).toBe("finished");
    expect((watcher.state as any).seats.every((s: any) => s.bot)).toBe(true);
    await watcher.leave();
  }, 240_000);

  it("a started match takes spectators by id up to the limit, refuses players, and joinOrCreate never lands in it", async () => {
    // Two people who do not act: the match stays on while we look (no turn clock in these tests).
    const rooms: Room[] = [];
    const a = await new Client(t.wsUrl).create("solrei", { name: "P", seat: sampleSeatConfig(0) });
    rooms.push(a);
    expect((await sdkRefusal(new Client(t.wsUrl).joinById(a.roomId, { spectate: true }))).message).toMatch(/not_started/);
    rooms.push(await new Client(t.wsUrl).joinById(a.roomId, { name: "R", seat: sampleSeatConfig(1) }));
    await waitFor(() => (a.state as any)?.status === "playing" || null, "the match to start");
    const roomId = a.roomId;
    const watchers = [await new Client(t.wsUrl).joinById(roomId, { spectate: true }), await new Client(t.wsUrl).joinById(roomId, { spectate: true })];
    rooms.push(...watchers);
    await waitFor(() => (a.state as any).spectators === 2 || null, "two spectators counted in the state");
    expect((await sdkRefusal(new Client(t.wsUrl).joinById(roomId, { spectate: true }))).message).toMatch(/spectators_full/);
    expect((await sdkRefusal(new Client(t.wsUrl).joinById(roomId, { name: "Late", seat: sampleSeatConfig(1) }))).message).toMatch(/match_in_progress.*spectate/);
    const other = await new Client(t.wsUrl).joinOrCreate("solrei", { name: "Q", seat: sampleSeatConfig(1) });
    rooms.push(other);
    expect(other.roomId).not.toBe(roomId);

    const listed = await listRooms("?game=solrei");
    const live = listed.find((r) => r.roomId === roomId)!;
    expect(live).toMatchObject({ status: "playing", bots: 0, spectators: 2, open: 0, players: ["~P", "~R"] });
    expect(listed.find((r) => r.roomId === other.roomId)).toMatchObject({ status: "waiting", open: 1, players: ["~Q"] });
    expect((await listRooms("?game=solrei&status=waiting")).find((r) => r.roomId === roomId)).toBeUndefined();

    // A spectator leaving frees its place.
    await watchers[0]!.leave();
    await waitFor(() => (a.state as any).spectators === 1 || null, "the spectator count to drop");
    rooms.push(await new Client(t.wsUrl).joinById(roomId, { spectate: true }));
    for (const r of rooms) if (r.connection.isOpen) await r.leave();
  }, 120_000);
});

describe("GET /api/rooms", () => {
  it("validates its query and filters by game and status", async () => {
    expect((await fetch(`${t.url}/api/rooms?status=over`)).status).toBe(400);
    expect((await fetch(`${t.url}/api/rooms?limit=0`)).status).toBe(400);
    const waiting = await new Client(t.wsUrl).create("achroma", { name: "W", config: { players: 3 }, seat: Object.values(achromaEngine.presets!())[0] });
    const rooms = await listRooms("?game=achroma&status=waiting");
    expect(rooms.find((r) => r.roomId === waiting.roomId)).toMatchObject({ game: "achroma", status: "waiting", open: 2, players: ["~W"], bots: 0 });
    expect((await listRooms("?game=solrei")).find((r) => r.roomId === waiting.roomId)).toBeUndefined();
    await waiting.leave();
  });
});
