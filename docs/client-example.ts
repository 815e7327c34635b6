/**
 * A complete client: every seat of one match of `game` played by random decisions over
 * WebSocket with @colyseus/sdk, to the end; prints each decision's label and the final ranks.
 *   npx tsx docs/client-example.ts [ws://localhost:2567] [solrei|achroma|react|resonance]
 * docs/protocol.md shows this file; test/client-example.test.ts runs it for every game.
 */
import { Client, type Room } from "@colyseus/sdk";

/** The server takes at most 20 messages per second from one client (MSG_RATE_PER_S): stay under it. */
const PACE_MS = 60;

export async function playMatch(url: string, game: string, log: (line: string) => void = console.log): Promise<number[]> {
  const http = url.replace(/^ws/, "http");
  const { games } = (await (await fetch(`${http}/api/games`)).json()) as { games: { game: string; presets: Record<string, unknown> }[] };
  const presets = Object.values(games.find((g) => g.game === game)!.presets); // ready-made seat set-ups
  const players = game === "achroma" || game === "resonance" ? 3 : 2;
  const config = players === 2 ? {} : { players };

  const client = new Client(url);
  // Each seat's handlers go on as soon as it is seated: its messages start before the next seat joins.
  const first = await client.create(game, { name: "Seat 0", config, seat: presets[0] });
  const finished = playSeat(first, log);
  const rooms: Room[] = [first];
  for (let i = 1; i < players; i++) {
    const room = await client.joinById(first.roomId, { name: `Seat ${i}`, seat: presets[i % presets.length] });
    void playSeat(room, log);
    rooms.push(room);
  }
  const ranks = await finished;
  await Promise.all(rooms.map((room) => room.leave()));
  log(`final ranks (1 is best): ${ranks.join(", ")}`);
  return ranks;
}

/** Plays one seat by random decisions; resolves with the final ranks. */
function playSeat(room: Room, log: (line: string) => void): Promise<number[]> {
  const finished = new Promise<number[]>((resolve) => room.onMessage("finished", (f) => resolve(f.outcome.ranks)));
  room.onMessage("*", () => {}); // welcome, events, stored...: not needed here
  let pending = false; // one request at a time: never re-send while a decision is in flight
  let lastSentAt = 0;
  const decide = async () => {
    const seats = room.state?.seats; // undefined until the first state arrives
    const seat = seats ? seats.findIndex((s: { you?: boolean }) => s.you) : -1; // my seat: in the first state
    const me = seats?.[seat];
    if (pending || !me?.acting || room.state.status !== "playing") return;
    const legal = JSON.parse(me.legal) as unknown[];
    const labels = JSON.parse(me.labels) as string[];
    if (legal.length === 0) return;
    const wait = lastSentAt + PACE_MS - Date.now();
    if (wait > 0) return void setTimeout(decide, wait); // keep under the server's message rate
    const i = Math.floor(Math.random() * legal.length);
    pending = true;
    lastSentAt = Date.now();
    try {
      await room.request("act", { id: room.state.step, action: legal[i] });
      log(`seat ${seat}: ${labels[i] ?? JSON.stringify(legal[i])}`);
    } catch (e) {
      log(`seat ${seat}: refused ${(e as { reason?: { code?: string } }).reason?.code ?? e}`); // e.g. the state moved on
    } finally {
      pending = false;
      setTimeout(decide); // look again: the state may have changed while the request was in flight
    }
  };
  room.onStateChange(() => void decide());
  void decide(); // the state may already say it is my turn
  return finished;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await playMatch(process.argv[2] ?? "ws://localhost:2567", process.argv[3] ?? "solrei");
}
