/**
 * Rematch over the real protocol: at a casual match's end every person accepts, the room
 * creates the next match with the same seats, set-ups and bots and a new seed, and moves each
 * player there with a seat reservation; spectators follow by id. Ranked matches have none.
 */
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gameBindings } from "../rooms/registry.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { BotPlayer, joinBot } from "./support/botClient.ts";
import { fetchStored } from "./support/botMatch.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings, env: { PROMPT_TIMEOUT_MS: "0", REMATCH_WINDOW_MS: "60000", BOT_THINK_MIN_MS: "1", BOT_THINK_MAX_MS: "5" } });
});
afterAll(async () => {
  await t?.close();
});

describe("rematch", () => {
  it("both players of a SolRei match accept: a new match starts with both seated as before, a spectator follows, and history lists both", async () => {
    const a = await joinBot(t.wsUrl, "solrei", { name: "Ann", seat: sampleSeatConfig(0) }, { seed: "rm-a" });
    const b = await joinBot(t.wsUrl, "solrei", { name: "Bo", seat: sampleSeatConfig(3) }, { seed: "rm-b" }, a.room.roomId);
    await waitFor(() => (a.room.state as any).status === "playing", "playing");
    const watcher = await new Client(t.wsUrl).joinById(a.room.roomId, { spectate: true });
    const ready = new Map<string, any>();
    for (const [who, room] of [
      ["a", a.room],
      ["b", b.room],
      ["watcher", watcher],
    ] as const)
      room.onMessage("rematchReady", (m) => ready.set(who, m));
    const [first] = await Promise.all([a.untilFinished(), b.untilFinished()]);
    const firstIds = [0, 1].map((i) => (a.room.state as any).seats[i].playerId);
    // A spectator cannot accept; a malformed answer changes nothing.
    await expect(watcher.request("rematch", { accept: true })).rejects.toMatchObject({ reason: { code: "wrong_seat" } });
    await expect(a.room.request("rematch", { accept: "yes" })).rejects.toMatchObject({ reason: { code: "bad_message" } });
    expect(await a.room.request("rematch", { id: 7, accept: true })).toEqual({ id: 7, ok: true, started: false });
    await waitFor(() => (b.room.state as any).seats[a.seat!].rematch === true, "b sees a's acceptance");
    expect(await b.room.request("rematch", { accept: true })).toEqual({ id: null, ok: true, started: true });
    await waitFor(() => (ready.size === 3 ? true : null), "every client told");
    const roomId = ready.get("a").roomId;
    expect(ready.get("b").roomId).toBe(roomId);
    expect(ready.get("watcher")).toEqual({ roomId });
    // Each player takes its reservation: the same seat, player id and name; a new seed.
    const next = await Promise.all((["a", "b"] as const).map(async (who, i) => new BotPlayer(await new Client(t.wsUrl).consumeSeatReservation(ready.get(who).reservation), { seed: `rm2-${i}` })));
    await waitFor(() => ((next[0]!.room.state as any).status === "playing" ? true : null), "the rematch plays");
    const seats = (next[0]!.room.state as any).seats;
    expect([0, 1].map((i) => seats[i].playerId)).toEqual(firstIds);
    expect([seats[0].name, seats[1].name].sort()).toEqual(["~Ann", "~Bo"]);
    expect(next.map((p) => p.seat)).toEqual([a.seat, b.seat]);
    expect((next[0]!.room.state as any).seedHash).not.toBe((a.room.state as any).seedHash);
    const watcher2 = await new Client(t.wsUrl).joinById(roomId, { spectate: true });
    const [second] = await Promise.all(next.map((p) => p.untilFinished()));
    await fetchStored(t, second!.matchId);
    const history = (await (await fetch(`${t.url}/api/matches?player=${firstIds[0]}`)).json()) as { items: { id: string }[] };
    expect(history.items.map((m) => m.id)).toEqual(expect.arrayContaining([first.matchId, second!.matchId]));
    await watcher2.leave();
    await watcher.leave();
  }, 240_000);

  it("players who bring their bearer token keep their seats, whoever takes the reservation first", async () => {
    const guest = async (name: string) => {
      const res = await fetch(`${t.url}/api/auth/guest`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name }) });
      return ((await res.json()) as { token: string }).token;
    };
    const tokens = [await guest("Tia"), await guest("Ugo")];
    const client = (i: number) => {
      const c = new Client(t.wsUrl);
      c.auth.token = tokens[i]!;
      return c;
    };
    const a = new BotPlayer(await client(0).create("solrei", { seat: sampleSeatConfig(0) }), { seed: "rt-a" });
    const b = new BotPlayer(await client(1).joinById(a.room.roomId, { seat: sampleSeatConfig(1) }), { seed: "rt-b" });
    const ready = new Map<number, any>();
    a.room.onMessage("rematchReady", (m) => ready.set(0, m));
    b.room.onMessage("rematchReady", (m) => ready.set(1, m));
    await Promise.all([a.untilFinished(), b.untilFinished()]);
    await a.room.request("rematch", { accept: true });
    await b.room.request("rematch", { accept: true });
    await waitFor(() => (ready.size === 2 ? true : null), "both told");
    // The second seat's player takes its reservation first.
    const second = await client(1).consumeSeatReservation(ready.get(1).reservation);
    const first = await client(0).consumeSeatReservation(ready.get(0).reservation);
    await waitFor(() => ((first.state as any).status === "playing" ? true : null), "the rematch plays");
    const seats = (first.state as any).seats;
    expect(seats[0].playerId).toBe((a.room.state as any).seats[0].playerId);
    expect(seats[1].playerId).toBe((a.room.state as any).seats[1].playerId);
    await first.leave();
    await second.leave();
  }, 240_000);

  it("a bot seat always accepts: one person's acceptance starts the rematch of a match against a bot", async () => {
    const me = await joinBot(t.wsUrl, "solrei", { name: "Solo", bots: 1, seat: sampleSeatConfig(1) }, { seed: "rm-solo" });
    let ready: any = null;
    me.room.onMessage("rematchReady", (m) => (ready = m));
    await me.untilFinished();
    expect(await me.room.request("rematch", { accept: true })).toMatchObject({ ok: true, started: true });
    await waitFor(() => ready, "rematchReady");
    const again = new BotPlayer(await new Client(t.wsUrl).consumeSeatReservation(ready.reservation), { seed: "rm-solo-2" });
    await waitFor(() => ((again.room.state as any).status === "playing" ? true : null), "the rematch plays");
    expect((again.room.state as any).seats[1].bot).toBe(true);
    await again.room.leave();
  }, 240_000);
});
