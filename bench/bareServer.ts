/**
 * The baseline of a bare Colyseus 0.18 room in a process of its own, served as the
 * real server serves its rooms (server/app.ts: WebSocketTransport on an http server, the same
 * maxPayload, greet off), doing the least a turn-based room can do per decision:
 *
 *   request "act" -> ONE schema change (step + 1, the turn passes) -> broadcastPatch() (the room
 *   flushes its own patches, patchRate null, as rooms/GameRoom.ts does) -> an "events" message to
 *   each client -> the request's reply { id, ok, step }
 *
 * which is the frames the real room sends per decision (GameRoom.commit: flush, sendEvents, then
 * the reply), without the engine, the views, the journal or the inbox. Two seats per room (the
 * room starts when both joined: status "playing"); `welcome` tells each client its seat.
 *
 * BARE_JOURNAL=1: the same room, but each decision is made durable before it is applied, as the
 * real room does (GameRoom: nobody hears of a decision before it is in the journal), through the
 * real server's own journal writer where the real server keeps it (JOURNAL_STORE, resolved as
 * the server does: server/journal/fileJournal.ts in DATA_DIR/journal beside the embedded
 * database, server/journal/journal.ts on DATABASE_URL): a match's header when both seats are
 * in, then one record per decision. The real
 * room against this baseline is what its own work costs (rules, views, schema, events, the
 * inbox) beyond the durability both must pay; the plain bare room keeps the issue's own ratio.
 *
 *   node --import tsx bench/bareServer.ts     PORT (0: any), HOST; prints the ready line
 *   {"msg":"game server listening","port":N} on stdout, as the real server logs it.
 */
import http from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Room, Server, type Client } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { schema, t } from "@colyseus/schema";
import { openDatabase } from "../server/db/database.ts";
import { join } from "node:path";
import { loadConfig } from "../server/config.ts";
import { FileJournal } from "../server/journal/fileJournal.ts";
import { Journal } from "../server/journal/journal.ts";
import type { DurableJournal } from "../server/journal/journalStore.ts";
import type { MatchHeader } from "../match/journalTypes.ts";
import { createLogger } from "../server/log.ts";

const MAX_FRAME_BYTES = 64 * 1024; // as server/app.ts

const BareState = schema(
  {
    status: t.string().default("waiting"),
    step: t.uint32().default(0),
    turn: t.uint8().default(0),
    seats: t.uint8().default(0),
  },
  "BareState",
);
type BareStateType = InstanceType<typeof BareState>;

/** Not a timer: Colyseus installs no per-room 60 Hz clock ticker while it is set (as rooms/roomTimers.ts `quiet`). */
const NO_SIMULATION = Object.freeze({ noSimulation: true });

/** BARE_JOURNAL=1: the real server's journal writer on its own database (null: no journal). */
const journal = process.env.BARE_JOURNAL === "1" ? await openJournal() : null;

async function openJournal(): Promise<DurableJournal> {
  const log = createLogger({ pretty: false, level: process.env.LOG_LEVEL ?? "warn" });
  const dataDir = process.env.DATA_DIR;
  if (!process.env.DATABASE_URL && !dataDir) throw new Error("BARE_JOURNAL=1 needs DATABASE_URL or DATA_DIR (the embedded database's directory)");
  const owner = `bare-${randomUUID()}`;
  if (loadConfig(process.env).journalStore === "file") return FileJournal.open({ dir: join(dataDir!, "journal"), log, owner });
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: dataDir ?? "", log });
  return new Journal({ sql: db.sql, log, owner, cluster: "", groupMs: Number(process.env.JOURNAL_GROUP_MS ?? 4) });
}

/** What the journal's header holds for a bare match: nothing to resume from, only its size. */
function bareHeader(startedAt: number): MatchHeader {
  return { game: "solrei", version: "bare", mode: "casual", config: null, seats: [null, null], seed: "", seedHash: "", startedAt, players: [], bots: [], clock: null };
}

class BareRoom extends Room<{ state: BareStateType }> {
  override maxClients = 2;
  private seatOf = new Map<string, number>();
  private readonly matchId = randomUUID();
  private startedAt = 0;
  private journaled = 0;
  /** A decision is being made durable: the turn is nobody's until it is applied. */
  private writing = false;

  override messages = {
    act: (client: Client, payload: unknown) => {
      const seat = this.seatOf.get(client.sessionId);
      const { id = null, action = null } = (payload ?? {}) as { id?: unknown; action?: unknown };
      if (this.state.status !== "playing" || seat !== this.state.turn || this.writing) return { id, ok: false, step: this.state.step };
      if (!journal) return this.apply(seat, id);
      this.writing = true;
      const entry = { n: ++this.journaled, kind: "act" as const, seat, action, at: Date.now() - this.startedAt };
      return journal.append(this.matchId, entry).then(
        () => {
          this.writing = false;
          return this.apply(seat, id);
        },
        () => {
          this.writing = false;
          return { id, ok: false, step: this.state.step };
        },
      );
    },
  };

  private apply(seat: number, id: unknown) {
    this.state.step++;
    this.state.turn = (seat + 1) % 2;
    this.broadcastPatch();
    this.broadcast("events", { step: this.state.step, events: [{ type: "acted", seat }] });
    return { id, ok: true, step: this.state.step };
  }

  override onCreate(): void {
    (this as unknown as { _simulationInterval: unknown })._simulationInterval = NO_SIMULATION;
    this.patchRate = null;
    this.state = new BareState();
  }

  override async onJoin(client: Client): Promise<void> {
    const seat = this.seatOf.size;
    this.seatOf.set(client.sessionId, seat);
    this.state.seats = this.seatOf.size;
    client.send("welcome", { seat });
    if (this.seatOf.size === 2) {
      // As the real room: the match's header is durable before its first decision.
      this.startedAt = Date.now();
      await journal?.begin(this.matchId, this.roomId, "bare", bareHeader(this.startedAt), {});
      this.state.status = "playing";
      this.broadcastPatch();
    }
  }
}

const httpServer = http.createServer();
const gameServer = new Server({
  transport: new WebSocketTransport({ server: httpServer, maxPayload: MAX_FRAME_BYTES }),
  greet: false,
  gracefullyShutdown: false,
});
gameServer.define("bare", BareRoom);
await gameServer.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? "127.0.0.1");
const port = (httpServer.address() as AddressInfo).port;
process.stdout.write(`${JSON.stringify({ msg: "game server listening", port })}\n`);

for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => process.exit(0));
