/**
 * The server's Prometheus metrics (prom-client), one registry per server instance (never the
 * global one: tests run several servers in one process). Every series carries `server`, the
 * process's instance id (DATA_DIR/instance-id), so the processes of a cluster tell themselves
 * apart; no label ever holds a room id, a player id or a name, and free-form values (refusal
 * codes, routes) are bounded: past a fixed number of distinct values they count as "other".
 *
 * What the hot path pays: a decision is one Map lookup for its game's children (made once per
 * game), one counter increment and one histogram observation, in place. Everything that can be
 * read when scraped (rooms, clients, queues, journal counters, pool) is read then, by `collect`.
 * The catalogue of metrics is in docs/operations.md.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** What is read at scrape time; each is optional (a source the server does not have is left out). */
export interface MetricSources {
  /** WebSocket clients connected to this process. */
  clients?(): number;
  /** This process's game rooms. */
  rooms?(): Iterable<{ game: string; mode: string; status: string }>;
  /** The live-match journal's counters. */
  journal?(): { batches: number; ops: number; retries: number; refused: number; pending: number };
  /** Finished matches waiting to be stored. */
  pendingWrites?(): number;
  /** The database pool's size, and a probe of the database (seconds; throws when it is down). */
  dbPoolSize?: number;
  pingDatabase?(): Promise<void>;
  /** 1 while this process takes no new matches (a drain for a deploy). */
  draining?(): boolean | Promise<boolean>;
}

const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const WAIT_BUCKETS = [1, 2, 5, 10, 20, 30, 60, 120, 300, 600];
/** Distinct values a free-form label takes before the rest count as "other". */
const MAX_LABEL_VALUES = 64;
const LABEL_VALUE = /^[A-Za-z0-9_:./ -]{1,64}$/;

