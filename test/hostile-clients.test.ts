/**
 * Hostile clients over the real server (the hardening issue): a frame that does not decode or
 * names no handled message is answered and the sender keeps its seat; a client flooding
 * `act` is refused past its rate and then disconnected, and nothing it sent after that is
 * applied; another room plays on; an unconsumed casual seat reservation does not keep two
 * real players apart. Loopback only, bounded in count and time.
 */
import { Protocol, matchMaker } from "@colyseus/core";
import { Client, type Room } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stateHash } from "../rules/core/hash.ts";
import { solreiBinding } from "../rooms/solrei/binding.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { accountsApi } from "./support/accountsApi.ts";
import { BotPlayer } from "./support/botClient.ts";
import { dataFrame, NOT_MSGPACK } from "./support/frames.ts";
import { refusal, startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

const RATE = { MSG_RATE_PER_S: "5", MSG_BURST: "5", MSG_FLOOD_LIMIT: "20" };

let t: TestServer;
beforeAll(async () => {
  // TRUST_PROXY: the flooder says it comes from another address (X-Forwarded-For), so the
  // penalty on its address does not reach the other tests' clients.
  t = await startTestServer({
    bindings: [solreiBinding],
    env: { PROMPT_TIMEOUT_MS: "0", CASUAL_RESERVATION_HOLD_MS: "300", TRUST_PROXY: "1", MAX_SPECTATORS_PER_ROOM: "2", PENDING_JOINS_PER_IP: "4", JOINS_BY_ID_PER_MINUTE_PER_IP: "30", ...RATE },
  });
});
afterAll(async () => {
  await t?.close();
});

interface ServerRoom {
  game: unknown;
  steps: unknown[];
}
const serverRoom = (roomId: string) => matchMaker.getLocalRoomById(roomId) as unknown as ServerRoom;

const FLOODER_ADDRESS = "203.0.113.9";

/** Two idle bots in a fresh SolRei room, started; returns them with the one that acts first. */
async function startedPair(tag: string, from?: string): Promise<{ bots: BotPlayer[]; mover: BotPlayer; waiter: BotPlayer }> {
  const bots: BotPlayer[] = [];
  const client = new Client(t.wsUrl, from ? { headers: { "x-forwarded-for": from } } : undefined);
  for (let seat = 0; seat < 2; seat++) {
    const options = { name: `${tag}${seat}`, seat: sampleSeatConfig(seat) };
    const room = seat === 0 ? await client.create("solrei", options) : await client.joinById(bots[0]!.room.roomId, options);
    bots.push(new BotPlayer(room, { seed: `${tag}-${seat}`, idle: true }));
  }
  await waitFor(() => bots.every((b) => b.room.state.status === "playing" && b.welcome) || null, "start");
  const mover = await waitFor(() => bots.find((b) => b.legal().length > 0), "a seat to act");
  const waiter = bots.find((b) => b !== mover)!;
  return { bots, mover, waiter };
}

function nextRejection(bot: BotPlayer, from: number): Promise<{ code: string; message: string }> {
  return waitFor(() => bot.rejections[from], "a rejected message");
}

describe("bad frames are answered; the sender keeps its seat", () => {
  it("a frame whose payload is not msgpack gets bad_frame; the client stays connected and its next move is applied", async () => {
    const { mover } = await startedPair("bf");
    const before = mover.rejections.length;
    mover.room.connection.send(dataFrame("act", undefined, NOT_MSGPACK));
    const rejection = await nextRejection(mover, before);
    expect(rejection.code).toBe("bad_frame");
    expect(rejection.message.length).toBeGreaterThan(10);
    expect(mover.room.connection.isOpen).toBe(true);
    const step = mover.room.state.step;
    await mover.room.request("act", { id: 1, action: mover.legal()[0] }, { timeout: 10_000 });
    await waitFor(() => mover.room.state.step > step || null, "the move applied");
  });

  it("a message type the room does not handle gets unknown_message (send and request); the client stays", async () => {
    const { mover } = await startedPair("um");
    const before = mover.rejections.length;
    mover.room.send("teleport", { to: "anywhere" });
    expect((await nextRejection(mover, before)).code).toBe("unknown_message");
    const reply = await mover.room.request("teleport", {}, { timeout: 10_000 }).then(
      () => "accepted",
      (err: any) => err?.reason?.code ?? err?.name,
    );
    expect(reply).toBe("unknown_message");
    expect(mover.room.connection.isOpen).toBe(true);
    await mover.room.request("act", { id: 2, action: mover.legal()[0] }, { timeout: 10_000 });
  });
});

describe("flooding", () => {
  it("a client flooding act is refused past its rate, then disconnected; its frames after that change nothing; another room plays on", async () => {
    const flood = await startedPair("fl", FLOODER_ADDRESS);
    const other = await startedPair("ok");
    const roomId = flood.mover.room.roomId;
    const closed = new Promise<number>((resolve) => flood.mover.room.onLeave((code: number) => resolve(code)));
    const hashBefore = stateHash(serverRoom(roomId).game);
    const stepsBefore = serverRoom(roomId).steps.length;
    const legal = flood.mover.legal()[0];
    // 60 refused moves, then a legal one, all in one burst: the legal one comes after the
    // client is over its flood limit (5 burst + 20 rate-limited), so it must not be applied.
    for (let i = 0; i < 60; i++) flood.mover.room.send("act", { id: i, action: { type: "teleport" } });
    flood.mover.room.send("act", { id: 99, action: legal });
    expect(await closed).toBe(4002);
    // Its seat is not held for it: its reconnection token takes nothing back.
    await expect(new Client(t.wsUrl).reconnect(flood.mover.room.reconnectionToken)).rejects.toThrow(/expired|failed/);
    // Answers that reached the client before the close: at most the burst reached the game.
    const codes = flood.mover.rejections.map((r) => r.code);
    expect(codes.filter((c) => c === "bad_action").length).toBeLessThanOrEqual(5);
    expect(codes).toContain("rate_limited");
    expect(serverRoom(roomId).steps.length).toBe(stepsBefore);
    expect(stateHash(serverRoom(roomId).game)).toBe(hashBefore);
    // The other room is unaffected.
    const step = other.mover.room.state.step;
    await other.mover.room.request("act", { id: 1, action: other.mover.legal()[0] }, { timeout: 10_000 });
    await waitFor(() => other.mover.room.state.step > step || null, "the other room's move");
    // The flooder's address may not come straight back; everyone else still may.
    const again = await fetch(`${t.url}/matchmake/create/solrei`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": FLOODER_ADDRESS },
      body: JSON.stringify({ seat: sampleSeatConfig(0) }),
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await again.json()) as any).error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/flooding/) });
    const fresh = await new Client(t.wsUrl).create("solrei", { seat: sampleSeatConfig(0) });
    await fresh.leave();
  });
});

