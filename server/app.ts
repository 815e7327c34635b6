/**
 * Assembles one game server: express 5 HTTP API + Colyseus rooms over WebSocket on one port.
 * Knows no game: the bindings it serves are handed in (see rooms/registry.ts).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { Server, matchMaker } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import express from "express";
import type { Sql } from "postgres";
import { WebSocket as WS } from "ws";
import type { AnyEngine } from "../rules/core/engine.ts";
import type { RoomBinding } from "../rooms/binding.ts";
import { boardProjections } from "../rooms/boardViews.ts";
import { defineGameRoom } from "../rooms/GameRoom.ts";
import { configKey } from "../rooms/roomInput.ts";
import { gameCatalogDocument, gameProtocolDocument } from "../rooms/messages.ts";
import type { LiveRoom, RoomServices } from "../rooms/roomServices.ts";
import { DEFAULT_INBOX } from "../rooms/inbox.ts";
import { defineQueueRoom } from "../rooms/queue/QueueRoom.ts";
import { identityVerifier } from "./auth/identity.ts";
import { resolveJwtSecret } from "./auth/secret.ts";
import { queueSpecsFor } from "./matchmaking/core.ts";
import { Matchmaker, type MatchmakerDeps, type SeatReservation } from "./matchmaking/service.ts";
import { SharedMatchmaker, requireClusterSecret } from "./matchmaking/shared.ts";
import { redisLimiters } from "./cluster/limits.ts";
import { getRatings } from "./store/ratings.ts";
import type { Config } from "./config.ts";
import { errorHandler, notFound } from "./http/errors.ts";
import { installFrontDoor, type FrontDoor } from "./gate/index.ts";
import { frontDoorSettings } from "./frontDoorSettings.ts";
import { gamesRouter } from "./http/games.ts";
import { HashGate } from "./auth/hashGate.ts";
import { roomsRouter } from "./http/rooms.ts";
import { healthRouter } from "./http/health.ts";
import { ReplayPool } from "./replay/replayPool.ts";
import { BotPool } from "./bots/botPool.ts";
import { matchesRouter } from "./http/matches.ts";
import { authRouter } from "./http/auth.ts";
import { leaderboardsRouter } from "./http/leaderboards.ts";
import { playersRouter } from "./http/players.ts";
import { webRouter } from "./http/web.ts";
import { AuthLimits } from "./auth/limits.ts";
import type { Logger } from "./log.ts";
import { saveDeadLetter } from "./store/deadLetters.ts";
import { saveMatch } from "./store/matches.ts";
import { MatchWriter, type SpoolRecovery } from "./store/matchWriter.ts";
import { openClusterLink, redactUrl, type ClusterLink } from "./cluster/redis.ts";
import { relistRooms } from "./cluster/relist.ts";
import { Journal } from "./journal/journal.ts";
import { FileJournal } from "./journal/fileJournal.ts";
import { databaseJournalStore, type DurableJournal, type JournalStore } from "./journal/journalStore.ts";
import { adoptDatabaseJournal } from "./journal/adopt.ts";
import { EventLoopMonitor } from "./loadMonitor.ts";
import { instanceIdOf } from "./journal/live.ts";
import { Resumer, type ResumeReport } from "./journal/resumer.ts";
import { REMOVED_CLOSE_CODE } from "../rooms/roomModeration.ts";
import { memoryLimiters } from "./auth/limits.ts";
import { grantConfiguredAdmins } from "./admin/access.ts";
import { LiveRooms, Moderation } from "./admin/moderation.ts";
import { adminRouter } from "./http/admin.ts";
import { reportsRouter } from "./http/adminReports.ts";
import { countRequests, metricsRouter, startMetricsServer } from "./metrics/http.ts";
import { ServerMetrics } from "./metrics/metrics.ts";
import { socketCloser, stopper } from "./shutdown.ts";

// Colyseus 0.18 checks `WebSocket.OPEN` as a global while reconnecting; Node 20 has no global
// WebSocket, so every reconnection would fail there. Node 22+ already has one.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WS;

/** Hard cap on one WebSocket frame; larger frames close that connection (1009), never the process. */
const MAX_FRAME_BYTES = 64 * 1024;

