/**
 * Bad input, for every registered game over the real server: a malformed envelope, an unknown
 * action type, a known action with a field the game does not define, acting out of turn,
 * acting for another seat and an oversized payload each get their `{code, message}`; the
 * game state does not change, the room stays up, and a legal move still works afterwards.
 * (Illegal-but-well-formed moves are game rules: each engine's own tests cover them.)
 */
import { matchMaker } from "@colyseus/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stateHash } from "../rules/core/hash.ts";
import { gameBindings } from "../rooms/registry.ts";
import { joinBot, type BotPlayer } from "./support/botClient.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ bindings: gameBindings, env: { MAX_ACTION_BYTES: "2048", PROMPT_TIMEOUT_MS: "0" } });
});
afterAll(async () => {
  await t?.close();
});

const serverState = (roomId: string) => (matchMaker.getLocalRoomById(roomId) as unknown as { game: unknown }).game;

async function attempt(bot: BotPlayer, payload: unknown): Promise<{ code: string; message: string } | "accepted"> {
  try {
    await bot.room.request("act", payload, { timeout: 3000 });
    return "accepted";
  } catch (err: any) {
    return { code: err?.reason?.code ?? `error:${err?.message}`, message: String(err?.reason?.message ?? "") };
  }
}

/** Plays first-listed legal moves until some seat is not among the actors (simultaneous steps end). */
async function untilSomeoneWaits(bots: BotPlayer[]): Promise<{ mover: BotPlayer; waiter: BotPlayer }> {
  for (let i = 0; i < 200; i++) {
    await waitFor(() => bots.every((b) => b.room.state.step === bots[0]!.room.state.step) || null, "clients in step");
    const acting = bots.filter((b) => b.legal().length > 0);
    const waiting = bots.filter((b) => b.legal().length === 0);
    if (acting.length > 0 && waiting.length > 0) return { mover: acting[0]!, waiter: waiting[0]! };
    const step = bots[0]!.room.state.step;
    expect(await attempt(acting[0]!, { id: `drive-${i}`, action: acting[0]!.legal()[0] })).toBe("accepted");
    await waitFor(() => bots.every((b) => b.room.state.step > step) || null, "the move's patch");
  }
  throw new Error("every seat stayed an actor for 200 moves");
}

describe.each(gameBindings.map((b) => [b.engine.game, b] as const))("%s room", (game, binding) => {
  it("bad messages, unknown or malformed actions, out of turn, another seat's move and an oversized payload are refused with a code; nothing changes; the room stays up", async () => {
    const presets = Object.values(binding.engine.presets?.() ?? {});
    const players = game === "achroma" || game === "resonance" ? 3 : 2;
    const bots: BotPlayer[] = [];
    for (let seat = 0; seat < players; seat++) {
      const options = { name: `P${seat}`, config: players === 2 ? {} : { players }, seat: presets[seat % presets.length] };
      bots.push(await joinBot(t.wsUrl, game, options, { seed: `${game}-bad-${seat}`, idle: true }, bots[0]?.room.roomId));
    }
    await waitFor(() => bots.every((b) => b.room.state.status === "playing" && b.welcome) || null, "start");
    const { mover, waiter } = await untilSomeoneWaits(bots);
    const roomId = mover.room.roomId;
    const legal = mover.legal()[0] as Record<string, unknown>;
    const before = stateHash(serverState(roomId));
    const stepBefore = mover.room.state.step;

    const results = {
      notAnObject: await attempt(mover, "garbage"),
      noAction: await attempt(mover, { id: 1 }),
      unknownType: await attempt(mover, { id: 2, action: { type: "teleport" } }),
      extraField: await attempt(mover, { id: 3, action: { ...legal, bogus: 1 } }),
      outOfTurn: await attempt(waiter, { id: 4, action: legal }),
      otherSeat: await attempt(waiter, { id: 5, seat: mover.seat, action: legal }),
      tooLarge: await attempt(mover, { id: 6, action: { ...legal, pad: "x".repeat(4000) } }),
    };
    const codes = Object.fromEntries(Object.entries(results).map(([k, r]) => [k, r === "accepted" ? r : r.code]));
    expect(codes).toEqual({
      notAnObject: "bad_message",
      noAction: "bad_message",
      unknownType: "bad_action",
      extraField: "bad_action",
      outOfTurn: "not_your_turn",
      otherSeat: "wrong_seat",
      tooLarge: "payload_too_large",
    });
    for (const r of Object.values(results)) if (r !== "accepted") expect(r.message.length, `a message for ${r.code}`).toBeGreaterThan(5);
    expect(stateHash(serverState(roomId))).toBe(before);
    expect(mover.room.state.step).toBe(stepBefore);

    // Still up: the mover's legal move is applied.
    expect(await attempt(mover, { id: 7, action: legal })).toBe("accepted");
    expect(stateHash(serverState(roomId))).not.toBe(before);
  });
});
