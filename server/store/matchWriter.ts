/**
 * "Nothing finished is ever lost": the queue between rooms and the database.
 *
 * submit() keeps retrying a finished match (exponential backoff with jitter, forever) while
 * the database is unreachable, and resolves once it is stored. At shutdown, drain() waits a
 * bounded time for pending writes and writes whatever is still pending as JSON files into the
 * spool dir; recoverSpool() at the next start re-submits them and deletes each file once stored.
 * Storing is idempotent by match id, so a record that was both stored and spooled (a write
 * that landed just as the drain timed out) is still stored exactly once.
 *
 * "One bad record never blocks anything": a failure is either the database being unreachable
 * (retried) or this record being refused (classifyFailure). A refused record can never be
 * stored: it is not retried but kept as a dead letter (the `deadLetter` sink: the
 * match_dead_letters table), or, when even that fails, in `<spoolDir>/rejected/`; it is logged
 * once at error level, and submit() rejects. The record is kept exactly as it was: a record
 * refused only for a bad character is NOT stored with that character "made safe" (no silent
 * change of stored data); a human decides what to do with it.
 */
import { mkdir, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "../log.ts";
import type { DeadLetterInput } from "./deadLetters.ts";
import { printable, StoreError, type FinishedMatch } from "./matches.ts";

export interface MatchWriterOptions {
  save: (m: FinishedMatch) => Promise<boolean>;
  /** Keeps a refused record (e.g. saveDeadLetter). Without one, or when it fails: `<spoolDir>/rejected/`. */
  deadLetter?: (letter: DeadLetterInput) => Promise<void>;
  log: Logger;
  spoolDir?: string;
  /** First retry delay (default 250 ms); doubles per failure up to maxBackoffMs (default 10 s), ±25 % jitter. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

/** What the spool replay did: files found, records stored, records (or files) dead-lettered. */
export interface SpoolRecovery {
  files: number;
  stored: number;
  deadLettered: number;
}

/**
 * SQLSTATE classes of a refused record: 22 data exception (22021 a NUL byte, 22P05 an
 * unsupported \u0000 escape in jsonb, 22003 out of range...), 23 integrity constraint violation
 * (duplicates of the match itself are absorbed by the idempotent insert, so one reaching here is
 * about this record), 42 syntax error or access rule violation. Everything else, and any error
 * without a SQLSTATE (connection refused/reset, timeouts, the client's CONNECTION_* codes), is
 * taken as the database being unavailable and retried: 08 connection exceptions, 57P0x
 * shutdown, 53 insufficient resources, 40001/40P01 serialization failure and deadlock.
 */
const REFUSED_CLASSES = new Set(["22", "23", "42"]);
const SQLSTATE = /^[0-9A-Z]{5}$/;

export type FailureKind = "unavailable" | "refused";

/** Whether a failed write is worth retrying ("unavailable") or never will succeed ("refused"). */
export function classifyFailure(error: unknown): FailureKind {
  if (error instanceof StoreError) return "refused";
  const code = (error as { code?: unknown } | null)?.code;
  const isPg = (error as { name?: unknown } | null)?.name === "PostgresError";
  if (isPg && typeof code === "string" && SQLSTATE.test(code) && REFUSED_CLASSES.has(code.slice(0, 2))) return "refused";
  return "unavailable";
}

function errorCodeOf(error: unknown): string {
  if (error instanceof StoreError) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.length > 0 ? code : "refused";
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The record as the text of its JSON (Dates as ISO strings; JSON escapes every control character). */
function recordText(m: unknown): string {
  try {
    return JSON.stringify(m) ?? "null";
  } catch (error) {
    return JSON.stringify(`unserialisable record: ${messageOf(error)}`);
  }
}

interface Job {
  match: FinishedMatch;
  attempts: number;
  /** Set when drain() spooled the job: stop retrying. */
  cancelled: boolean;
  done: Promise<void>;
  /** Wakes the retry loop out of its backoff sleep early (drain). */
  wake?: () => void;
}

export class MatchWriter {
  private readonly jobs = new Set<Job>();
  private readonly save: MatchWriterOptions["save"];
  private readonly deadLetterSink: MatchWriterOptions["deadLetter"];
  private readonly log: Logger;
  private readonly spoolDir: string | undefined;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(opts: MatchWriterOptions) {
    this.save = opts.save;
    this.deadLetterSink = opts.deadLetter;
    this.log = opts.log;
    this.spoolDir = opts.spoolDir;
    this.initialBackoffMs = Math.max(1, opts.initialBackoffMs ?? 250);
    this.maxBackoffMs = Math.max(this.initialBackoffMs, opts.maxBackoffMs ?? 10_000);
  }

  /** Matches submitted and not yet stored (nor spooled). */
  get pending(): number {
    return this.jobs.size;
  }

  /**
   * Stores `m`, retrying while the database is unavailable. Resolves once stored (or found
   * already stored). Rejects only for a record the store refuses, once it is kept as a dead
   * letter. If drain() spools the record first, the promise stays pending: the record now
   * belongs to the spool.
   */
  submit(m: FinishedMatch): Promise<void> {
    const job = { match: m, attempts: 0, cancelled: false } as Job;
    job.done = this.run(job);
    this.jobs.add(job);
    return job.done;
  }

  private async run(job: Job): Promise<void> {
    await Promise.resolve(); // let submit() register the job first
    const id = job.match?.id;
    try {
      for (;;) {
        if (job.cancelled) return new Promise<void>(() => {}); // spooled: never resolves
        job.attempts++;
        try {
          const fresh = await this.save(job.match);
          if (job.attempts > 1 || !fresh) {
            this.log.info({ match: id, attempts: job.attempts, alreadyStored: !fresh }, "finished match stored");
          }
          return;
        } catch (error) {
          if (classifyFailure(error) === "refused") {
            await this.deadLetter(job.match, error);
            throw error;
          }
          const delay = this.backoff(job.attempts);
          this.log.warn({ match: id, attempt: job.attempts, retryInMs: delay, err: error instanceof Error ? error.message : String(error) }, "storing a finished match failed; will retry");
          await new Promise<void>((resume) => {
            const timer = setTimeout(resume, delay);
            job.wake = () => {
              clearTimeout(timer);
              resume();
            };
          });
          job.wake = undefined;
        }
      }
    } finally {
      if (!job.cancelled) this.jobs.delete(job);
    }
  }

  private backoff(attempt: number): number {
    const base = Math.min(this.maxBackoffMs, this.initialBackoffMs * 2 ** Math.min(attempt - 1, 30));
    return Math.max(1, Math.round(base * (0.75 + Math.random() * 0.5)));
  }

  /**
   * Waits up to `timeoutMs` for the pending writes; whatever is still pending then is written
   * to the spool dir (and no longer retried here). `stored`: pending writes that completed
   * during the drain; `spooled`: records written to disk.
   */
  async drain(timeoutMs: number): Promise<{ stored: number; spooled: number }> {
    const jobs = [...this.jobs];
    if (jobs.length === 0) return { stored: 0, spooled: 0 };
    this.log.info({ pending: jobs.length, timeoutMs }, "waiting for finished matches to be stored");
    // Retry now rather than after a long backoff sleep.
    for (const job of jobs) job.wake?.();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(jobs.map((j) => j.done)), new Promise<void>((done) => (timer = setTimeout(done, Math.max(0, timeoutMs))))]);
    clearTimeout(timer);
    const left = jobs.filter((j) => this.jobs.has(j));
    const stored = jobs.length - left.length;
    let spooled = 0;
    for (const job of left) {
      if (!this.spoolDir) {
        this.log.error({ match: job.match.id }, "finished match still pending at shutdown and no spool dir is configured: it is lost if the process exits");
        continue;
      }
      try {
        const file = await this.spool(job.match);
        job.cancelled = true;
        job.wake?.();
        this.jobs.delete(job);
        spooled++;
        this.log.warn({ match: job.match.id, file }, "finished match spooled to disk; it will be stored at the next start");
      } catch (error) {
        this.log.error({ match: job.match.id, err: error }, "could not spool a finished match; still retrying");
      }
    }
    return { stored, spooled };
  }

  /**
   * Re-submits the matches spooled by an earlier run and deletes each file once stored (or
   * dead-lettered). Each file is independent: a refused record or an unreadable file is
   * dead-lettered and never delays the others. Resolves when every file is dealt with: while
   * the database is down that takes as long as it is down, so the server calls this after it
   * listens, not before.
   */
  async recoverSpool(): Promise<SpoolRecovery> {
    const result: SpoolRecovery = { files: 0, stored: 0, deadLettered: 0 };
    if (!this.spoolDir) return result;
    let names: string[];
    try {
      names = (await readdir(this.spoolDir)).filter((n) => n.endsWith(".json")).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return result;
      throw error;
    }
    result.files = names.length;
    const work = names.map(async (name) => {
      const file = join(this.spoolDir!, name);
      let text = "";
      let match: FinishedMatch;
      try {
        text = await readFile(file, "utf8");
        match = reviveMatch(JSON.parse(text));
      } catch (error) {
        await this.unreadable(file, name, text, error);
        result.deadLettered++;
        return;
      }
      try {
        await this.submit(match);
        result.stored++;
        this.log.info({ match: match.id }, "spooled finished match recovered");
      } catch {
        // Refused: already kept as a dead letter (and logged) by submit().
        result.deadLettered++;
      }
      await unlink(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") this.log.error({ file, err: error }, "could not delete a replayed spool file");
      });
    });
    await Promise.all(work);
    return result;
  }

  private async spool(m: FinishedMatch): Promise<string> {
    const dir = this.spoolDir!;
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${safeName(m.id)}.json`);
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(m));
    await rename(tmp, file); // atomic: a crash never leaves a half-written .json
    return file;
  }

  /** Keeps a refused record: the dead-letter sink, else `<spoolDir>/rejected/`; logs it once. */
  private async deadLetter(m: FinishedMatch, error: unknown): Promise<void> {
    const id = typeof m?.id === "string" ? printable(m.id, 100) : null;
    const code = errorCodeOf(error);
    const message = messageOf(error);
    const where: Record<string, unknown> = { match: id, code, err: printable(message) };
    if (this.deadLetterSink) {
      try {
        await this.deadLetterSink({ matchId: typeof m?.id === "string" ? m.id : null, errorCode: code, error: message, record: recordText(m) });
        this.log.error({ ...where, deadLetter: "match_dead_letters" }, "finished match refused by the store; kept as a dead letter");
        return;
      } catch (sinkError) {
        where.deadLetterError = messageOf(sinkError);
      }
    }
    if (!this.spoolDir) {
      // Nowhere to keep it: the log is the last copy, so (only here) it carries the record.
      this.log.error({ ...where, record: recordText(m) }, "finished match refused by the store and could not be kept");
      return;
    }
    try {
      const dir = join(this.spoolDir, "rejected");
      await mkdir(dir, { recursive: true });
      // Named by match id (a record refused twice is one file); without a usable id, never overwrite.
      const usable = typeof m?.id === "string" && /^[A-Za-z0-9-]{1,64}$/.test(m.id);
      const file = join(dir, usable ? `${m.id}.json` : `unknown-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`);
      await writeFile(file, JSON.stringify({ error: message, code, failedAt: new Date().toISOString(), match: m }));
      this.log.error({ ...where, file }, "finished match refused by the store; kept on disk");
    } catch (writeError) {
      this.log.error({ ...where, writeError: messageOf(writeError), record: recordText(m) }, "finished match refused by the store and could not be kept");
    }
  }

  /** A spool file that is not a finished match: moved aside (bytes intact) and dead-lettered. */
  private async unreadable(file: string, name: string, text: string, error: unknown): Promise<void> {
    const moved = await this.moveAside(file, name);
    let deadLetter: string | undefined;
    if (this.deadLetterSink) {
      try {
        await this.deadLetterSink({
          matchId: null,
          errorCode: "unreadable_spool_file",
          error: `${name}: ${messageOf(error)}`,
          record: JSON.stringify(text),
        });
        deadLetter = "match_dead_letters";
      } catch (sinkError) {
        deadLetter = `failed: ${messageOf(sinkError)}`;
      }
    }
    this.log.error({ file, movedTo: moved, deadLetter, err: printable(messageOf(error)) }, "unreadable spool file; moved aside");
  }

  /** Number of records kept in `<spoolDir>/rejected/` (refused when the dead-letter sink was unavailable). */
  async rejectedFiles(): Promise<number> {
    if (!this.spoolDir) return 0;
    try {
      return (await readdir(join(this.spoolDir, "rejected"))).filter((n) => !n.endsWith(".tmp")).length;
    } catch {
      return 0;
    }
  }

  private async moveAside(file: string, name: string): Promise<string | null> {
    const dir = join(this.spoolDir!, "rejected");
    const target = join(dir, `${name}.unreadable`);
    try {
      await mkdir(dir, { recursive: true });
      await rename(file, target);
      return target;
    } catch (error) {
      this.log.error({ file, err: error }, "could not move an unreadable spool file aside");
      return null;
    }
  }
}

function safeName(id: string): string {
  return String(id).replace(/[^A-Za-z0-9_-]/g, "_");
}

/** JSON turned the dates into ISO strings: turn them back. */
export function reviveMatch(raw: unknown): FinishedMatch {
  const m = raw as FinishedMatch & { startedAt: unknown; endedAt: unknown };
  if (!m || typeof m !== "object" || typeof m.id !== "string") throw new Error("not a finished match record");
  return { ...m, startedAt: new Date(m.startedAt as unknown as string), endedAt: new Date(m.endedAt as unknown as string) };
}
