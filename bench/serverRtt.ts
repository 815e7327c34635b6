/**
 * Server round trip: a bot's `act` request to the resulting state patch, with N matches of
 * bots playing at once on loopback (each slot starts a new match when one ends), the bots in
 * this process (journal.ts compares the server with itself). The server figures, with the
 * bots and each baseline in processes of their own, are room.ts (its load: roomLoad.ts).
 */
import { Client } from "@colyseus/sdk";
import { BotPlayer } from "../test/support/botClient.ts";
import type { ChildServer } from "./childServer.ts";
import { summarize } from "./stats.ts";

export async function serverRoundTrips(server: ChildServer, game: string, seatOptions: (seat: number) => unknown, seats: number, matches: number, durationMs: number) {
  const samples: number[] = [];
  let measuring = false;
  let finished = 0;
  const record = (i: { sentAt: number; patchedAt: number | null }) => {
    if (measuring && i.patchedAt !== null) samples.push(i.patchedAt - i.sentAt);
  };
  const client = new Client(server.wsUrl);
  const playOne = async (slot: number, round: number) => {
    const first = await client.create(game, { seat: seatOptions(0) });
    const bots = [new BotPlayer(first, { seed: `s${slot}-r${round}-0`, onActed: record })];
    for (let s = 1; s < seats; s++) {
      const room = await client.joinById(first.roomId, { seat: seatOptions(s) });
      bots.push(new BotPlayer(room, { seed: `s${slot}-r${round}-${s}`, onActed: record }));
    }
    return bots;
  };
  let deadline = Number.POSITIVE_INFINITY;
  const slots: Promise<void>[] = [];
  const live = new Set<BotPlayer>();
  const ready: Promise<void>[] = [];
  for (let slot = 0; slot < matches; slot++) {
    let markReady!: () => void;
    ready.push(new Promise((r) => (markReady = r)));
    slots.push(
      (async () => {
        for (let round = 0; performance.now() < deadline; round++) {
          const bots = await playOne(slot, round);
          bots.forEach((b) => live.add(b));
          if (round === 0) markReady();
          const done = Promise.all(bots.map((b) => b.untilFinished()));
          const timeLeft = new Promise<"time">((r) => {
            const check = setInterval(() => {
              if (performance.now() >= deadline) {
                clearInterval(check);
                r("time");
              }
            }, 50);
            void done.then(() => clearInterval(check));
          });
          const result = await Promise.race([done, timeLeft]);
          bots.forEach((b) => {
            b.stop();
            live.delete(b);
          });
          if (result !== "time") finished++;
          void Promise.all(bots.map((b) => b.room.leave(true).catch(() => {})));
        }
      })(),
    );
    // Join in small batches: the matchmaker's HTTP step is not what is measured.
    if (slot % 20 === 19) await Promise.all(ready);
  }
  await Promise.all(ready);
  measuring = true;
  const started = performance.now();
  deadline = started + durationMs;
  await Promise.all(slots);
  const elapsed = performance.now() - started;
  measuring = false;
  return { act: summarize(samples), actionsPerSecond: samples.length / (elapsed / 1000), finishedMatches: finished };
}
