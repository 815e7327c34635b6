/**
 * The live-match journal's writer: what rooms append, made durable in PostgreSQL with group
 * commit.
 *
 * Every operation (a match's header at its start, each decision, a seat's reconnection link,
 * a hand-over) goes into one ordered queue. One batch is written at a time: everything queued
 * while the previous batch was in flight goes in the next one, in a single statement when the
 * batch holds only decisions (the common case) or one transaction otherwise. So under load
 * many rooms share one round trip, and a room's operations land in the order it made them.
 *
 * Group commit waits a little when rooms write concurrently: if the previous batch held more
 * than one operation, the next one is started `groupMs` after the first operation queued for it
 * (unless `GROUP_FULL` are already waiting: under heavy load batches fill on their own), so it
 * carries more operations per round trip. With the embedded database at 1,000 matches, that
 * halved the batches and cut the server's CPU per decision. A lone room's batch never waits:
 * its next decision cannot be written before this one.
 *
 * Each operation's promise resolves once it is committed. The database being unreachable is
 * retried (the rooms wait: nothing is acknowledged that is not durable). A batch the database
 * refuses is split and retried one operation at a time, so one bad record never blocks the
 * others; the refused operation's promise rejects and its room goes on without the journal.
 */
import type { Sql, TransactionSql } from "postgres";
import { classifyFailure } from "../store/matchWriter.ts";
import type { Logger } from "../log.ts";
import { RollingHistogram } from "../loadMonitor.ts";
import { settleDurable } from "./release.ts";
import type { JournalEntry, MatchHeader, SeatLinks } from "../../match/journalTypes.ts";
import type { DurableJournal } from "./journalStore.ts";

/**
 * Most operations in one batch: a decision is 8 parameters and one statement takes at most
 * 65,534 (the postgres client refuses more, with an error that would be retried forever).
 */
const MAX_BATCH = 4_000;

/** Operations that make a batch worth writing at once, without waiting out the group window. */
const GROUP_FULL = 16;

type Op =
  | { kind: "begin"; matchId: string; roomId: string; roomName: string; header: MatchHeader; links: SeatLinks }
  | { kind: "entry"; matchId: string; entry: JournalEntry }
  | { kind: "links"; matchId: string; links: SeatLinks }
  | { kind: "suspend"; matchId: string }
  | { kind: "discard"; matchId: string };

interface Pending {
  op: Op;
  /** performance.now() when it was queued: its time to durable goes in `commitMs`. */
  queuedAt: number;
  resolve(): void;
  reject(error: unknown): void;
}

export interface JournalOptions {
  sql: Sql;
  log: Logger;
  /** This process's instance id: the owner of the matches it begins. */
  owner: string;
  /** The cluster its matches can be taken over in ('' = none). */
  cluster: string;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** The group-commit window (ms) while rooms write concurrently; 0: every batch at once. */
  groupMs?: number;
}

export class Journal implements DurableJournal {
  readonly kind = "database";
  private queue: Pending[] = [];
  private writing: Promise<void> | null = null;
  private stopped = false;
  /** Operations in the batch written last: more than one means rooms write concurrently. */
  private lastBatch = 0;
  /** Batches and operations written, for the benchmark and /health. */
  readonly stats = { batches: 0, ops: 0, retries: 0, refused: 0 };
  /** Each operation's time from queued to durable (ms), over the last 10 s: what a decision waits for before anyone hears of it. */
  readonly commitMs = new RollingHistogram();
  /** Each batch's write, from sent to committed (ms), over the last 10 s: the database's share of `commitMs`. */
  readonly writeMs = new RollingHistogram();

  constructor(private readonly options: JournalOptions) {}

  get owner(): string {
    return this.options.owner;
  }
  get cluster(): string {
    return this.options.cluster;
  }
  get pending(): number {
    return this.queue.length + (this.writing ? 1 : 0);
  }

  begin(matchId: string, roomId: string, roomName: string, header: MatchHeader, links: SeatLinks): Promise<void> {
    return this.push({ kind: "begin", matchId, roomId, roomName, header, links });
  }
  append(matchId: string, entry: JournalEntry): Promise<void> {
    return this.push({ kind: "entry", matchId, entry });
  }
  link(matchId: string, links: SeatLinks): Promise<void> {
    return this.push({ kind: "links", matchId, links });
  }
  /** A graceful stop hands the match over: its clocks pause from now until it is resumed. */
  suspend(matchId: string): Promise<void> {
    return this.push({ kind: "suspend", matchId });
  }

  /** The match will never be resumed (a casual match every player left): its journal is deleted. */
  discard(matchId: string): Promise<void> {
    return this.push({ kind: "discard", matchId });
  }

  /** Waits until everything queued so far is written (or refused). */
  async flush(): Promise<void> {
    while (this.writing || this.queue.length > 0) await (this.writing ?? this.kick());
  }

  /** No more retries once the process is going away (pending promises then reject). */
  stop(): void {
    this.stopped = true;
  }

