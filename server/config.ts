/**
 * Environment configuration, parsed and validated once at start. Every bad value is
 * reported at once, each with what was expected, so a misconfigured deploy fails fast
 * with a message that says how to fix it.
 */
import { availableParallelism } from "node:os";
import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65535);

/**
 * A PUBLIC secret for tests and local tools that need to sign tokens themselves: used only
 * when passed explicitly as JWT_SECRET, and refused when NODE_ENV=production. With JWT_SECRET
 * unset the server generates a random secret into DATA_DIR (server/auth/secret.ts).
 */
export const DEV_JWT_SECRET = "dev-only-jwt-secret-do-not-use-in-production";
const positiveInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const schema = z.object({
  PORT: port.default(2567).describe("TCP port for HTTP and WebSocket (0 = any free port)"),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")
    .optional()
    .describe("PostgreSQL to use; unset = the embedded database in DATA_DIR"),
  DATA_DIR: z.string().min(1).default("./data"),
  DB_POOL_SIZE: positiveInt(1, 200).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["auto", "pretty", "json"]).default("auto"),
  PROMPT_TIMEOUT_MS: positiveInt(0, 24 * 3600 * 1000)
    .default(60_000)
    .describe("base time of each prompt; 0 = no turn clock"),
  TURN_BANK_MS: positiveInt(0, 24 * 3600 * 1000)
    .default(180_000)
    .describe("each seat's time bank per match, drained once a prompt's base is spent"),
  MSG_RATE_PER_S: positiveInt(1, 10_000).default(20).describe("messages per second a client may send to a game room (sustained)"),
  MSG_BURST: positiveInt(1, 10_000).default(40).describe("messages a client may send at once above the sustained rate"),
  MSG_FLOOD_LIMIT: positiveInt(1, 1_000_000).default(200).describe("rate-limited messages within 10 s after which the client is disconnected"),
  FLOOD_COOLDOWN_S: positiveInt(0, 24 * 3600)
    .default(60)
    .describe("how long an address disconnected for flooding may not matchmake (0: no penalty)"),
  CASUAL_RESERVATION_HOLD_MS: positiveInt(100, 60_000).default(3_000).describe("how long an unconsumed casual seat reservation keeps its seat from other joiners"),
  RECONNECT_GRACE_S: positiveInt(0, 3600).default(30),
  MAX_SPECTATORS_PER_ROOM: positiveInt(0, 10_000).default(20).describe("spectators one match may have at once (0: no spectators)"),
  BOT_THINK_MIN_MS: positiveInt(0, 60_000).default(700).describe("shortest time a server-side bot takes to decide"),
  BOT_THINK_MAX_MS: positiveInt(0, 60_000).default(2_000).describe("longest time a server-side bot takes to decide"),
  SHUTDOWN_TIMEOUT_MS: positiveInt(0, 600_000).default(10_000),
  EMBEDDED_SHARED_BUFFERS_MB: positiveInt(8, 8192).default(32).describe("the embedded database's PostgreSQL shared_buffers, in MB (ignored with DATABASE_URL)"),
  DISPOSE_DELAY_MS: positiveInt(0, 600_000).default(5_000).describe("how long a finished room stays open"),
  REMATCH_WINDOW_MS: positiveInt(0, 600_000).default(60_000).describe("how long a finished casual room with players stays open for a rematch (0: no rematch)"),
  MAX_ACTION_BYTES: positiveInt(64, 60_000).default(4_096).describe("largest accepted act payload (JSON bytes)"),
  NODE_ENV: z.string().optional(),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional().describe("HS256 key for bearer tokens; unset = generated into DATA_DIR/jwt-secret"),
  TOKEN_TTL_S: positiveInt(60, 7 * 24 * 3600)
    .default(3600)
    .describe("lifetime of an issued bearer token"),
  LOGIN_MAX_FAILURES: positiveInt(1, 1000).default(5).describe("failed logins per username+IP before login is refused"),
  LOGIN_WINDOW_S: positiveInt(1, 24 * 3600)
    .default(900)
    .describe("window over which failed logins count"),
  LOGIN_MAX_FAILURES_PER_IP: positiveInt(1, 1_000_000).default(30).describe("failed logins per client IP, any usernames, within LOGIN_WINDOW_S"),
  REGISTER_PER_IP_PER_HOUR: positiveInt(1, 1_000_000).default(20).describe("registrations per client IP per hour"),
  GUEST_PER_IP_PER_MINUTE: positiveInt(1, 1_000_000).default(30).describe("guest identities per client IP per minute"),
  PASSWORD_CHECKS_AT_ONCE: positiveInt(1, 64)
    .default(Math.max(1, Math.floor(availableParallelism() / 2)))
    .describe("password hashes (scrypt, logins and registrations) running at once; the rest wait (default: half the cores)"),
  PASSWORD_CHECKS_PER_IP: positiveInt(1, 1000).default(2).describe("password checks in flight or waiting per client IP; more are refused 429"),
  RANKED_JOIN_TIMEOUT_S: positiveInt(1, 600).default(15).describe("time matched players have to join their ranked room"),
  RANKED_NO_SHOW_COOLDOWN_S: positiveInt(0, 24 * 3600)
    .default(60)
    .describe("how long a no-show may not queue again"),
  QUEUE_TICK_MS: positiveInt(10, 60_000).default(1000).describe("period of the queue's grouping pass and position updates"),
  // The front door (server/gate): request bodies, connections and room creation. 0 = no cap.
  MAX_BODY_BYTES: positiveInt(1024, 1024 * 1024)
    .default(16 * 1024)
    .describe("largest request body on any HTTP route"),
  TRUST_PROXY: z
    .preprocess((v) => (v === "true" ? "1" : v === "false" ? "0" : v), positiveInt(0, 10))
    .default(0)
    .describe("proxy hops whose X-Forwarded-For is trusted for the client address (true = 1); 0 = the socket's address"),
  ROOMS_PER_MINUTE_PER_IP: positiveInt(0, 1_000_000).default(60).describe("rooms one client address may create per minute"),
  JOINS_BY_ID_PER_MINUTE_PER_IP: positiveInt(0, 1_000_000).default(120).describe("joinById calls (a spectator, a player back by room id) one client address may make per minute"),
  PENDING_JOINS_PER_IP: positiveInt(0, 100_000).default(16).describe("joinById seat reservations one client address may hold unused at once (answered, its client not yet connected)"),
  MAX_ROOMS: positiveInt(0, 1_000_000).default(2_000).describe("live rooms in this process; beyond it clients cannot create rooms"),
  MAX_CONNECTIONS_PER_IP: positiveInt(0, 1_000_000).default(200).describe("open connections (HTTP and WebSocket) per client address"),
  MAX_CONNECTIONS: positiveInt(0, 10_000_000).default(5_000).describe("open connections on the server"),
  // Durable matches and several processes (server/cluster, server/journal).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, "must be a redis:// or rediss:// URL")
    .optional()
    .describe("Redis shared by every process (rooms, queues, limits); unset = one process on its own"),
  PUBLIC_ADDRESS: z
    .string()
    .regex(/^[^\s/:]+(:\d+)?(\/[^\s]*)?$/, "must be host[:port][/path], without a scheme")
    .optional()
    .describe("where clients reach THIS process (host[:port][/path]); seat reservations send clients there"),
  HEARTBEAT_MS: positiveInt(100, 60_000).default(2_000).describe("how often a process tells the others it is alive"),
  TAKEOVER_AFTER_MS: positiveInt(500, 600_000).default(10_000).describe("a process silent for this long is dead: its live matches are resumed by another"),
  JOURNAL: z.enum(["on", "off"]).default("on").describe("off: live matches are not journaled (they die with their process); for measurements only"),
  JOURNAL_STORE: z
    .enum(["auto", "file", "database"])
    .default("auto")
    .describe("where live matches are journaled: files in DATA_DIR/journal, or the database; auto = files with the embedded database, the database with DATABASE_URL or REDIS_URL"),
  JOURNAL_GROUP_MS: positiveInt(0, 100).default(4).describe("while rooms journal concurrently, a batch waits this long for more decisions to share its round trip (group commit); 0 = never waits"),
  JOURNAL_CHECKPOINT_EVERY: positiveInt(1, 10_000).default(25).describe("a state hash is journaled every N decisions; resume checks the rebuilt state against it"),
  // Operations (docs/operations.md): metrics, admins, moderation.
  METRICS_PORT: port.optional().describe("serve GET /metrics (Prometheus) on this port of METRICS_HOST, without a token; unset = on the main port, behind METRICS_TOKEN"),
  METRICS_HOST: z.string().min(1).default("127.0.0.1").describe("address the METRICS_PORT listener binds to"),
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional().describe("bearer token GET /metrics on the main port requires; unset (and no METRICS_PORT) = no metrics"),
  ADMIN_USERNAMES: z
    .string()
    .regex(/^[A-Za-z0-9_-]{3,24}(,[A-Za-z0-9_-]{3,24})*$/, "must be usernames separated by commas")
    .optional()
    .describe("accounts made admins at every start (they must be registered)"),
  ADMIN_CALLS_PER_MINUTE: positiveInt(1, 100_000).default(120).describe("admin API calls one admin may make per minute"),
  REPORTS_PER_HOUR: positiveInt(1, 10_000).default(20).describe("player reports one player may file per hour"),
  REPLAY_WORKERS: positiveInt(0, 16).default(1).describe("worker threads computing replay step views off the rooms' event loop; 0 = in the rooms' thread"),
  BOT_WORKERS: positiveInt(0, 64)
    .default(Math.max(1, availableParallelism() - 1))
    .describe("worker threads computing `normal` bot decisions off the rooms' event loop (default: cores - 1, at least 1); 0 = in the rooms' thread"),
  BOT_DECISION_TIMEOUT_MS: positiveInt(100, 600_000).default(5_000).describe("a `normal` bot decision not computed by then is replaced by a random legal one (and its worker restarted)"),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolSize: number;
  logLevel: string;
  logFormat: "auto" | "pretty" | "json";
  promptTimeoutMs: number;
  turnBankMs: number;
  msgRatePerS: number;
  msgBurst: number;
  msgFloodLimit: number;
  floodCooldownS: number;
  casualReservationHoldMs: number;
  reconnectGraceS: number;
  maxSpectatorsPerRoom: number;
  botThinkMs: { minMs: number; maxMs: number };
  shutdownTimeoutMs: number;
  disposeDelayMs: number;
  rematchWindowMs: number;
  embeddedSharedBuffersMb: number;
  maxActionBytes: number;
  /** JWT_SECRET, the HS256 key for bearer tokens; undefined: use DATA_DIR/jwt-secret (server/auth/secret.ts). */
  jwtSecret: string | undefined;
  /** NODE_ENV=production. */
  production: boolean;
  tokenTtlS: number;
  loginMaxFailures: number;
  loginWindowS: number;
  loginMaxFailuresPerIp: number;
  registerPerIpPerHour: number;
  guestPerIpPerMinute: number;
  /** Password checks (server/auth/hashGate.ts). */
  passwordChecksAtOnce: number;
  passwordChecksPerIp: number;
  /** Ranked matchmaking (server/matchmaking). */
  rankedJoinTimeoutS: number;
  rankedNoShowCooldownS: number;
  queueTickMs: number;
  /** The front door (server/gate); the caps are 0 for none. */
  maxBodyBytes: number;
  trustProxyHops: number;
  roomsPerMinutePerIp: number;
  joinsByIdPerMinutePerIp: number;
  pendingJoinsPerIp: number;
  maxRooms: number;
  maxConnectionsPerIp: number;
  maxConnections: number;
  /** REDIS_URL: several processes share rooms, queues and limits through it; undefined: one process. */
  redisUrl: string | undefined;
  /** PUBLIC_ADDRESS: where clients reach this process (seat reservations name it). */
  publicAddress: string | undefined;
  heartbeatMs: number;
  takeoverAfterMs: number;
  journalCheckpointEvery: number;
  /** JOURNAL_GROUP_MS: the journal's group-commit window while rooms write concurrently. */
  journalGroupMs: number;
  replayWorkers: number;
  /** BOT_WORKERS: worker processes for `normal` bot decisions (0: in the rooms' thread). */
  botWorkers: number;
  botDecisionTimeoutMs: number;
  /** JOURNAL_STORE resolved: files in DATA_DIR/journal (one process) or the database (a cluster's takeovers need it). */
  journalStore: "file" | "database";
  /** JOURNAL=off: no live-match journal (benchmarks compare with and without it). */
  journal: boolean;
  /** Prometheus metrics: their own port, or the main port behind a bearer token (server/metrics). */
  metricsPort: number | undefined;
  metricsHost: string;
  metricsToken: string | undefined;
  /** Accounts made admins at every start (server/admin/access.ts). */
  adminUsernames: string[];
  adminCallsPerMinute: number;
  reportsPerHour: number;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment (empty strings count as unset). Throws ConfigError listing every bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== "") input[key] = value.trim();
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = String(issue.path[0]);
        return `${key}=${JSON.stringify(input[key] ?? "")}: ${issue.message}`;
      }),
    );
  }
  const c = parsed.data;
  if (c.NODE_ENV === "production" && c.JWT_SECRET === DEV_JWT_SECRET) {
    throw new ConfigError(["JWT_SECRET: the public development secret is refused when NODE_ENV=production (set your own, or unset it to use DATA_DIR/jwt-secret)"]);
  }
  if (c.JOURNAL_STORE === "file" && c.REDIS_URL) {
    throw new ConfigError([
      "JOURNAL_STORE=file: a cluster's matches are taken over by other processes, so with REDIS_URL their journal must be in the shared database (JOURNAL_STORE=database or auto)",
    ]);
  }
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    dbPoolSize: c.DB_POOL_SIZE,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    promptTimeoutMs: c.PROMPT_TIMEOUT_MS,
    turnBankMs: c.TURN_BANK_MS,
    msgRatePerS: c.MSG_RATE_PER_S,
    msgBurst: c.MSG_BURST,
    msgFloodLimit: c.MSG_FLOOD_LIMIT,
    floodCooldownS: c.FLOOD_COOLDOWN_S,
    casualReservationHoldMs: c.CASUAL_RESERVATION_HOLD_MS,
    reconnectGraceS: c.RECONNECT_GRACE_S,
    maxSpectatorsPerRoom: c.MAX_SPECTATORS_PER_ROOM,
    botThinkMs: { minMs: Math.min(c.BOT_THINK_MIN_MS, c.BOT_THINK_MAX_MS), maxMs: c.BOT_THINK_MAX_MS },
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    disposeDelayMs: c.DISPOSE_DELAY_MS,
    rematchWindowMs: c.REMATCH_WINDOW_MS,
    embeddedSharedBuffersMb: c.EMBEDDED_SHARED_BUFFERS_MB,
    maxActionBytes: c.MAX_ACTION_BYTES,
    jwtSecret: c.JWT_SECRET,
    production: c.NODE_ENV === "production",
    tokenTtlS: c.TOKEN_TTL_S,
    loginMaxFailures: c.LOGIN_MAX_FAILURES,
    loginWindowS: c.LOGIN_WINDOW_S,
    loginMaxFailuresPerIp: c.LOGIN_MAX_FAILURES_PER_IP,
    registerPerIpPerHour: c.REGISTER_PER_IP_PER_HOUR,
    guestPerIpPerMinute: c.GUEST_PER_IP_PER_MINUTE,
    passwordChecksAtOnce: c.PASSWORD_CHECKS_AT_ONCE,
    passwordChecksPerIp: c.PASSWORD_CHECKS_PER_IP,
    rankedJoinTimeoutS: c.RANKED_JOIN_TIMEOUT_S,
    rankedNoShowCooldownS: c.RANKED_NO_SHOW_COOLDOWN_S,
    queueTickMs: c.QUEUE_TICK_MS,
    maxBodyBytes: c.MAX_BODY_BYTES,
    trustProxyHops: c.TRUST_PROXY,
    roomsPerMinutePerIp: c.ROOMS_PER_MINUTE_PER_IP,
    joinsByIdPerMinutePerIp: c.JOINS_BY_ID_PER_MINUTE_PER_IP,
    pendingJoinsPerIp: c.PENDING_JOINS_PER_IP,
    maxRooms: c.MAX_ROOMS,
    maxConnectionsPerIp: c.MAX_CONNECTIONS_PER_IP,
    maxConnections: c.MAX_CONNECTIONS,
    redisUrl: c.REDIS_URL,
    publicAddress: c.PUBLIC_ADDRESS,
    heartbeatMs: c.HEARTBEAT_MS,
    takeoverAfterMs: Math.max(c.TAKEOVER_AFTER_MS, 2 * c.HEARTBEAT_MS),
    journalCheckpointEvery: c.JOURNAL_CHECKPOINT_EVERY,
    journalGroupMs: c.JOURNAL_GROUP_MS,
    replayWorkers: c.REPLAY_WORKERS,
    botWorkers: c.BOT_WORKERS,
    botDecisionTimeoutMs: c.BOT_DECISION_TIMEOUT_MS,
    journal: c.JOURNAL === "on",
    journalStore: c.JOURNAL_STORE === "auto" ? (c.DATABASE_URL || c.REDIS_URL ? "database" : "file") : c.JOURNAL_STORE,
    metricsPort: c.METRICS_PORT,
    metricsHost: c.METRICS_HOST,
    metricsToken: c.METRICS_TOKEN,
    adminUsernames: c.ADMIN_USERNAMES ? c.ADMIN_USERNAMES.split(",") : [],
    adminCallsPerMinute: c.ADMIN_CALLS_PER_MINUTE,
    reportsPerHour: c.REPORTS_PER_HOUR,
  };
}
