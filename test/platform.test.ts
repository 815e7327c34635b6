/**
 * The platform end to end with a tiny fixture game: real server, real WebSocket clients,
 * real database. Game-specific end-to-end tests live beside each game.
 */
import { Client } from "@colyseus/sdk";
import { matchMaker } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stateHash } from "../rules/core/hash.ts";
import { verifyReplay } from "../rules/core/replay.ts";
import { highCardBinding, highCardEngine } from "./fixtures/highcard.ts";
import { type BotPlayer, joinBot } from "./support/botClient.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer({ bindings: [highCardBinding], env: { MAX_ACTION_BYTES: "1024", RECONNECT_GRACE_S: "10" } });
});
afterAll(async () => {
  await t?.close();
});

async function twoBots(seed: string, onState?: (s: any, b: BotPlayer) => void, idle = false): Promise<[BotPlayer, BotPlayer]> {
  const a = await joinBot(t.wsUrl, "highcard", { name: "Ann" }, { seed: `${seed}-a`, onState, idle });
  const b = await joinBot(t.wsUrl, "highcard", { name: "Bob" }, { seed: `${seed}-b`, onState, idle }, a.room.roomId);
  await waitFor(() => a.welcome && b.welcome, "welcome messages");
  return [a, b];
}

/** The room's authoritative state, read from the server process (tests only). */
function serverGameState(roomId: string): unknown {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as { game: unknown } | undefined;
  return room?.game;
}

async function getJson(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${t.url}${path}`);
  return { status: res.status, body: await res.json() };
}

describe("a match over WebSocket", () => {
  it("two SDK clients' bots play to the end; the match is listed by player and its replay re-simulates", async () => {
    const [a, b] = await twoBots("e2e");
    const [fa, fb] = await Promise.all([a.untilFinished(), b.untilFinished()]);
    expect(fa.matchId).toBe(fb.matchId);
    expect(fa.outcome.ranks).toHaveLength(2);
    // Provably fair: the seed revealed at the end hashes to what was published at the start.
    const { createHash } = await import("node:crypto");
    expect(createHash("sha256").update(fa.seed).digest("hex")).toBe(a.welcome!.seedHash);

    const list = await waitFor(async () => {
      const r = await getJson(`/api/matches?player=${a.welcome!.playerId}`);
      return r.body.items?.length ? r : null;
    }, "the stored match");
    expect(list.status).toBe(200);
    expect(list.body.items[0].id).toBe(fa.matchId);
    expect(list.body.items[0].players.map((p: any) => p.name).sort()).toEqual(["~Ann", "~Bob"]); // casual seats are guests: the guest mark

    const replay = await getJson(`/api/matches/${fa.matchId}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.body.finalHash).toBe(fa.finalHash);
    expect(verifyReplay(highCardEngine, replay.body)).toEqual({ ok: true, hash: fa.finalHash });
  });

  it("a client's decoded state never holds the other seat's hand or legal moves, at any patch", async () => {
    const seen: string[] = [];
    const [a, b] = await twoBots("hidden", (state, bot) => {
      const mine = bot.seat;
      if (mine === null) return;
      const json = state.toJSON();
      for (const slot of json.seats) {
        if (slot.seat === mine) continue;
        // The other seat's private parts must be absent from what this client decoded.
        if (slot.secret !== undefined || slot.legal !== undefined) seen.push(`seat ${mine} saw seat ${slot.seat}: ${JSON.stringify(slot)}`);
      }
    });
    await Promise.all([a.untilFinished(), b.untilFinished()]);
    expect(seen).toEqual([]);
  });
});

describe("bad input gets a clear error and changes nothing", () => {
  it("malformed payloads, unknown actions, illegal moves, out of turn and another seat's move each get a distinct code", async () => {
    const [a, b] = await twoBots("bad", undefined, true);
    await waitFor(() => a.room.state.status === "playing", "start");
    const turn: number = a.room.state.game.turn;
    const mover = turn === a.seat ? a : b;
    const waiter = mover === a ? b : a;
    const before = stateHash(serverGameState(a.room.roomId));
    const hand: number[] = JSON.parse(mover.room.state.seats[mover.seat!].legal).map((x: any) => x.card);
    const notInHand = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].find((c) => !hand.includes(c))!;

    const attempt = async (bot: BotPlayer, payload: unknown) => {
      try {
        await bot.room.request("act", payload, { timeout: 3000 });
        return "accepted";
      } catch (err: any) {
        return err?.reason?.code ?? `error:${err?.message}`;
      }
    };
    const codes = {
      notAnObject: await attempt(mover, "garbage"),
      noAction: await attempt(mover, { id: 1 }),
      badId: await attempt(mover, { id: { x: 1 }, action: { type: "play", card: hand[0] } }),
      unknownType: await attempt(mover, { id: 2, action: { type: "teleport" } }),
      illegal: await attempt(mover, { id: 3, action: { type: "play", card: notInHand } }),
      outOfTurn: await attempt(waiter, { id: 4, action: { type: "play", card: 1 } }),
      otherSeat: await attempt(waiter, { id: 5, seat: mover.seat, action: { type: "play", card: hand[0] } }),
      tooLarge: await attempt(mover, { id: 6, action: { type: "play", card: hand[0], pad: "x".repeat(2000) } }),
    };
    expect(codes).toEqual({
      notAnObject: "bad_message",
      noAction: "bad_message",
      badId: "bad_message",
      unknownType: "bad_action",
      illegal: "illegal_move",
      outOfTurn: "not_your_turn",
      otherSeat: "wrong_seat",
      tooLarge: "payload_too_large",
    });
    expect(stateHash(serverGameState(a.room.roomId))).toBe(before);

    // A plain `send` (no request id) gets the same rejection as a message and stays connected.
    const rejected = new Promise<any>((resolve) => waiter.room.onMessage("rejected", resolve));
    waiter.room.send("act", { id: "s1", action: { type: "play", card: 1 } });
    expect(await rejected).toMatchObject({ id: "s1", code: "not_your_turn" });

    // The room is alive: a legal move still works.
    await expect(mover.room.request("act", { id: 7, action: { type: "play", card: hand[0] } })).resolves.toMatchObject({ ok: true });
    expect(stateHash(serverGameState(a.room.roomId))).not.toBe(before);
  });

  it("a frame over the transport cap closes only that connection; the process and room stay up", async () => {
    const [a, b] = await twoBots("huge", undefined, true);
    await waitFor(() => a.room.state.status === "playing", "start");
    a.room.reconnection.enabled = false;
    const left = new Promise<number>((resolve) => a.room.onLeave((code: number) => resolve(code)));
    a.room.send("act", { id: 1, action: { type: "play", blob: "y".repeat(100_000) } });
    expect(await left).toBe(1009);
    const health = await getJson("/health");
    expect(health.status).toBe(200);
    expect(matchMaker.getLocalRoomById(b.room.roomId)).toBeDefined();
  });
});