  private push(op: Op): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ op, queuedAt: performance.now(), resolve, reject });
      if (!this.writing) void this.kick();
    });
  }

  private kick(): Promise<void> {
    this.writing ??= (async () => {
      // Ops queued in this same turn of the event loop (several rooms) go in the first batch;
      // while rooms write concurrently, those of the next few ms too (group commit).
      const groupMs = this.options.groupMs ?? 0;
      const wait = groupMs > 0 && this.lastBatch > 1 && this.queue.length < GROUP_FULL;
      await new Promise<void>((r) => (wait ? setTimeout(r, groupMs) : setImmediate(r)));
      try {
        await this.drain();
      } finally {
        this.writing = null;
      }
      // Ops pushed while this batch was in flight (or being released) found `writing` set: start
      // their batch now, or they would wait forever.
      if (this.queue.length > 0) void this.kick();
    })();
    return this.writing;
  }

  /** One batch; what queued meanwhile starts its own through kick(), group window included. */
  private async drain(): Promise<void> {
    const batch = this.queue.splice(0, MAX_BATCH);
    this.lastBatch = batch.length;
    if (batch.length > 0) await this.writeBatch(batch);
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    let backoff = this.options.initialBackoffMs ?? 100;
    for (;;) {
      try {
        const sentAt = performance.now();
        await this.write(batch.map((p) => p.op));
        await settleDurable(this, batch, sentAt);
        return;
      } catch (error) {
        if (classifyFailure(error) === "refused") {
          if (batch.length === 1) {
            this.stats.refused++;
            this.options.log.error({ err: error, match: batch[0]!.op.matchId, op: batch[0]!.op.kind }, "the database refused a journal record; that match goes on without its journal");
            batch[0]!.reject(error);
            return;
          }
          for (const one of batch) await this.writeBatch([one]); // find the bad one; the rest go through
          return;
        }
        if (this.stopped) {
          for (const p of batch) p.reject(error);
          return;
        }
        this.stats.retries++;
        this.options.log.warn({ err: (error as Error).message, retryInMs: backoff, ops: batch.length }, "journal write failed; retrying (rooms wait for it)");
        await new Promise((r) => setTimeout(r, backoff));
        backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 1_000); // rooms wait on it: a retry sleeping past the outage stalls them beyond it
      }
    }
  }

  private async write(ops: Op[]): Promise<void> {
    const { sql } = this.options;
    if (ops.every((op) => op.kind === "entry")) {
      await insertEntries(sql, ops as Extract<Op, { kind: "entry" }>[]);
      return;
    }
    await sql.begin(async (tx) => {
      // Consecutive decisions go in one statement; everything else in order, one by one.
      let entries: Extract<Op, { kind: "entry" }>[] = [];
      const flushEntries = async () => {
        if (entries.length > 0) await insertEntries(tx, entries);
        entries = [];
      };
      for (const op of ops) {
        if (op.kind === "entry") {
          entries.push(op);
          continue;
        }
        await flushEntries();
        if (op.kind === "begin") {
          await tx`
            insert into live_matches (id, room_id, room_name, cluster, owner, header, links)
            values (${op.matchId}, ${op.roomId}, ${op.roomName}, ${this.options.cluster}, ${this.options.owner},
                    ${JSON.stringify(op.header)}, ${JSON.stringify(op.links)})`;
        } else if (op.kind === "links") {
          await tx`update live_matches set links = ${JSON.stringify(op.links)} where id = ${op.matchId}`;
        } else if (op.kind === "suspend") {
          await tx`update live_matches set suspended_at = now() where id = ${op.matchId}`;
        } else {
          await tx`delete from live_matches where id = ${op.matchId}`; // its steps go with it (on delete cascade)
        }
      }
      await flushEntries();
    });
  }
}

/**
 * Decisions in one statement whose text does not depend on their number (one array per column,
 * unnested): prepared once per connection, where a VALUES list per batch size made the client
 * and the database parse and describe a new statement for most batches.
 */
async function insertEntries(sql: Sql | TransactionSql, ops: readonly Extract<Op, { kind: "entry" }>[]): Promise<void> {
  const cols = {
    match_id: [] as string[],
    n: [] as number[],
    kind: [] as string[],
    seat: [] as number[],
    action: [] as (string | null)[],
    at: [] as number[],
    auto: [] as ("t" | "f")[],
    how: [] as (string | null)[],
    hash: [] as (string | null)[],
  };
  for (const { matchId, entry: e } of ops) {
    cols.match_id.push(matchId);
    cols.n.push(e.n);
    cols.kind.push(e.kind);
    cols.seat.push(e.seat);
    cols.action.push(e.kind === "act" ? JSON.stringify(e.action) : null);
    cols.at.push(e.at);
    cols.auto.push(e.auto === true ? "t" : "f"); // as text: the client would send a JS boolean array as one boolean
    cols.how.push(typeof e.auto === "string" ? e.auto : null);
    cols.hash.push(e.hash ?? null);
  }
  await sql`
    insert into live_steps (match_id, n, kind, seat, action, at, auto, hash, auto_kind)
    select * from unnest(${cols.match_id}::uuid[], ${cols.n}::int[], ${cols.kind}::text[], ${cols.seat}::int[],
                         ${cols.action}::text[], ${cols.at}::int[], ${cols.auto}::boolean[], ${cols.hash}::text[], ${cols.how}::text[])`;
}