/**
 * Also what the rooms report (rooms/roomServices.ts RoomMetrics, rooms/queue/QueueRoom.ts
 * QueueMetrics): server/app.ts hands this object to them as those narrow interfaces.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly decisions: Counter<"game">;
  private readonly actToPatch: Histogram<"game">;
  private readonly started: Counter<"game" | "mode">;
  private readonly ended: Counter<"game" | "mode" | "end">;
  private readonly refusals: Counter<"code">;
  private readonly botDecisions: Counter<"game" | "level" | "how">;
  private readonly queueWait: Histogram<"game">;
  private readonly journalDurable: Histogram;
  private readonly stored: Counter;
  private readonly deadLetters: Counter;
  private readonly http: Counter<"method" | "route" | "status">;
  private readonly admin: Counter<"action" | "status">;
  /** Per game: its decision counter and act -> patch histogram children, resolved once. */
  private readonly byGame = new Map<string, { decisions: { inc(): void }; actToPatch: { observe(v: number): void } }>();
  private readonly seen = new Map<string, Set<string>>();
  /** Players waiting in a ranked queue through this process (their queue connection is here). */
  private readonly waiting = new Map<object, { game: string; seats: number; since: number }>();

  constructor(server: string, sources: MetricSources = {}) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ server });
    // Event-loop delay, GC, heap, CPU, file descriptors: prom-client's standard process metrics.
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    // Gauges named like counters: Prometheus' own lint (promtool check metrics) refuses them.
    // The same counts stay, by kind, in nodejs_active_handles / _requests / _resources.
    for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) this.registry.removeSingleMetric(name);

    this.decisions = new Counter({ name: "tabletop_decisions_total", help: "Decisions sent by clients and applied, by game", labelNames: ["game"], registers });
    this.actToPatch = new Histogram({
      name: "tabletop_act_to_patch_seconds",
      help: "Time from a client's act request arriving to the patch (and reply) carrying its decision, by game",
      labelNames: ["game"],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.botDecisions = new Counter({
      name: "tabletop_bot_decisions_total",
      help: "Server-side bot decisions applied, by game, level and how (random; searched; fallback: random because the search gave nothing in time)",
      labelNames: ["game", "level", "how"],
      registers,
    });
    this.started = new Counter({ name: "tabletop_matches_started_total", help: "Matches started (every seat taken), by game and mode", labelNames: ["game", "mode"], registers });
    this.ended = new Counter({
      name: "tabletop_matches_ended_total",
      help: "Matches ended here, by game, mode and how (finished: an outcome; aborted: ended by an admin)",
      labelNames: ["game", "mode", "end"],
      registers,
    });
    this.refusals = new Counter({
      name: "tabletop_refusals_total",
      help: "Client requests and frames refused, by code (rate_limited, bad_frame, payload_too_large, connection caps, illegal moves...)",
      labelNames: ["code"],
      registers,
    });
    this.queueWait = new Histogram({
      name: "tabletop_queue_wait_seconds",
      help: "Time a ranked player waited in the queue before being matched, by game (on the process holding the queue connection)",
      labelNames: ["game"],
      buckets: WAIT_BUCKETS,
      registers,
    });
    this.journalDurable = new Histogram({
      name: "tabletop_journal_durable_seconds",
      help: "Time from a decision queued in the live-match journal to durable (committed)",
      buckets: SECONDS_BUCKETS,
      registers,
    });
    this.stored = new Counter({ name: "tabletop_matches_stored_total", help: "Finished matches stored in the database", registers });
    this.deadLetters = new Counter({ name: "tabletop_dead_letters_total", help: "Finished matches the store refused, kept as dead letters", registers });
    this.http = new Counter({
      name: "tabletop_http_requests_total",
      help: "HTTP API requests answered, by method, route (its pattern) and status",
      labelNames: ["method", "route", "status"],
      registers,
    });
    this.admin = new Counter({ name: "tabletop_admin_calls_total", help: "Admin API calls, by action and status", labelNames: ["action", "status"], registers });

    const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge<string>) => void | Promise<void>) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        collect(this: Gauge<string>) {
          return collect(this);
        },
      });
    if (sources.clients) gauge("tabletop_clients", "WebSocket clients connected to this process", [], (g) => g.set(sources.clients!()));
    if (sources.rooms) {
      gauge("tabletop_rooms", "Game rooms on this process, by game, mode and status (waiting, playing, finished)", ["game", "mode", "status"], (g) => {
        g.reset();
        const counts = new Map<string, { game: string; mode: string; status: string; n: number }>();
        for (const r of sources.rooms!()) {
          const key = `${r.game}|${r.mode}|${r.status}`;
          const c = counts.get(key) ?? { game: r.game, mode: r.mode, status: r.status, n: 0 };
          c.n++;
          counts.set(key, c);
        }
        for (const c of counts.values()) g.set({ game: c.game, mode: c.mode, status: c.status }, c.n);
      });
    }
    {
      const queues = shared(() => this.queues());
      gauge("tabletop_queue_players", "Players waiting in each ranked queue through this process (their queue connection is here), by game and seats", ["game", "seats"], (g) => {
        g.reset();
        for (const q of queues()) g.set({ game: q.game, seats: String(q.seats) }, q.waiting);
      });
      gauge("tabletop_queue_longest_wait_seconds", "Longest current wait in each ranked queue, by game and seats", ["game", "seats"], (g) => {
        g.reset();
        for (const q of queues()) g.set({ game: q.game, seats: String(q.seats) }, q.longestWaitMs / 1000);
      });
    }
    if (sources.journal) {
      const j = sources.journal;
      gauge("tabletop_journal_pending", "Journal operations not yet durable", [], (g) => g.set(j().pending));
      for (const [key, help] of [
        ["batches", "Journal batches written"],
        ["ops", "Journal operations written (decisions, headers, links...)"],
        ["retries", "Journal batch retries while the database was unreachable"],
        ["refused", "Journal operations the database refused"],
      ] as const) {
        new Counter({
          name: `tabletop_journal_${key}_total`,
          help,
          registers,
          collect(this: Counter) {
            this.reset();
            this.inc(j()[key]);
          },
        });
      }
    }
    if (sources.pendingWrites)
      gauge("tabletop_match_writes_pending", "Finished matches waiting to be stored (the writer retries while the database is down)", [], (g) => g.set(sources.pendingWrites!()));
    if (sources.dbPoolSize !== undefined) gauge("tabletop_db_pool_size", "Connections the database pool may open", [], (g) => g.set(sources.dbPoolSize!));
    if (sources.pingDatabase) {
      // One probe per scrape, read by both gauges.
      const probe = shared(async () => {
        const t0 = performance.now();
        return sources.pingDatabase!().then(
          () => (performance.now() - t0) / 1000,
          () => null,
        );
      });
      gauge("tabletop_db_up", "1 when the database answered `select 1` at the last scrape", [], async (g) => g.set((await probe()) === null ? 0 : 1));
      gauge("tabletop_db_ping_seconds", "Round trip of `select 1` at the last scrape (NaN while the database is down)", [], async (g) => g.set((await probe()) ?? NaN));
    }
    if (sources.draining) gauge("tabletop_draining", "1 while this process takes no new matches (drained for a deploy)", [], async (g) => g.set((await sources.draining!()) ? 1 : 0));
  }

  // ---- what game rooms report ----------------------------------------------------------------

  decided(game: string, ms: number): void {
    let children = this.byGame.get(game);
    if (!children) {
      children = { decisions: this.decisions.labels(game), actToPatch: this.actToPatch.labels(game) };
      this.byGame.set(game, children);
    }
    children.decisions.inc();
    children.actToPatch.observe(ms / 1000);
  }

  refused(code: string): void {
    this.refusals.inc({ code: this.bounded("code", code) });
  }

  botDecided(game: string, level: string, how: string): void {
    this.botDecisions.inc({ game, level, how });
  }

  matchStarted(game: string, mode: string): void {
    this.started.inc({ game, mode });
  }

  matchEnded(game: string, mode: string, end: "finished" | "aborted"): void {
    this.ended.inc({ game, mode, end });
  }

  // ---- what the ranked queue reports ----------------------------------------------------------

  joined(client: object, game: string, seats: number): void {
    this.waiting.set(client, { game: this.bounded("game", game), seats, since: performance.now() });
  }

  left(client: object, matched: boolean): void {
    const wait = this.waiting.get(client);
    if (!wait) return;
    this.waiting.delete(client);
    if (matched) this.queueWait.observe({ game: wait.game }, (performance.now() - wait.since) / 1000);
  }

  /** Per queue: players waiting through this process, and the longest wait. */
  private queues(): { game: string; seats: number; waiting: number; longestWaitMs: number }[] {
    const now = performance.now();
    const byQueue = new Map<string, { game: string; seats: number; waiting: number; longestWaitMs: number }>();
    for (const w of this.waiting.values()) {
      const key = `${w.game}/${w.seats}`;
      const q = byQueue.get(key) ?? { game: w.game, seats: w.seats, waiting: 0, longestWaitMs: 0 };
      q.waiting++;
      q.longestWaitMs = Math.max(q.longestWaitMs, now - w.since);
      byQueue.set(key, q);
    }
    return [...byQueue.values()];
  }

  // ---- what the server reports ----------------------------------------------------------

  journalDurableMs(ms: number): void {
    this.journalDurable.observe(ms / 1000);
  }

  matchStored(): void {
    this.stored.inc();
  }

  deadLettered(): void {
    this.deadLetters.inc();
  }

  httpAnswered(method: string, route: string, status: number): void {
    this.http.inc({ method: this.bounded("method", method), route: this.bounded("route", route), status: String(status) });
  }

  adminCall(action: string, status: number): void {
    this.admin.inc({ action: this.bounded("action", action), status: String(status) });
  }

  /** The Prometheus text exposition of every metric. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** A free-form label value, or "other" past MAX_LABEL_VALUES distinct ones (or when it is not plain text). */
  private bounded(label: string, value: string): string {
    let values = this.seen.get(label);
    if (!values) {
      values = new Set();
      this.seen.set(label, values);
    }
    if (values.has(value)) return value;
    if (!LABEL_VALUE.test(value) || values.size >= MAX_LABEL_VALUES) return "other";
    values.add(value);
    return value;
  }
}

/** `read`'s value, computed once per second at most: the gauges of one scrape share one reading. */
function shared<T>(read: () => T): () => T {
  let at = -Infinity;
  let value: T;
  return () => {
    const now = performance.now();
    if (now - at > 1000) {
      value = read();
      at = now;
    }
    return value;
  };
}