describe("frames Colyseus would ignore still cost", () => {
  it("a seated client streaming JOIN_ROOM frames (ignored once joined) is disconnected for flooding like any other", async () => {
    const flood = await startedPair("jf", "203.0.113.10");
    const closed = new Promise<number>((resolve) => flood.mover.room.onLeave((code: number) => resolve(code)));
    const join = Buffer.alloc(1024);
    join[0] = Protocol.JOIN_ROOM;
    for (let i = 0; i < 60; i++) flood.mover.room.connection.send(join);
    expect(await closed).toBe(4002);
    expect(flood.waiter.room.connection.isOpen).toBe(true);
  });
});

describe("reservations never used do not lock a match in play", () => {
  /** A spectate reservation over HTTP from `ip`, never used. */
  const askToWatch = (roomId: string, ip: string) =>
    fetch(`${t.url}/matchmake/joinById/${roomId}`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": ip }, body: '{"spectate":true}' });
  const reserveToWatch = async (roomId: string, ip: string) => (await askToWatch(roomId, ip)).status;
  const locked = async (roomId: string) => (await matchMaker.query({ roomId }))[0]?.locked;

  it("one address holds at most PENDING_JOINS_PER_IP (4) reservations unused: the rest are refused 429 with Retry-After; spectators from elsewhere still get in, the 3rd is told spectators_full", async () => {
    const { mover } = await startedPair("sl");
    const roomId = mover.room.roomId;
    // Before, all 20 were accepted (and the 32nd locked the match for everyone).
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await askToWatch(roomId, "203.0.113.30"));
    expect(answers.map((r) => r.status)).toEqual([...Array(4).fill(200), ...Array(16).fill(429)]);
    const refused = answers[4]!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(((await refused.json()) as any).error).toMatchObject({ code: "rate_limited", message: expect.stringMatching(/holds 4 seat reservations by room id it has not used/) });
    const watchers = [];
    for (let i = 0; i < 2; i++) watchers.push(await new Client(t.wsUrl).joinById(roomId, { spectate: true }));
    expect(await refusal(new Client(t.wsUrl).joinById(roomId, { spectate: true }))).toMatch(/spectators_full/);
    for (const w of watchers) await w.leave();
  });

  it("unused reservations from many addresses (one each, under every cap) never lock it: a spectator, and a seat's own player back by room id, still get in", async () => {
    const tokens = await Promise.all([0, 1].map(async (i) => (await accountsApi(t.url).guest(`Back${i}`)).body.token as string));
    const players: Room[] = [];
    for (const seat of [0, 1]) {
      const client = new Client(t.wsUrl);
      client.auth.token = tokens[seat]!;
      const options = { seat: sampleSeatConfig(seat) };
      players.push(seat === 0 ? await client.create("solrei", options) : await client.joinById(players[0]!.roomId, options));
    }
    const roomId = players[0]!.roomId;
    await waitFor(() => players.every((p) => p.state.status === "playing") || null, "start");
    players[1]!.reconnection.enabled = false;
    await players[1]!.leave(); // its seat waits for it
    // Before, the 32nd reservation (2 seats + 3 spectator places x 10) locked the match.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push(await reserveToWatch(roomId, `198.51.100.${i + 1}`));
    expect(
      statuses.every((s) => s === 200),
      statuses.join(" "),
    ).toBe(true);
    expect(await locked(roomId)).toBe(false);
    const watcher = await new Client(t.wsUrl).joinById(roomId, { spectate: true });
    const back = new Client(t.wsUrl);
    back.auth.token = tokens[1]!;
    const again = await back.joinById(roomId, {});
    await waitFor(() => again.state?.seats?.[1]?.connected || null, "the seat taken back");
    for (const room of [watcher, again, players[0]!]) await room.leave();
  });

  it("a spectate reservation in a room still waiting for players takes no seat: the room stays open to the next player", async () => {
    const first = await new Client(t.wsUrl).create("solrei", { name: "W0", seat: sampleSeatConfig(0) });
    expect(await reserveToWatch(first.roomId, "198.51.100.200")).toBe(200);
    expect(await locked(first.roomId)).toBe(false);
    const second = await new Client(t.wsUrl).joinById(first.roomId, { name: "W1", seat: sampleSeatConfig(1) });
    await waitFor(() => (second.state as any)?.status === "playing" || null, "the match to start");
    await first.leave();
    await second.leave();
  });

  it("joinById is capped per address (JOINS_BY_ID_PER_MINUTE_PER_IP, here 30): the 31st within the minute is refused 429; another address is not", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await fetch(`${t.url}/matchmake/joinById/no-such-room`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.31" }, body: "{}" });
      statuses.push(res.status);
    }
    expect(
      statuses.slice(0, 30).every((s) => s === 404),
      statuses.join(" "),
    ).toBe(true);
    expect(statuses[30]).toBe(429);
    const other = await fetch(`${t.url}/matchmake/joinById/no-such-room`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.32" }, body: "{}" });
    expect(other.status).toBe(404);
  });
});

