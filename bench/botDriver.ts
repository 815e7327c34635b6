/**
 * Bots in a process of their own (spawned by bots.ts), against a server in another process:
 *
 *   game   real matches of `game` through @colyseus/sdk, BotPlayer (test/support/botClient.ts)
 *          playing legal random moves; each slot starts a new match when one ends
 *   bare   the bare room of bareServer.ts: two clients alternate act -> patch
 *   bareJournal  the same room on a bareServer.ts with BARE_JOURNAL=1 (for the driver the same)
 *   echo   the raw ws echo of echoServer.ts: two sockets alternate one echo each
 *
 * `matches` groups at once, each of `seats` clients, so the same number of decisions is in
 * flight for every kind (one per match: the seat whose turn it is). With `paceMs` [lo, hi] a
 * client acts lo..hi ms after its decision is offered (a person's pace); without, at once.
 *
 *   node --import tsx bench/botDriver.ts '<DriverConfig JSON>'
 *
 * stdout, one JSON line each: {"type":"ready"} once every match is playing; then, driven by
 * stdin lines: "start" opens the measuring window, "stop" closes it and prints {"type":"result",
 * samples (act -> patch ms), actions, errors, cpuMs (this process, over the window), loopDelayP99Ms,
 * roomsByHost (kind game and bare: the rooms this driver has joined so far, by the host:port
 * its seat reservations sent it to: with several server processes, where the rooms live)}
 * (the bots play on), "exit" (or the end of stdin) ends the process.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { Client, type Room } from "@colyseus/sdk";
import { WebSocket } from "ws";
import { BotPlayer } from "../test/support/botClient.ts";
import { configFor } from "../rules/core/manifest.ts";
import { manifestOf } from "../rules/games.ts";
import { gameBindings } from "../rooms/registry.ts";

export interface DriverConfig {
  kind: "game" | "bare" | "bareJournal" | "echo";
  wsUrl: string;
  /** kind game: the room name (solrei, achroma, react, resonance). */
  game?: string;
  /** Clients per match (2 for bare and echo). */
  seats: number;
  matches: number;
  paceMs?: [number, number] | null;
  /** Tells the driver's matches apart from another driver's (bot seeds). */
  name: string;
}

