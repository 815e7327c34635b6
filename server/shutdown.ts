/**
 * How one game server stops (server/app.ts `shutdown` and `closeSockets`): ranked queues and
 * moderation first, then each live match handed over to its journal, then the rooms, the
 * pending finished matches and, last, the connections and the pools.
 */
import type http from "node:http";
import { CloseCode, type Server } from "@colyseus/core";
import { WebSocket as WS, type WebSocketServer } from "ws";
import type { Moderation } from "./admin/moderation.ts";
import type { BotPool } from "./bots/botPool.ts";
import type { ClusterLink } from "./cluster/redis.ts";
import type { FrontDoor } from "./gate/index.ts";
import type { FileJournal } from "./journal/fileJournal.ts";
import type { DurableJournal } from "./journal/journalStore.ts";
import type { Resumer } from "./journal/resumer.ts";
import type { EventLoopMonitor } from "./loadMonitor.ts";
import type { Logger } from "./log.ts";
import type { Matchmaker } from "./matchmaking/service.ts";
import type { ReplayPool } from "./replay/replayPool.ts";
import type { MatchWriter } from "./store/matchWriter.ts";

/** A live room as a stop needs it (rooms/roomServices.ts LiveRoom; the server knows no rooms). */
export interface StoppingRoom {
  handOver(timeLeft: Promise<void>): Promise<boolean>;
  readonly clients: Iterable<{ leave(code?: number): void }>;
}

/** How long a stop waits for clients to answer a close, and for requests in flight to finish. */
const SOCKET_CLOSE_GRACE_MS = 1_000;

/**
 * Closes every WebSocket still open with its code instead of cutting it: a live match's clients
 * with 4010 (may reconnect), any other with 4001; resolves once they answered, or after `graceMs`.
 */
export function socketCloser(gameServer: Server, liveRooms: Iterable<StoppingRoom>): (graceMs: number) => Promise<void> {
  const webSockets = (gameServer.transport as unknown as { wss: WebSocketServer }).wss.clients;
  return async (graceMs: number) => {
    for (const room of liveRooms) for (const client of room.clients) client.leave(CloseCode.MAY_TRY_RECONNECT);
    const open = [...webSockets].filter((ws) => ws.readyState !== WS.CLOSED);
    for (const ws of open) if (ws.readyState === WS.OPEN) ws.close(CloseCode.SERVER_SHUTDOWN);
    // Exiting with a close not yet answered can reset the connection (unread data), and the
    // client may then never read the close frame: wait for the answers, briefly.
    const answered = open.map((ws) => new Promise<void>((done) => (ws.readyState === WS.CLOSED ? done() : ws.once("close", () => done()))));
    await within(Promise.all(answered), graceMs);
    for (const ws of open) ws.terminate();
  };
}

/** Everything a stop ends, in server/app.ts. */
export interface StopParts {
  log: Logger;
  shutdownTimeoutMs: number;
  matchmaker: Matchmaker;
  moderation: Moderation;
  resumer: Resumer;
  liveRooms: Iterable<StoppingRoom>;
  journal: DurableJournal;
  fileJournal: FileJournal | null;
  gameServer: Server;
  writer: MatchWriter;
  httpServer: http.Server;
  closeSockets: (graceMs: number) => Promise<void>;
  frontDoor: FrontDoor;
  eventLoop: EventLoopMonitor;
  replays: ReplayPool;
  botPool: BotPool | undefined;
  metricsServer: { close(): Promise<void> } | null;
  cluster: ClusterLink;
}

/** The graceful stop, run once however often it is called. Does not close the database. */
export function stopper(parts: StopParts): () => Promise<void> {
  const { log, matchmaker, moderation, resumer, liveRooms, journal, fileJournal, gameServer, writer, httpServer, closeSockets, frontDoor, eventLoop, replays, botPool, metricsServer, cluster } = parts;
  let stopping: Promise<void> | null = null;
  return () =>
    (stopping ??= (async () => {
      // Every step that waits on the database or on clients is bounded by one deadline: with the
      // database unreachable they would otherwise wait for ever, until the process is killed
      // with every socket cut (1006) and exit code 1.
      const deadline = Date.now() + parts.shutdownTimeoutMs;
      const timeLeft = () => Math.max(0, deadline - Date.now());
      const bounded = async (step: string, work: Promise<unknown>) => {
        const failed = work.catch((err: unknown) => log.error({ err, step }, "shutdown step failed"));
        if (!(await within(failed, timeLeft()))) log.warn({ step }, "shutdown step cut short at SHUTDOWN_TIMEOUT_MS");
      };
      log.info("shutting down: ending rooms");
      await bounded("matchmaker", matchmaker.stop());
      await bounded("moderation", moderation.stop());
      // A deploy is not the end of a match: each is handed over, then resumed from its journal.
      await bounded("resumer", resumer.stop(false));
      const outOfTime = new Promise<void>((done) => setTimeout(done, timeLeft()).unref());
      const handOvers = await Promise.all(
        [...liveRooms].map((room) =>
          room.handOver(outOfTime).catch((err) => {
            log.error({ err }, "hand-over failed");
            return false;
          }),
        ),
      );
      await bounded("journal", journal.flush());
      journal.stop();
      await bounded("sign-off", resumer.stop(true));
      log.info({ handedOver: handOvers.filter(Boolean).length }, "live matches handed over");
      await bounded("rooms", gameServer.gracefullyShutdown(false));
      const { stored, spooled } = await writer.drain(timeLeft());
      log.info({ stored, spooled }, "finished matches flushed");
      await bounded("journal files", fileJournal?.close() ?? Promise.resolve());
      // No new connections. A request still in flight (a body arriving slowly, a client that
      // never finishes its headers) gets a moment, not the whole stop.
      const closed = new Promise<void>((done) => httpServer.close(() => done()));
      httpServer.closeIdleConnections();
      await closeSockets(SOCKET_CLOSE_GRACE_MS);
      if (!(await within(closed, SOCKET_CLOSE_GRACE_MS))) httpServer.closeAllConnections();
      frontDoor.close();
      eventLoop.stop();
      await replays.close();
      await botPool?.close();
      await metricsServer?.close();
      await cluster.close();
    })());
}

/** Whether `work` settled within `ms` (it goes on either way). */
function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((done) => (timer = setTimeout(() => done(false), ms)));
  return Promise.race([work.then(() => true), late]).finally(() => clearTimeout(timer));
}
