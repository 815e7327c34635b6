/**
 * Moving a database journal into the files (JOURNAL_STORE=file): the matches this instance left
 * in live_matches (an earlier version journaled there, or the store was switched) are written to
 * the file journal, synced, and only then deleted from the database, so a crash in between
 * leaves them in both places and the next start moves them again, never in neither.
 */
import type { Sql } from "postgres";
import type { Logger } from "../log.ts";
import type { FileJournal } from "./fileJournal.ts";
import { loadMatch } from "./live.ts";

export async function adoptDatabaseJournal(sql: Sql, files: FileJournal, instance: string, log: Logger): Promise<number> {
  const rows = await sql<{ id: string; failure: string | null }[]>`select id, failure from live_matches where owner = ${instance} order by created_at`;
  let moved = 0;
  for (const { id, failure } of rows) {
    if (await files.isLive(id)) {
      await sql`delete from live_matches where id = ${id}`; // moved by a start that crashed before deleting it
      continue;
    }
    const match = await loadMatch(sql, id);
    if (!match) continue;
    const suspendedAt = match.pausedAt; // its clocks stopped then, whether handed over or cut by a crash
    await files.adopt(id, { roomId: match.roomId, roomName: match.roomName, header: match.header, links: match.links, entries: match.entries, suspendedAt, failure });
    await sql`delete from live_matches where id = ${id}`;
    moved++;
  }
  if (moved > 0) log.info({ moved }, "live matches moved from the database journal into the journal files");
  return moved;
}