const config = JSON.parse(process.argv[2] ?? "{}") as DriverConfig;
const samples: number[] = [];
let measuring = false;
let actions = 0;
let errors = 0;
let halted = false;
const delay = () => (config.paceMs ? config.paceMs[0] + Math.random() * (config.paceMs[1] - config.paceMs[0]) : 0);
const later = (fn: () => void) => {
  const ms = delay();
  if (ms > 0) setTimeout(fn, ms);
  else fn();
};
const record = (sentAt: number, patchedAt: number | null) => {
  if (!measuring) return;
  actions++;
  if (patchedAt !== null) samples.push(Math.round((patchedAt - sentAt) * 1000) / 1000);
};
const out = (line: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(line)}\n`);

function createOptions(game: string, seats: number): { config: unknown; seat: (i: number) => unknown } {
  const manifest = manifestOf(game);
  const engine = gameBindings.find((b) => b.engine.game === game)?.engine;
  if (!manifest || !engine) throw new Error(`no game ${game} in rules/games.ts`);
  return { config: configFor(manifest, seats), seat: (i) => engine.sampleSeat(i) };
}

// ---- real games ---------------------------------------------------------------------------------

/** A BotPlayer that acts `delay()` after each decision offered to it (at once without a pace). */
function gameBot(room: Room<any, any>, seed: string): BotPlayer {
  const onActed = (i: { sentAt: number; patchedAt: number | null }) => record(i.sentAt, i.patchedAt);
  if (!config.paceMs) return new BotPlayer(room, { seed, onActed });
  let timer: NodeJS.Timeout | null = null;
  const offer = () => {
    if (timer || halted || bot.busy || bot.finished || bot.legal().length === 0) return;
    timer = setTimeout(() => {
      timer = null;
      if (halted) return;
      bot.play(); // acts now (its decision is still there), then idles until the next offer
      bot.stop();
    }, delay());
  };
  const bot: BotPlayer = new BotPlayer(room, {
    seed,
    idle: true,
    onState: () => offer(),
    onActed: (i) => {
      onActed(i);
      setImmediate(offer); // still my decision after the reply (several in a row): offered again
    },
  });
  return bot;
}

async function gameSlot(client: Client, slot: number, started: () => void): Promise<void> {
  const game = config.game!;
  const options = createOptions(game, config.seats);
  for (let round = 0; !halted; round++) {
    const first = await client.create(game, { config: options.config, seat: options.seat(0) });
    // Each bot listens before the next await: its welcome comes right after its join.
    const bots = [gameBot(first, `${config.name}-${slot}-${round}-0`)];
    for (let s = 1; s < config.seats; s++) {
      bots.push(gameBot(await client.joinById(first.roomId, { seat: options.seat(s) }), `${config.name}-${slot}-${round}-${s}`));
    }
    const rooms = bots.map((b) => b.room);
    if (round === 0) started();
    await Promise.race([Promise.all(bots.map((b) => b.untilFinished())), untilHalted]);
    bots.forEach((b) => b.stop());
    errors += bots.reduce((n, b) => n + b.rejections.length, 0);
    await Promise.all(rooms.map((r) => r.leave(true).catch(() => {})));
  }
}

// ---- the bare room --------------------------------------------------------------------------------

async function bareSlot(client: Client, _slot: number, started: () => void): Promise<void> {
  const first = await client.create("bare", {});
  bareClient(first); // before the next await: its welcome comes right after the join
  bareClient(await client.joinById(first.roomId, {}));
  started();
}

/** One seat of a bare room: acts whenever the room's turn is its seat. */
function bareClient(room: Room<any, any>): void {
  let seat = -1;
  let inFlight = false;
  let waiting = false;
  let lastPatchAt = 0;
  let id = 0;
  const act = () => {
    waiting = false;
    if (halted) return;
    inFlight = true;
    const sentAt = performance.now();
    const patchBefore = lastPatchAt;
    room.request("act", { id: id++, action: { type: "step" } }).then(
      (reply: { ok: boolean }) => {
        inFlight = false;
        if (!reply.ok) errors++;
        record(sentAt, lastPatchAt > patchBefore ? lastPatchAt : null);
        maybeAct();
      },
      () => {
        inFlight = false;
        errors++;
      },
    );
  };
  const maybeAct = () => {
    const state = room.state as { status?: string; turn?: number } | undefined;
    if (halted || inFlight || waiting || seat < 0 || state?.status !== "playing" || state.turn !== seat) return;
    waiting = true;
    later(act);
  };
  room.onMessage("welcome", (w: { seat: number }) => {
    seat = w.seat;
    maybeAct();
  });
  room.onMessage("events", () => {});
  room.onStateChange(() => {
    lastPatchAt = performance.now();
    maybeAct();
  });
}

// ---- the ws echo ----------------------------------------------------------------------------------

async function echoSlot(_client: Client, _slot: number, started: () => void): Promise<void> {
  const open = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(config.wsUrl);
      ws.once("open", () => resolve(ws));
      ws.once("error", reject);
    });
  const sockets = [await open(), await open()];
  const payload = Buffer.from(JSON.stringify({ id: 1, action: { type: "place", card: "H7" } }));
  let turn = 0;
  let sentAt = 0;
  const send = () => {
    if (halted) return;
    sentAt = performance.now();
    sockets[turn].send(payload);
  };
  sockets.forEach((ws) =>
    ws.on("message", () => {
      record(sentAt, performance.now());
      turn = 1 - turn; // the other seat's turn
      later(send);
    }),
  );
  started();
  later(send);
}

// ---- the driver ---------------------------------------------------------------------------------

let halt!: () => void;
const untilHalted = new Promise<void>((r) => (halt = r));

/** WebSockets opened into rooms, by host:port (a room's first seat counts it). */
const socketsByHost: Record<string, number> = {};
const roomsByHost = () => Object.fromEntries(Object.entries(socketsByHost).map(([host, n]) => [host, Math.round(n / config.seats)]));

async function main() {
  // Every room socket goes where its seat reservation says (PUBLIC_ADDRESS of the process hosting the room).
  const client = new Client(config.wsUrl, {
    urlBuilder: (url: URL) => {
      if (url.protocol.startsWith("ws")) socketsByHost[url.host] = (socketsByHost[url.host] ?? 0) + 1;
      return url.href;
    },
  });
  const slotOf = { game: gameSlot, bare: bareSlot, bareJournal: bareSlot, echo: echoSlot }[config.kind];
  const ready: Promise<void>[] = [];
  const running: Promise<void>[] = [];
  for (let slot = 0; slot < config.matches; slot++) {
    let started!: () => void;
    ready.push(new Promise((r) => (started = r)));
    running.push(
      slotOf(client, slot, started).catch((error: Error) => {
        if (halted) return;
        process.stderr.write(`bot slot ${slot} failed: ${error.message}\n`);
        errors++;
        started();
      }),
    );
    // Join in small batches: the matchmaker's HTTP step is not what is measured.
    if (slot % 20 === 19) await Promise.all(ready);
  }
  await Promise.all(ready);
  out({ type: "ready", clients: config.matches * config.seats, roomsByHost: roomsByHost() });

  const loop = monitorEventLoopDelay({ resolution: 5 });
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === "start") {
      samples.length = 0;
      actions = 0;
      errors = 0;
      measuring = true;
      loop.reset();
      loop.enable();
      cpu0 = process.cpuUsage();
      t0 = performance.now();
    } else if (line === "stop") {
      measuring = false;
      const cpu = process.cpuUsage(cpu0);
      loop.disable();
      out({
        type: "result",
        elapsedMs: performance.now() - t0,
        actions,
        errors,
        cpuMs: (cpu.user + cpu.system) / 1000,
        loopDelayP99Ms: loop.percentile(99) / 1e6,
        roomsByHost: roomsByHost(),
        samples,
      });
    } else if (line === "exit") break;
  }
  halted = true;
  halt();
  process.exit(0);
}

main().catch((error: Error) => {
  process.stderr.write(`bot driver failed: ${error.stack}\n`);
  process.exit(1);
});