describe("reconnection", () => {
  it("a client that drops and reconnects within the grace period keeps its seat and private state", async () => {
    const [a, b] = await twoBots("reconnect", undefined, true);
    await waitFor(() => a.room.state.status === "playing", "start");
    const seat = a.seat!;
    const handBefore = a.room.state.seats[seat].secret.toJSON().hand;
    expect(handBefore).toHaveLength(3);
    a.room.reconnection.minUptime = 0;
    const reconnected = new Promise<void>((resolve) => a.room.onReconnect(() => resolve()));
    (a.room.connection.transport as any).ws.close(4010);
    await waitFor(() => b.room.state.seats[seat].connected === false, "the drop to be seen by the rival");
    await reconnected;
    await waitFor(() => b.room.state.seats[seat].connected === true, "the seat to show connected again");
    expect(a.room.state.seats[seat].secret.toJSON().hand).toEqual(handBefore);
    expect(JSON.parse(a.room.state.seats[seat].legal).length > 0 || a.room.state.game.turn !== seat).toBe(true);
  });
});

describe("reload before the server saw the old socket close", () => {
  it("a new connection that brings the seat's token while the old socket is still open takes the seat, and keeps it when the old socket closes", async () => {
    // A browser reload: the new page reconnects with the saved token, and under load that can reach
    // the server before the old page's close does. Colyseus then drops the old connection itself,
    // with the close code it also uses for a client kicked for an error, and the seat must be held
    // for the token (it was refused: "seat reservation expired", and the page lost its seat).
    const [a, b] = await twoBots("reload-race", undefined, true);
    await waitFor(() => a.room.state.status === "playing", "start");
    const seat = a.seat!;
    const hand = a.room.state.seats[seat].secret.toJSON().hand;
    a.room.reconnection.enabled = false; // the old page is going away: it does not come back by itself
    const reloaded = await new Client(t.wsUrl).reconnect(a.room.reconnectionToken);
    await waitFor(() => reloaded.state?.seats?.[seat]?.secret, "the seat's private state on the new connection");
    expect(reloaded.state.seats[seat].secret.toJSON().hand).toEqual(hand);
    // Then the old page's socket goes away; the seat stays with the new connection.
    const oldWs = (a.room.connection.transport as any).ws as { close(code: number): void; addEventListener(type: "close", fn: () => void): void };
    const oldClosed = new Promise<void>((resolve) => oldWs.addEventListener("close", () => resolve()));
    oldWs.close(1001);
    await oldClosed;
    const answer = await reloaded.request("act", { id: 1, action: { type: "teleport" } }).catch((e: unknown) => e);
    expect(answer).toBeDefined(); // a round trip through the room after the old close
    expect(reloaded.state.seats[seat].connected).toBe(true);
    await waitFor(() => b.room.state.seats[seat].connected === true, "the seat connected, as the rival sees it");
    await reloaded.leave(true);
  });
});

describe("timers", () => {
  it("a seat that does not decide in time gets the engine's default and the game goes on", async () => {
    const fast = await startTestServer({ bindings: [highCardBinding], env: { PROMPT_TIMEOUT_MS: "150", TURN_BANK_MS: "0" } });
    try {
      const client = new Client(fast.wsUrl);
      const ra = await client.joinOrCreate("highcard", {});
      const rb = await client.joinById(ra.roomId, {});
      const finished = await new Promise<any>((resolve) => ra.onMessage("finished", resolve));
      rb.onMessage("finished", () => {});
      expect(finished.outcome.reason).toBe("points");
      const stored = await waitFor(async () => {
        const r = await fetch(`${fast.url}/api/matches/${finished.matchId}/replay`);
        return r.status === 200 ? ((await r.json()) as any) : null;
      }, "stored replay");
      expect(stored.steps.every((s: any) => s.auto === true)).toBe(true);
      expect(stored.steps).toHaveLength(6);
    } finally {
      await fast.close();
    }
  });
});
