/**
 * Server round trip: a bot's `act` request to the resulting state patch, at N concurrent
 * matches of bots on loopback, against a raw ws echo at the same number of connections.
 */
import { Client } from "@colyseus/sdk";
import { BotPlayer } from "../test/support/botClient.ts";
import { echoRoundTrips, startEchoServer } from "./echo.ts";
import type { ChildServer } from "./childServer.ts";
import { summarize } from "./stats.ts";

export async function serverRoundTrips(
  server: ChildServer,
  game: string,
  seatOptions: (seat: number) => unknown,
  seats: number,
  matches: number,
  durationMs: number,
) {
  const samples: number[] = [];
  const bots: BotPlayer[] = [];
  const record = (i: { sentAt: number; patchedAt: number | null }) => {
    if (i.patchedAt !== null) samples.push(i.patchedAt - i.sentAt);
  };
  // Join in small batches: the matchmaker's HTTP step is not what is measured.
  for (let m = 0; m < matches; m += 20) {
    const batch = Array.from({ length: Math.min(20, matches - m) }, async (_, k) => {
      const client = new Client(server.wsUrl);
      const first = await client.create(game, { seat: seatOptions(0) });
      const roomBots = [new BotPlayer(first, { seed: `b${m + k}-0`, onActed: record })];
      for (let s = 1; s < seats; s++) {
        const r = await client.joinById(first.roomId, { seat: seatOptions(s) });
        roomBots.push(new BotPlayer(r, { seed: `b${m + k}-${s}`, onActed: record }));
      }
      return roomBots;
    });
    for (const b of await Promise.all(batch)) bots.push(...b);
  }
  const started = performance.now();
  await new Promise((r) => setTimeout(r, durationMs));
  for (const b of bots) b.stop();
  const elapsed = performance.now() - started;
  const finished = new Set(bots.filter((b) => b.finished).map((b) => b.finished!.matchId)).size;
  await Promise.all(bots.map((b) => b.room.leave(true).catch(() => {})));

  const echo = await startEchoServer();
  const baseline = await echoRoundTrips(echo.url, matches * seats, Math.min(durationMs, 5000));
  await echo.close();
  return { act: summarize(samples), echo: baseline, actionsPerSecond: samples.length / (elapsed / 1000), finishedMatches: finished };
}
