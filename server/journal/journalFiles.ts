/**
 * The file journal's format (fileJournal.ts writes it).
 *
 * DATA_DIR/journal holds numbered segments (`00000007.log`), appended to in order, and at most
 * one snapshot (`00000006.snap`: every match still in the journal as of the end of segment 6).
 * Reading = the newest snapshot, then the segments after it, in order. A segment is never
 * written again once the next one exists; a snapshot appears only complete (written to a
 * temporary name, synced, renamed).
 *
 * One record per line: 8 hex digits of the line's CRC-32, a space, the record as JSON. JSON
 * escapes newlines inside strings, so a line is always one record. A line whose CRC does not
 * match is skipped: at the very end of a segment it is a write a crash cut short (never
 * acknowledged: acknowledgement follows fdatasync); anywhere else the disk lost data, and only
 * the matches that record belonged to suffer (their rebuild fails; they are marked failed).
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import type { JournalEntry, MatchHeader, SeatLinks } from "../../match/journalTypes.ts";

/** One match as the journal knows it. */
export interface FileMatch {
  roomId: string;
  roomName: string;
  header: MatchHeader;
  links: SeatLinks;
  entries: JournalEntry[];
  /** When a graceful stop handed it over (epoch ms), else null. */
  suspendedAt: number | null;
  /** Why it can never be resumed, else null. */
  failure: string | null;
}

export type FileRecord =
  | { k: "begin"; m: string; roomId: string; roomName: string; header: MatchHeader; links: SeatLinks }
  | { k: "entry"; m: string; e: JournalEntry }
  | { k: "links"; m: string; links: SeatLinks }
  | { k: "suspend"; m: string; at: number }
  | { k: "unsuspend"; m: string }
  | { k: "failed"; m: string; reason: string }
  /** The match left the journal: stored, dead-lettered, or discarded. */
  | { k: "end"; m: string }
  /** A whole match, as a snapshot carries it. */
  | ({ k: "match"; m: string } & FileMatch);

export function encodeRecord(record: FileRecord): string {
  const json = JSON.stringify(record);
  return `${crc32(json).toString(16).padStart(8, "0")} ${json}\n`;
}

/** The record of one line, or null when the line is damaged or cut short. */
export function decodeLine(line: string): FileRecord | null {
  if (line.length < 10 || line[8] !== " ") return null;
  const json = line.slice(9);
  if (Number.parseInt(line.slice(0, 8), 16) !== crc32(json)) return null;
  try {
    return JSON.parse(json) as FileRecord;
  } catch {
    return null;
  }
}

/** Applies one record to the matches read so far. */
export function applyRecord(matches: Map<string, FileMatch>, r: FileRecord): void {
  if (r.k === "begin") {
    matches.set(r.m, { roomId: r.roomId, roomName: r.roomName, header: r.header, links: r.links, entries: [], suspendedAt: null, failure: null });
    return;
  }
  if (r.k === "match") {
    const { k: _k, m, ...match } = r;
    matches.set(m, match);
    return;
  }
  if (r.k === "end") {
    matches.delete(r.m);
    return;
  }
  const match = matches.get(r.m);
  if (!match) return; // a record of a match that already ended (a room's last words after its end)
  if (r.k === "entry") match.entries.push(r.e);
  else if (r.k === "links") match.links = r.links;
  else if (r.k === "suspend") match.suspendedAt = r.at;
  else if (r.k === "unsuspend") match.suspendedAt = null;
  else if (r.k === "failed") match.failure = r.reason;
}

export const segmentName = (n: number): string => `${String(n).padStart(8, "0")}.log`;
export const snapshotName = (n: number): string => `${String(n).padStart(8, "0")}.snap`;

export interface JournalFiles {
  /** The newest complete snapshot's number, or 0 for none. */
  snapshot: number;
  /** Every segment's number, ascending. */
  segments: number[];
  /** Files a later snapshot made obsolete, or a snapshot cut short: to delete. */
  stale: string[];
}

export async function listJournalFiles(dir: string): Promise<JournalFiles> {
  const names = await readdir(dir);
  const snapshots = names.flatMap((n) => (/^\d{8}\.snap$/.test(n) ? [Number(n.slice(0, 8))] : [])).sort((a, b) => a - b);
  const snapshot = snapshots.at(-1) ?? 0;
  const all = names.flatMap((n) => (/^\d{8}\.log$/.test(n) ? [Number(n.slice(0, 8))] : [])).sort((a, b) => a - b);
  const stale = [...snapshots.slice(0, -1).map(snapshotName), ...all.filter((s) => s <= snapshot).map(segmentName), ...names.filter((n) => n.endsWith(".tmp"))];
  return { snapshot, segments: all.filter((s) => s > snapshot), stale };
}

export interface ReadReport {
  records: number;
  /** Damaged lines skipped (a cut-short last line of a segment included). */
  damaged: number;
  /** Damaged lines that were not the last of their segment: data the disk lost. */
  lost: number;
}

/**
 * Reads a snapshot and the segments after it into `matches`. Yields to the event loop every few
 * thousand records, so a long journal never stalls the rooms.
 */
export async function readJournal(dir: string, files: readonly string[], matches: Map<string, FileMatch>): Promise<ReadReport> {
  const report: ReadReport = { records: 0, damaged: 0, lost: 0 };
  for (const file of files) {
    const text = await readFile(join(dir, file), "utf8");
    const lines = text.split("\n");
    const last = lines.length - 1; // "" after the final newline of a complete segment
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line === "" && i === last) break;
      const record = decodeLine(line);
      if (!record) {
        report.damaged++;
        if (i !== last) report.lost++;
        continue;
      }
      applyRecord(matches, record);
      if (++report.records % 5_000 === 0) await new Promise((r) => setImmediate(r));
    }
  }
  return report;
}
