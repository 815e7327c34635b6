/**
 * Where the live-match journal lives, as the server and the resumer see it. Two kinds:
 *
 *   database  live_matches / live_steps in PostgreSQL (journal.ts writes, live.ts reads): the
 *             journal of a cluster, where another process takes a dead one's matches over
 *   file      append-only files in DATA_DIR/journal (fileJournal.ts): the default of a process on
 *             its own (the embedded database), where a commit is one write and one fdatasync
 *             instead of a database transaction
 *
 * Both keep the same promise: an operation resolves only once it is durable, in the order the
 * room made it, and a match leaves the journal only once it is stored (or dead-lettered).
 */
import type { Sql } from "postgres";
import type { RollingHistogram } from "../loadMonitor.ts";
import type { JournaledMatch, JournalWriter } from "../../match/journalTypes.ts";
import { claim, heartbeat, loadMatch, markFailed, orphanedMatches, ownMatches, signOff, unsuspend } from "./live.ts";

/** The writer as the server runs it: the rooms' port plus what /health, metrics and a stop need. */
export interface DurableJournal extends JournalWriter {
  readonly kind: "database" | "file";
  readonly stats: { batches: number; ops: number; retries: number; refused: number };
  /** Each operation's time from queued to durable (ms), over the last 10 s. */
  readonly commitMs: RollingHistogram;
  /** Each batch's write (ms), over the last 10 s: the storage's share of `commitMs`. */
  readonly writeMs: RollingHistogram;
  readonly pending: number;
  /** Waits until everything queued so far is written (or refused). */
  flush(): Promise<void>;
  /** No more retries once the process is going away (pending promises then reject). */
  stop(): void;
}

/** What the resumer reads and marks (resumer.ts). */
export interface JournalStore {
  /** The matches this instance owned in its previous life (not failed), oldest first. */
  ownMatches(instance: string): Promise<string[]>;
  /** Matches a cluster peer may claim (always none for a store only one process uses). */
  orphanedMatches(instance: string, cluster: string, deadAfterMs: number, judgeSilence: boolean): Promise<{ id: string; owner: string }[]>;
  claim(id: string, from: string, to: string): Promise<boolean>;
  /** Everything needed to rebuild the match, or null when it is gone (stored meanwhile). */
  loadMatch(id: string): Promise<JournaledMatch | null>;
  unsuspend(id: string): Promise<void>;
  /** Kept for a human, never tried again. */
  markFailed(id: string, reason: string): Promise<void>;
  heartbeat(instance: string, cluster: string): Promise<void>;
  signOff(instance: string): Promise<void>;
  /** Whether the match is in the journal (begun, neither stored nor discarded). */
  isLive(id: string): Promise<boolean>;
  /**
   * A finished match was stored (or dead-lettered): it leaves the journal. The database store
   * does this inside the store's own transaction, so for it this is a no-op.
   */
  ended(id: string): Promise<void>;
}

/** The database journal's reads (live.ts) behind the store interface. */
export function databaseJournalStore(sql: Sql): JournalStore {
  return {
    ownMatches: (instance) => ownMatches(sql, instance),
    orphanedMatches: (instance, cluster, deadAfterMs, judgeSilence) => orphanedMatches(sql, instance, cluster, deadAfterMs, judgeSilence),
    claim: (id, from, to) => claim(sql, id, from, to),
    loadMatch: (id) => loadMatch(sql, id),
    unsuspend: (id) => unsuspend(sql, id),
    markFailed: (id, reason) => markFailed(sql, id, reason),
    heartbeat: (instance, cluster) => heartbeat(sql, instance, cluster),
    signOff: (instance) => signOff(sql, instance),
    isLive: async (id) => (await sql`select 1 from live_matches where id = ${id}::uuid`).length === 1,
    ended: async () => {},
  };
}
