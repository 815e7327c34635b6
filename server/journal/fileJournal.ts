/**
 * The live-match journal in append-only files (format: journalFiles.ts), for a process on its
 * own: the default with the embedded database, whose commits cost a transaction each.
 *
 * Group commit comes for free: one batch is written at a time (one positional write, one
 * fdatasync); everything queued meanwhile goes in the next. Each operation's promise resolves
 * after its batch's fdatasync. A failed write or sync is retried (the rooms wait: nothing is
 * acknowledged that is not durable) after cutting the segment back to its last synced length,
 * so a half-written batch never stays in front of the retried one.
 *
 * Segments roll over at `segmentBytes`; the sealed ones are then folded, in the background, into
 * one snapshot of the matches still in the journal, and deleted. So the journal's size follows
 * the live matches, not the history.
 */
import { mkdirSync } from "node:fs";
import { open, readFile, rename, rm, writeFile, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import type { Logger } from "../log.ts";
import { RollingHistogram } from "../loadMonitor.ts";
import { settleDurable } from "./release.ts";
import type { JournaledMatch, JournalEntry, MatchHeader, SeatLinks } from "../../match/journalTypes.ts";
import { encodeRecord, listJournalFiles, readJournal, segmentName, snapshotName, type FileMatch, type FileRecord } from "./journalFiles.ts";
import type { DurableJournal, JournalStore } from "./journalStore.ts";

/** Default segment size: a few minutes of 1,000 matches at a person's pace. */
const SEGMENT_BYTES = 16 * 1024 * 1024;

interface Pending {
  line: string;
  queuedAt: number;
  resolve(): void;
  reject(error: unknown): void;
}

export interface FileJournalOptions {
  /** DATA_DIR/journal; made when missing. */
  dir: string;
  log: Logger;
  /** This process's instance id. */
  owner: string;
  segmentBytes?: number;
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

export class FileJournal implements DurableJournal, JournalStore {
  readonly kind = "file";
  readonly cluster = "";
  readonly stats = { batches: 0, ops: 0, retries: 0, refused: 0, compactions: 0 };
  readonly commitMs = new RollingHistogram();
  readonly writeMs = new RollingHistogram();
  private queue: Pending[] = [];
  private writing: Promise<void> | null = null;
  private stopped = false;
  private segment = 0;
  private handle: FileHandle | null = null;
  /** Bytes of the current segment that are synced. */
  private size = 0;
  /** Matches begun and not ended: what isLive answers, and a snapshot's expected size. */
  private readonly live = new Set<string>();
  /** What the previous life left, until the resumer has read each. */
  private readonly recovered: Map<string, FileMatch>;
  private compacting: Promise<void> | null = null;
  /** The previous life's last heartbeat (epoch ms): when its matches' clocks stopped. */
  private readonly lastBeat: number | null;

  private constructor(
    private readonly options: FileJournalOptions,
    recovered: Map<string, FileMatch>,
    lastBeat: number | null,
  ) {
    this.recovered = recovered;
    this.lastBeat = lastBeat;
    for (const id of recovered.keys()) this.live.add(id);
  }

  /** Reads what the previous life left and opens a new segment to append to. */
  static async open(options: FileJournalOptions): Promise<FileJournal> {
    const { dir, log } = options;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const files = await listJournalFiles(dir);
    for (const name of files.stale) await rm(join(dir, name), { force: true });
    const matches = new Map<string, FileMatch>();
    const read = await readJournal(dir, [...(files.snapshot ? [snapshotName(files.snapshot)] : []), ...files.segments.map(segmentName)], matches);
    if (read.lost > 0) log.error({ lost: read.lost, dir }, "damaged journal records skipped: the matches they belonged to may not resume");
    const beat = Number((await readFile(join(dir, "heartbeat"), "utf8").catch(() => "")).trim());
    const journal = new FileJournal(options, matches, Number.isFinite(beat) && beat > 0 ? beat : null);
    await journal.openSegment(Math.max(files.snapshot, files.segments.at(-1) ?? 0) + 1);
    // The previous life's segments hold history already stored: fold them away now.
    if (files.segments.length > 0) journal.compactInBackground();
    return journal;
  }

  get owner(): string {
    return this.options.owner;
  }
  get pending(): number {
    return this.queue.length + (this.writing ? 1 : 0);
  }

  // The rooms' port (JournalWriter).
  begin(matchId: string, roomId: string, roomName: string, header: MatchHeader, links: SeatLinks): Promise<void> {
    this.live.add(matchId);
    return this.push({ k: "begin", m: matchId, roomId, roomName, header, links });
  }
  append(matchId: string, entry: JournalEntry): Promise<void> {
    return this.push({ k: "entry", m: matchId, e: entry });
  }
  link(matchId: string, links: SeatLinks): Promise<void> {
    return this.push({ k: "links", m: matchId, links });
  }
  suspend(matchId: string): Promise<void> {
    return this.push({ k: "suspend", m: matchId, at: Date.now() });
  }
  discard(matchId: string): Promise<void> {
    return this.ended(matchId);
  }

  // The resumer's store (JournalStore): one process owns DATA_DIR, so all of it is its own.
  async ownMatches(): Promise<string[]> {
    return [...this.recovered].filter(([, m]) => m.failure === null).map(([id]) => id);
  }
  async orphanedMatches(): Promise<{ id: string; owner: string }[]> {
    return [];
  }
  async claim(): Promise<boolean> {
    return false;
  }
  async loadMatch(id: string): Promise<JournaledMatch | null> {
    const m = this.recovered.get(id);
    if (!m || !this.live.has(id)) return null;
    this.recovered.delete(id);
    return {
      matchId: id,
      roomId: m.roomId,
      roomName: m.roomName,
      owner: this.owner,
      header: m.header,
      entries: m.entries,
      links: m.links,
      pausedAt: m.suspendedAt ?? this.lastBeat ?? m.header.startedAt + (m.entries.at(-1)?.at ?? 0),
    };
  }
  unsuspend(id: string): Promise<void> {
    return this.push({ k: "unsuspend", m: id });
  }
  markFailed(id: string, reason: string): Promise<void> {
    return this.push({ k: "failed", m: id, reason: reason.slice(0, 2000) });
  }
  /** When this life's matches' clocks run until: read back after a crash. Not synced: a beat lost with the machine only makes a pause look longer. */
  async heartbeat(): Promise<void> {
    const file = join(this.options.dir, "heartbeat");
    await writeFile(`${file}.tmp`, `${Date.now()}\n`);
    await rename(`${file}.tmp`, file);
  }
  async signOff(): Promise<void> {}
  async isLive(id: string): Promise<boolean> {
    return this.live.has(id);
  }
  ended(id: string): Promise<void> {
    if (!this.live.delete(id)) return Promise.resolve();
    return this.push({ k: "end", m: id });
  }

  /** Writes a whole match as one record (a journal moved in from the database). */
  adopt(id: string, match: FileMatch): Promise<void> {
    this.live.add(id);
    this.recovered.set(id, match);
    return this.push({ k: "match", m: id, ...match });
  }

  async flush(): Promise<void> {
    while (this.writing || this.queue.length > 0) await (this.writing ?? this.kick());
  }
  stop(): void {
    this.stopped = true;
  }
  /** Flushes, lets a running compaction finish, and closes the segment. */
  async close(): Promise<void> {
    await this.flush();
    await this.compacting;
    this.stopped = true;
    await this.handle?.close();
    this.handle = null;
  }

  private push(record: FileRecord): Promise<void> {
    const line = encodeRecord(record);
    return new Promise<void>((resolve, reject) => {
      if (this.stopped && !this.handle) return reject(new Error("the journal is closed"));
      this.queue.push({ line, queuedAt: performance.now(), resolve, reject });
      if (!this.writing) void this.kick();
    });
  }

  private kick(): Promise<void> {
    this.writing ??= (async () => {
      await new Promise<void>((r) => setImmediate(r)); // this turn's other rooms share the batch
      try {
        while (this.queue.length > 0) {
          const batch = this.queue.splice(0);
          await this.writeBatch(batch);
          if (this.size >= (this.options.segmentBytes ?? SEGMENT_BYTES)) await this.rollOver();
        }
      } finally {
        this.writing = null;
      }
      if (this.queue.length > 0) void this.kick();
    })();
    return this.writing;
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    const bytes = Buffer.from(batch.map((p) => p.line).join(""), "utf8");
    let backoff = this.options.initialBackoffMs ?? 100;
    for (;;) {
      try {
        const sentAt = performance.now();
        const handle = this.handle!;
        await handle.write(bytes, 0, bytes.length, this.size);
        await handle.datasync();
        this.size += bytes.length;
        await settleDurable(this, batch, sentAt);
        return;
      } catch (error) {
        if (this.stopped) {
          for (const p of batch) p.reject(error);
          return;
        }
        this.stats.retries++;
        this.options.log.warn({ err: (error as Error).message, retryInMs: backoff, ops: batch.length }, "journal write failed; retrying (rooms wait for it)");
        await this.handle?.truncate(this.size).catch(() => {});
        await new Promise((r) => setTimeout(r, backoff));
        backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 1_000);
      }
    }
  }

  private async openSegment(n: number): Promise<void> {
    const handle = await open(join(this.options.dir, segmentName(n)), "wx", 0o600);
    await this.syncDir(); // the new name itself must survive a crash
    await this.handle?.close();
    this.handle = handle;
    this.segment = n;
    this.size = 0;
  }

  /** Seals the segment (between batches: it is fully synced) and folds the sealed ones away. */
  private async rollOver(): Promise<void> {
    await this.openSegment(this.segment + 1);
    this.compactInBackground();
  }

  private compactInBackground(): void {
    if (this.compacting) return;
    const upTo = this.segment - 1;
    this.compacting = this.compact(upTo)
      .catch((err: unknown) => this.options.log.error({ err, upTo }, "journal compaction failed; the segments stay and are folded later"))
      .finally(() => (this.compacting = null));
  }

  /** One snapshot of every match still in the journal as of the end of segment `upTo`; then the older files go. */
  private async compact(upTo: number): Promise<void> {
    const { dir } = this.options;
    const files = await listJournalFiles(dir);
    const sealed = files.segments.filter((s) => s <= upTo);
    if (sealed.length === 0) return;
    const matches = new Map<string, FileMatch>();
    await readJournal(dir, [...(files.snapshot ? [snapshotName(files.snapshot)] : []), ...sealed.map(segmentName)], matches);
    const temp = join(dir, `${snapshotName(upTo)}.tmp`);
    const handle = await open(temp, "w", 0o600);
    try {
      let chunk = "";
      for (const [m, match] of matches) {
        chunk += encodeRecord({ k: "match", m, ...match });
        if (chunk.length > 1 << 20) {
          await handle.write(chunk);
          chunk = "";
        }
      }
      await handle.write(chunk);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temp, join(dir, snapshotName(upTo)));
    await this.syncDir();
    for (const name of [...(files.snapshot ? [snapshotName(files.snapshot)] : []), ...sealed.map(segmentName)]) await rm(join(dir, name), { force: true });
    this.stats.compactions++;
  }

  /** Makes a new or renamed file's name durable. Platforms that cannot open a directory (Windows) have no such step. */
  private async syncDir(): Promise<void> {
    const dir = await open(this.options.dir, "r").catch((err: NodeJS.ErrnoException) => {
      if (err.code === "EISDIR" || err.code === "EPERM") return null;
      throw err;
    });
    if (!dir) return;
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }
}
