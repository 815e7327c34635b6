/**
 * "Nothing finished is ever lost": the queue between rooms and the database.
 *
 * submit() keeps retrying a finished match (exponential backoff with jitter, forever) while
 * the database is down, and resolves once it is stored. At shutdown, drain() waits a bounded
 * time for pending writes and writes whatever is still pending as JSON files into the spool
 * dir; recoverSpool() at the next start re-submits them and deletes each file once stored.
 * Storing is idempotent by match id, so a record that was both stored and spooled (a write
 * that landed just as the drain timed out) is still stored exactly once.
 *
 * A record the store rejects as invalid (StoreError "invalid_match") can never be stored:
 * it is not retried but kept in `<spoolDir>/rejected/` for a human, and submit() rejects.
 */
import { mkdir, readdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "../log.ts";
import { StoreError, type FinishedMatch } from "./matches.ts";

export interface MatchWriterOptions {
  save: (m: FinishedMatch) => Promise<boolean>;
  log: Logger;
  spoolDir?: string;
  /** First retry delay (default 250 ms); doubles per failure up to maxBackoffMs (default 10 s), ±25 % jitter. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
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
  private readonly log: Logger;
  private readonly spoolDir: string | undefined;
  private readonly initialBackoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(opts: MatchWriterOptions) {
    this.save = opts.save;
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
   * already stored). Rejects only for a record the store refuses as invalid. If drain()
   * spools the record first, the promise stays pending: the record now belongs to the spool.
   */
  submit(m: FinishedMatch): Promise<void> {
    const job = { match: m, attempts: 0, cancelled: false } as Job;
    job.done = this.run(job);
    this.jobs.add(job);
    return job.done;
  }

  private async run(job: Job): Promise<void> {
    await Promise.resolve(); // let submit() register the job first
    const id = job.match.id;
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
          if (error instanceof StoreError && error.code === "invalid_match") {
            await this.reject(job.match, error);
            throw error;
          }
          const delay = this.backoff(job.attempts);
          this.log.warn(
            { match: id, attempt: job.attempts, retryInMs: delay, err: error instanceof Error ? error.message : String(error) },
            "storing a finished match failed; will retry",
          );
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
    await Promise.race([
      Promise.allSettled(jobs.map((j) => j.done)),
      new Promise<void>((done) => (timer = setTimeout(done, Math.max(0, timeoutMs)))),
    ]);
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
   * Re-submits the matches spooled by an earlier run and deletes each file once stored.
   * Resolves when all of them are stored; returns how many files there were.
   */
  async recoverSpool(): Promise<number> {
    if (!this.spoolDir) return 0;
    let names: string[];
    try {
      names = (await readdir(this.spoolDir)).filter((n) => n.endsWith(".json")).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
      throw error;
    }
    const work = names.map(async (name) => {
      const file = join(this.spoolDir!, name);
      let match: FinishedMatch;
      try {
        match = reviveMatch(JSON.parse(await readFile(file, "utf8")));
      } catch (error) {
        this.log.error({ file, err: error }, "unreadable spool file; moved aside");
        await this.moveAside(file, name);
        return;
      }
      try {
        await this.submit(match);
      } catch (error) {
        // invalid_match: already copied to rejected/ by submit()
        this.log.error({ file, match: match.id, err: error }, "spooled match was rejected by the store");
      }
      await unlink(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
      this.log.info({ match: match.id }, "spooled finished match recovered");
    });
    await Promise.all(work);
    return names.length;
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

  private async reject(m: FinishedMatch, error: Error): Promise<void> {
    if (!this.spoolDir) {
      this.log.error({ match: m.id, err: error.message, record: m }, "finished match rejected by the store");
      return;
    }
    try {
      const dir = join(this.spoolDir, "rejected");
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${safeName(m.id)}.json`);
      await writeFile(file, JSON.stringify({ error: error.message, match: m }));
      this.log.error({ match: m.id, err: error.message, file }, "finished match rejected by the store; kept on disk");
    } catch (writeError) {
      this.log.error({ match: m.id, err: error.message, record: m, writeError }, "finished match rejected by the store");
    }
  }

  private async moveAside(file: string, name: string): Promise<void> {
    const dir = join(this.spoolDir!, "rejected");
    await mkdir(dir, { recursive: true });
    await rename(file, join(dir, `${name}.unreadable`)).catch(() => {});
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
