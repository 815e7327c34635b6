/**
 * End-to-end helpers shared by the games' over-the-server tests: seat N bots in one room, wait
 * for the end, fetch what was stored, and read the server's game state at the step a client has
 * decoded (the live state may already be ahead, so leak checks compare like with like).
 */
import { matchMaker } from "@colyseus/core";
import { expect } from "vitest";
import { joinBot, type BotOptions, type BotPlayer, type Finished } from "./botClient.ts";
import { waitFor, type TestServer } from "./testServer.ts";

/** The server's game state when it is at the step `decoded` shows; null otherwise (or when the room is gone). */
export function serverStateAtStep<S>(bot: BotPlayer, decoded: { step: number }): S | null {
  const room = matchMaker.getLocalRoomById(bot.room.roomId) as unknown as { game: S | null; steps: unknown[] } | undefined;
  return room?.game && room.steps.length === decoded.step ? room.game : null;
}

export interface BotMatch {
  bots: BotPlayer[];
  finished: Finished[];
}

/** Seats one bot per entry of `seats` in a new room of `game` and plays the match to its end. */
export async function playBotMatch(
  t: TestServer,
  game: string,
  opts: { config: unknown; seats: unknown[]; names: string[]; seedPrefix: string; onState?: BotOptions["onState"]; onMessage?: BotOptions["onMessage"] },
): Promise<BotMatch> {
  const bots: BotPlayer[] = [];
  for (let seat = 0; seat < opts.seats.length; seat++) {
    const joinOptions = { name: opts.names[seat], config: opts.config, seat: opts.seats[seat] };
    bots.push(await joinBot(t.wsUrl, game, joinOptions, { seed: `${opts.seedPrefix}-${seat}`, onState: opts.onState, onMessage: opts.onMessage }, bots[0]?.room.roomId));
  }
  const finished = await Promise.all(bots.map((b) => b.untilFinished()));
  for (const b of bots) expect(b.rejections).toEqual([]);
  expect(new Set(finished.map((f) => f.finalHash)).size).toBe(1);
  return { bots, finished };
}

/** The stored match summary and replay (waits for the write). */
export async function fetchStored(t: TestServer, matchId: string): Promise<{ match: any; replay: any }> {
  const match = await waitFor(async () => {
    const res = await fetch(`${t.url}/api/matches/${matchId}`);
    return res.status === 200 ? ((await res.json()) as any) : null;
  }, "stored match");
  const replay = (await (await fetch(`${t.url}/api/matches/${matchId}/replay`)).json()) as any;
  return { match, replay };
}