describe("casual seat reservations", () => {
  it("a joinOrCreate whose reservation is never consumed does not keep two real players apart", async () => {
    // A hostile (or crashed) client asks for a seat and never connects.
    const res = await fetch(`${t.url}/matchmake/joinOrCreate/solrei`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "ghost", seat: sampleSeatConfig(0) }),
    });
    expect(res.status).toBe(200);
    const ghost = (await res.json()) as { roomId: string };
    expect(ghost.roomId).toBeTruthy();
    // A real player lands in that room; the ghost's seat makes it look full for now.
    const a = await new Client(t.wsUrl).joinOrCreate("solrei", { name: "A", seat: sampleSeatConfig(0) });
    expect(a.roomId).toBe(ghost.roomId);
    // Once the ghost's hold is over (not the 15 s reservation time), the room takes players again...
    await waitFor(
      async () => {
        const [listing] = await matchMaker.query({ roomId: a.roomId });
        return listing && !listing.locked;
      },
      "the stale reservation released",
      8_000,
    );
    // ...so the next real player meets A instead of waiting alone in a new room.
    const b = await new Client(t.wsUrl).joinOrCreate("solrei", { name: "B", seat: sampleSeatConfig(1) });
    expect(b.roomId).toBe(a.roomId);
    await waitFor(() => (a.state as any)?.status === "playing" || null, "the match to start");
    await a.leave();
    await b.leave();
  });
});