export interface ServerDeps {
  config: Config;
  log: Logger;
  sql: Sql;
  bindings: readonly RoomBinding[];
  /** Where undelivered finished matches are spooled at shutdown (default: DATA_DIR/spool). */
  spoolDir?: string;
  /** The game-aware replay worker module (rooms/replayWorker.ts); without it replay views run in the rooms' thread. */
  replayWorker?: URL;
  /** The game-aware bot worker module (rooms/botWorker.ts); without it `normal` bots search in the rooms' thread. */
  botWorker?: URL;
}

export interface RunningServer {
  port: number;
  url: string;
  writer: MatchWriter;
  gameServer: Server;
  /** Ranked queues (room `queue`). */
  matchmaker: Matchmaker;
  /** Body limit, connection caps, matchmaking errors and room-creation caps (server/gate). */
  frontDoor: FrontDoor;
  /** The replay of the spool, started once listening (in the background: it never delays the start). */
  spoolRecovery: Promise<SpoolRecovery>;
  /** The live-match journal, where it lives, and its resumer; `resumed`: what the start brought back. */
  journal: DurableJournal;
  journalStore: JournalStore;
  resumer: Resumer;
  resumed: ResumeReport | null;
  /** Redis shared by the processes (REDIS_URL), or none. */
  cluster: ClusterLink;
  /** Prometheus metrics (server/metrics); `metricsPort`: the METRICS_PORT listener's port, if any. */
  metrics: ServerMetrics;
  metricsPort: number | null;
  /** The admin API's view of live play: rooms, bans, drain (server/admin/moderation.ts). */
  moderation: Moderation;
  /** Graceful stop: refuse new rooms, end rooms, flush finished matches (bounded). Does not close the database. */
  shutdown(): Promise<void>;
  /**
   * For a stop that ran out of time: closes every WebSocket still open with its code instead of
   * cutting it (1006): a live match's with 4010 (it is resumed from its journal), any other with
   * 4001; resolves once the clients answered the close, or after `graceMs`.
   */
  closeSockets(graceMs: number): Promise<void>;
}

