/**
 * The baseline of issue 16: a bare Colyseus 0.18 room in a process of its own, served as the
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
 *   node --import tsx bench/bareServer.ts     PORT (0: any), HOST; prints the ready line
 *   {"msg":"game server listening","port":N} on stdout, as the real server logs it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Room, Server, type Client } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { schema, t } from "@colyseus/schema";

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

class BareRoom extends Room<{ state: BareStateType }> {
  override maxClients = 2;
  private seatOf = new Map<string, number>();

  override messages = {
    act: (client: Client, payload: unknown) => {
      const seat = this.seatOf.get(client.sessionId);
      const id = (payload as { id?: unknown } | undefined)?.id ?? null;
      if (this.state.status !== "playing" || seat !== this.state.turn) return { id, ok: false, step: this.state.step };
      this.state.step++;
      this.state.turn = (seat + 1) % 2;
      this.broadcastPatch();
      this.broadcast("events", { step: this.state.step, events: [{ type: "acted", seat }] });
      return { id, ok: true, step: this.state.step };
    },
  };

  override onCreate(): void {
    (this as unknown as { _simulationInterval: unknown })._simulationInterval = NO_SIMULATION;
    this.patchRate = null;
    this.state = new BareState();
  }

  override onJoin(client: Client): void {
    const seat = this.seatOf.size;
    this.seatOf.set(client.sessionId, seat);
    this.state.seats = this.seatOf.size;
    client.send("welcome", { seat });
    if (this.seatOf.size === 2) {
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