describe("client text at the door", () => {
  it("control, invisible and bidi-override characters in join and create options are refused with a message naming them", async () => {
    const c = new Client(t.wsUrl);
    expect(await refusal(c.joinOrCreate("solrei", { name: "Ada\u0000", seat: sampleSeatConfig(0) }))).toMatch(/^bad_(seat_)?config: .*name .*U\+0000/);
    expect(await refusal(c.joinOrCreate("solrei", { name: "Ada", seat: { muse: "vesper\u202E" } }))).toMatch(/^bad_(seat_)?config: .*seat\.muse .*U\+202E/);
    expect(await refusal(c.create("solrei", { config: { format: "open\u0007" }, seat: sampleSeatConfig(0) }))).toMatch(/bad_config: .*U\+0007/);
    const open = await c.create("solrei", { name: "Ok", seat: sampleSeatConfig(0) });
    expect(await refusal(c.joinById(open.roomId, { name: "B\u0085", seat: sampleSeatConfig(1) }))).toMatch(/^bad_seat_config: .*name .*U\+0085/);
    await open.leave();
  });

  it("a __proto__, constructor or prototype key in create or join options, or in an act, is refused naming the key; nothing is created or changes", async () => {
    const rooms = matchMaker.stats.local.roomCount;
    const post = (path: string, body: string) => fetch(`${t.url}/matchmake/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body });
    // Taken for the options' prototype, these made an all-bot room that had started.
    for (const body of ['{"__proto__":{"bots":2,"spectate":true}}', `{"seat":${JSON.stringify(sampleSeatConfig(0))},"config":{"constructor":{"x":1}}}`]) {
      const res = await post("create/solrei", body);
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as any).error, body).toMatchObject({ code: "bad_request", message: expect.stringMatching(/the key "(__proto__|constructor)" is not accepted/) });
    }
    expect(matchMaker.stats.local.roomCount).toBe(rooms);
    const { mover } = await startedPair("pk");
    const roomId = mover.room.roomId;
    const join = await post(`joinById/${roomId}`, '{"spectate":true,"x":{"prototype":[]}}');
    expect(join.status).toBe(400);
    const before = stateHash(serverRoom(roomId).game);
    const legal = mover.legal()[0] as Record<string, unknown>;
    const reply = await mover.room.request("act", { id: 1, action: { ...legal, constructor: "x" } }, { timeout: 10_000 }).then(
      () => ({ code: "accepted", message: "" }),
      (err: any) => err?.reason,
    );
    expect(reply).toMatchObject({ code: "bad_message", message: expect.stringMatching(/the key "constructor" is not accepted/) });
    expect(stateHash(serverRoom(roomId).game)).toBe(before);
  });

  it("an act whose id or action carries such characters is refused as bad_message; nothing changes", async () => {
    const { mover } = await startedPair("tx");
    const roomId = mover.room.roomId;
    const before = stateHash(serverRoom(roomId).game);
    const legal = mover.legal()[0] as Record<string, unknown>;
    const codes: string[] = [];
    for (const payload of [
      { id: "a\u0000", action: legal },
      { id: 1, action: { ...legal, type: `${legal.type}\u202E` } },
    ]) {
      await mover.room.request("act", payload, { timeout: 10_000 }).then(
        () => codes.push("accepted"),
        (err: any) => codes.push(err?.reason?.code),
      );
    }
    expect(codes).toEqual(["bad_message", "bad_message"]);
    expect(stateHash(serverRoom(roomId).game)).toBe(before);
  });
});