export async function startServer(deps: ServerDeps): Promise<RunningServer> {
  const { config, log, sql } = deps;
  const startedAt = Date.now();
  const instance = instanceIdOf(config.dataDir);
  // The live-match journal: every decision durable before it is acknowledged; matches resumed
  // after a crash, a restart or (cluster) on another process (server/journal).
  const clusterKey = config.redisUrl ? redactUrl(config.redisUrl) : "";
  const journalLog = log.child({ component: "journal" });
  const fileJournal = config.journalStore === "file" ? await FileJournal.open({ dir: join(config.dataDir, "journal"), log: journalLog, owner: instance }) : null;
  const journal: DurableJournal = fileJournal ?? new Journal({ sql, log: journalLog, owner: instance, cluster: clusterKey, groupMs: config.journalGroupMs });
  const journalStore: JournalStore = fileJournal ?? databaseJournalStore(sql);
  // Matches a database journal left here (an earlier version, or JOURNAL_STORE=database) move into the files.
  // A database that is down at start must not keep the server from serving: they move at the next start.
  if (fileJournal) {
    await adoptDatabaseJournal(sql, fileJournal, instance, journalLog).catch((err: unknown) =>
      journalLog.warn({ err: (err as Error).message }, "could not read the database journal at start; its matches move into the files at the next start"),
    );
  }
  const moderatedRooms = new LiveRooms();
  let gameServerRef: Server | null = null;
  const metrics = new ServerMetrics(instance, {
    clients: () => (gameServerRef?.transport as { wss?: { clients?: Set<unknown> } } | undefined)?.wss?.clients?.size ?? 0,
    rooms: () => [...moderatedRooms].map((room) => room.adminSummary()),
    journal: () => ({ ...journal.stats, pending: journal.pending }),
    pendingWrites: () => writer.pending,
    dbPoolSize: config.dbPoolSize,
    pingDatabase: async () => void (await sql`select 1`),
    draining: async () => (await moderation.drainingProcesses()).has(matchMaker.processId),
  });
  const writer = new MatchWriter({
    save: async (match) => {
      const stored = await saveMatch(sql, match);
      if (stored) metrics.matchStored();
      await journalStore.ended(match.id.toLowerCase()).catch(() => {}); // kept: the next start finds it over and stores it again, idempotently
      return stored;
    },
    deadLetter: async (letter) => {
      await saveDeadLetter(sql, letter);
      metrics.deadLettered();
      if (typeof letter.matchId === "string") await journalStore.ended(letter.matchId.toLowerCase()).catch(() => {});
    },
    log: log.child({ component: "match-writer" }),
    spoolDir: deps.spoolDir ?? `${config.dataDir}/spool`,
  });

  const engines = new Map<string, AnyEngine>(deps.bindings.map((b) => [b.engine.game, b.engine]));
  // REDIS_URL: rooms, queues and limits shared with the other processes (server/cluster/redis.ts).
  const cluster = await openClusterLink({ redisUrl: config.redisUrl, publicAddress: config.publicAddress, log });
  const app = express();
  app.disable("x-powered-by");
  app.use(countRequests(metrics));
  // The front door reads every body first (within MAX_BODY_BYTES); this parser is its backstop.
  app.use(express.json({ limit: config.maxBodyBytes }));
  if (config.trustProxyHops > 0) app.set("trust proxy", config.trustProxyHops); // req.ip = the front door's client address
  const eventLoop = new EventLoopMonitor().start();
  app.use(
    healthRouter({
      sql,
      pendingWrites: () => writer.pending,
      startedAt,
      rejectedFiles: () => writer.rejectedFiles(),
      journal: () => ({ ...journal.stats, pending: journal.pending, commitMs: journal.commitMs.summary(), writeMs: journal.writeMs.summary() }),
      eventLoop: () => eventLoop.report(),
      redis: cluster.watch ? () => cluster.watch!.health() : undefined,
    }),
  );
  const replays = new ReplayPool({ engines, boards: boardProjections(deps.bindings), log: log.child({ component: "replay-views" }), workers: config.replayWorkers, workerEntry: deps.replayWorker });
  app.use(matchesRouter({ sql, engines, replays }));
  const authLog = log.child({ component: "auth" });
  const jwtSecret = await resolveJwtSecret({ configured: config.jwtSecret, dataDir: config.dataDir, log: authLog, production: config.production });
  // In-process counters, or with REDIS_URL one count for every process (server/cluster/limits.ts).
  const authLimits = new AuthLimits(config, cluster.redis ? redisLimiters(cluster.redis) : undefined);
  const passwordChecks = new HashGate({ concurrency: config.passwordChecksAtOnce, perAddress: config.passwordChecksPerIp, maxWaiting: 256 });
  app.use(authRouter({ sql, log: authLog, jwtSecret, tokenTtlS: config.tokenTtlS, limits: authLimits, passwordChecks, authenticate: identityVerifier({ sql, jwtSecret }) }));
  app.use(playersRouter({ sql }));
  // Operations (docs/operations.md): metrics, reports, the admin API.
  const limiters = cluster.redis ? redisLimiters(cluster.redis) : memoryLimiters;
  app.use(metricsRouter(metrics, { token: config.metricsToken, ownPort: config.metricsPort !== undefined }));
  app.use(reportsRouter({ sql, log: log.child({ component: "reports" }), authenticate: identityVerifier({ sql, jwtSecret }), limiters, perHour: config.reportsPerHour }));
  const moderation = new Moderation({
    rooms: moderatedRooms,
    bus: () => matchMaker.presence,
    games: () => engines.keys(),
    removedCloseCode: REMOVED_CLOSE_CODE,
    log: log.child({ component: "moderation" }),
  });
  app.use(
    adminRouter({
      sql,
      log: log.child({ component: "admin" }),
      jwtSecret,
      moderation,
      limiters,
      callsPerMinute: config.adminCallsPerMinute,
      counted: (action, status) => metrics.adminCall(action, status),
    }),
  );
  app.use(leaderboardsRouter({ sql, games: () => engines.keys() }));
  app.use(gamesRouter({ engines, protocolOf: gameProtocolDocument, catalogOf: gameCatalogDocument }));
  app.use(roomsRouter({ games: () => engines.keys() }));
  app.use(webRouter()); // the web client (web/dist) at `/`; never /api, /health, /matchmake
  app.use(notFound);
  app.use(errorHandler(log));

  const httpServer = http.createServer(app);
  const gameServer = new Server({
    transport: new WebSocketTransport({ server: httpServer, maxPayload: MAX_FRAME_BYTES }),
    gracefullyShutdown: false, // main.ts owns the signals: rooms first, then pending writes, then the database
    greet: false,
    logger: log.child({ component: "colyseus" }),
    presence: cluster.presence,
    driver: cluster.driver,
    publicAddress: cluster.publicAddress,
    // A draining process gets no new rooms (POST /api/admin/drain; server/admin/moderation.ts).
    selectProcessIdToCreateRoom: moderation.selectProcess,
  });
  gameServerRef = gameServer;
  // Clients may join rooms but never create ranked ones; room creation is validated in GameRoom.onCreate.
  const botPool =
    deps.botWorker && config.botWorkers > 0
      ? new BotPool({ workerEntry: deps.botWorker, workers: config.botWorkers, timeoutMs: config.botDecisionTimeoutMs, log: log.child({ component: "bots" }) })
      : undefined;
  const services: RoomServices = {
    log,
    submitMatch: (match) => writer.submit(match),
    ...(botPool ? { bots: botPool } : {}),
    identify: identityVerifier({ sql, jwtSecret }),
    settings: {
      promptTimeoutMs: config.promptTimeoutMs,
      turnBankMs: config.turnBankMs,
      reconnectGraceS: config.reconnectGraceS,
      disposeDelayMs: config.disposeDelayMs,
      rematchWindowMs: config.rematchWindowMs,
      maxActionBytes: config.maxActionBytes,
      inbox: { ...DEFAULT_INBOX, ratePerS: config.msgRatePerS, burst: config.msgBurst, floodLimit: config.msgFloodLimit },
      reservationHoldMs: config.casualReservationHoldMs,
      maxSpectators: config.maxSpectatorsPerRoom,
      botThinkMs: config.botThinkMs,
    },
    metrics,
    moderation: moderatedRooms,
  };
  const matchmakerDeps: MatchmakerDeps = {
    log: log.child({ component: "matchmaker" }),
    specs: queueSpecsFor([...engines.values()]),
    authenticate: identityVerifier({ sql, jwtSecret, accountsOnly: true }),
    ratingsOf: (game, ids) => getRatings(sql, game, ids),
    createRoom: (game, options) => matchMaker.createRoom(game, options),
    reserveSeat: (room, options, auth) => matchMaker.reserveSeatFor(room as Parameters<typeof matchMaker.reserveSeatFor>[0], options, auth) as Promise<SeatReservation>,
    settings: {
      joinTimeoutMs: config.rankedJoinTimeoutS * 1000,
      noShowCooldownMs: config.rankedNoShowCooldownS * 1000,
      tickMs: config.queueTickMs,
    },
  };
  // With REDIS_URL the queues are shared: one grouping pass at a time across the processes (server/matchmaking/shared.ts).
  const matchmaker = cluster.redis
    ? new SharedMatchmaker(matchmakerDeps, {
        redis: cluster.redis,
        bus: cluster.presence!,
        jwtSecret: requireClusterSecret(config.jwtSecret),
        unavailable: () => cluster.watch?.down() ?? null,
      })
    : new Matchmaker(matchmakerDeps);
  services.ranked = matchmaker.roomHooks();
  journal.commitMs.tee((ms) => metrics.journalDurableMs(ms));
  const resumer = new Resumer({
    store: journalStore,
    log: log.child({ component: "resumer" }),
    instance,
    cluster: clusterKey,
    engines,
    heartbeatMs: config.heartbeatMs,
    takeoverAfterMs: config.takeoverAfterMs,
    submit: (match) => writer.submit(match),
    createRoom: async (roomName, options, roomId) => {
      await matchMaker.driver.remove(roomId); // a listing its dead process left behind (cluster)
      await matchMaker.handleCreateRoom(roomName, options, undefined, roomId);
    },
  });
  const liveRooms = new Set<LiveRoom>();
  if (config.journal) services.durable = { journal, checkpointEvery: config.journalCheckpointEvery, takeResume: (o) => resumer.takeResume(o), rooms: liveRooms };
  for (const binding of deps.bindings) {
    // A quick match asking for bots after a wait joins only a room that fills after the same wait.
    gameServer.define(binding.engine.game, defineGameRoom(binding, services)).filterBy(["mode", "configKey", "fillBotsAfterMs"]);
  }
  gameServer.define("queue", defineQueueRoom({ matchmaker, engines, log, inbox: services.settings.inbox, penalizeFlooder: (sessionId) => services.penalizeFlooder?.(sessionId) ?? null, metrics }));
  matchmaker.start();

  // Before listening: a client reconnecting to a resumed match must find its room at its first
  // try (a reconnection to a room that does not exist yet is refused for good by the SDK).
  await matchMaker.onReady;
  await moderation.start();
  const granted = await grantConfiguredAdmins(sql, config.adminUsernames, log.child({ component: "admin" }));
  // Redis back after an outage or a restart that lost its data: this process's rooms and queued
  // players are registered again (server/cluster/relist.ts, server/matchmaking/shared.ts).
  cluster.watch?.onRejoin("rooms", relistRooms);
  if (matchmaker instanceof SharedMatchmaker) cluster.watch?.onRejoin("rankedQueue", () => matchmaker.rejoin());
  const resumed = await resumer.start(10_000);
  await gameServer.listen(config.port, config.host);
  // After listen: Colyseus' router and express are on the server by now, and pass through it.
  const frontDoor = installFrontDoor(httpServer, {
    log: log.child({ component: "front-door" }),
    prepareOptions: (roomName, options) => {
      // joinOrCreate joins only a room of the same game configuration: rooms filter by this key.
      const engine = engines.get(roomName);
      if (engine) options.configKey = configKey(engine, options.config);
    },
    transport: gameServer.transport as { protocol?: string; fingerprint?: unknown },
    settings: frontDoorSettings(config, cluster, metrics, log.child({ component: "front-door" })),
  });
  services.penalizeFlooder = (sessionId) => frontDoor.penalizeSession(sessionId);
  const port = (httpServer.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const metricsServer = config.metricsPort !== undefined ? await startMetricsServer(metrics, config.metricsPort, config.metricsHost) : null;
  log.info({ port, games: [...engines.keys()], metricsPort: metricsServer?.port, admins: granted }, "game server listening");
  // Matches spooled by an earlier run are stored in the background, after listening: a slow
  // database or a bad record in the spool never keeps the server from serving.
  const spoolRecovery = writer.recoverSpool().then(
    (r) => {
      if (r.files > 0) log.info(r, "finished matches spooled by an earlier run: replayed");
      return r;
    },
    (err: unknown) => {
      log.error({ err }, "replaying the spool failed");
      return { files: 0, stored: 0, deadLettered: 0 };
    },
  );

  const closeSockets = socketCloser(gameServer, liveRooms);
  const shutdown = stopper({
    log,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    matchmaker,
    moderation,
    resumer,
    liveRooms,
    journal,
    fileJournal,
    gameServer,
    writer,
    httpServer,
    closeSockets,
    frontDoor,
    eventLoop,
    replays,
    botPool,
    metricsServer,
    cluster,
  });

  return {
    port,
    url,
    writer,
    gameServer,
    matchmaker,
    frontDoor,
    spoolRecovery,
    cluster,
    journal,
    journalStore,
    resumer,
    resumed,
    shutdown,
    closeSockets,
    metrics,
    metricsPort: metricsServer?.port ?? null,
    moderation,
  };
}

export { matchMaker };
