/**
 * Reading the journal back, and who may resume what.
 *
 * A server instance has a stable id (DATA_DIR/instance-id): after a crash or a restart it
 * resumes the matches it owned at once. In a cluster (REDIS_URL) an instance whose heartbeat
 * is older than TAKEOVER_AFTER_MS is dead, and a graceful stop hands its matches over: another
 * instance claims each such match with a compare-and-set on its owner, so exactly one resumes it.
 * Times come from the database's clock, so the instances' clocks need not agree.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Sql } from "postgres";
import type { JournalEntry, JournaledMatch, MatchHeader, SeatLinks } from "../../match/journalTypes.ts";

/** This DATA_DIR's instance id, made on its first start. */
export function instanceIdOf(dataDir: string): string {
  const file = join(dataDir, "instance-id");
  try {
    const id = readFileSync(file, "utf8").trim();
    if (/^[\w-]{8,64}$/.test(id)) return id;
  } catch {
    // first start in this DATA_DIR
  }
  mkdirSync(dataDir, { recursive: true });
  const id = randomUUID();
  writeFileSync(file, `${id}\n`, { mode: 0o600 });
  return id;
}

export async function heartbeat(sql: Sql, instance: string, cluster: string): Promise<void> {
  await sql`
    insert into server_instances (id, cluster, heartbeat_at) values (${instance}, ${cluster}, now())
    on conflict (id) do update set heartbeat_at = now(), cluster = excluded.cluster`;
}

/** Removes this instance's heartbeat (a graceful stop: the others need not wait for it to go stale). */
export async function signOff(sql: Sql, instance: string): Promise<void> {
  await sql`delete from server_instances where id = ${instance}`;
}

interface LiveRow {
  id: string;
  roomId: string;
  roomName: string;
  owner: string;
  header: string;
  links: string;
  suspendedAt: Date | null;
  pausedAt: Date;
}

/**
 * The matches this instance owned in its previous life (not failed), with the time their
 * clocks stopped: the hand-over, else this instance's last heartbeat. Call it before the first
 * heartbeat of this life.
 */
export async function ownMatches(sql: Sql, instance: string): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`select id from live_matches where owner = ${instance} and failure is null order by created_at`;
  return rows.map((r) => r.id);
}

/**
 * Matches of stopped or dead instances of `cluster` that another instance may claim: handed over
 * by a graceful stop, or (`judgeSilence`) owned by an instance silent for `deadAfterMs`.
 */
export async function orphanedMatches(sql: Sql, instance: string, cluster: string, deadAfterMs: number, judgeSilence = true): Promise<{ id: string; owner: string }[]> {
  return sql<{ id: string; owner: string }[]>`
    select m.id, m.owner from live_matches m left join server_instances i on i.id = m.owner
    where m.cluster = ${cluster} and m.failure is null and m.owner <> ${instance}
      and (m.suspended_at is not null or (${judgeSilence} and (i.heartbeat_at is null
           or i.heartbeat_at < now() - make_interval(secs => ${deadAfterMs / 1000}))))
    order by m.created_at limit 500`;
}

/** Takes a match over from `from`; false when another instance was quicker. */
export async function claim(sql: Sql, id: string, from: string, to: string): Promise<boolean> {
  const rows = await sql`update live_matches set owner = ${to} where id = ${id} and owner = ${from} and failure is null returning id`;
  return rows.length === 1;
}

/** Everything needed to rebuild the match, or null when it is gone (stored meanwhile). */
export async function loadMatch(sql: Sql, id: string): Promise<JournaledMatch | null> {
  const [row] = await sql<LiveRow[]>`
    select m.id, m.room_id as "roomId", m.room_name as "roomName", m.owner, m.header, m.links, m.suspended_at as "suspendedAt",
      coalesce(m.suspended_at, (select heartbeat_at from server_instances where id = m.owner), m.created_at) as "pausedAt"
    from live_matches m where m.id = ${id}`;
  if (!row) return null;
  const steps = await sql<{ n: number; kind: "act" | "abandon"; seat: number; action: string | null; at: number; auto: boolean; autoKind: "forced" | "stop" | null; hash: string | null }[]>`
    select n, kind, seat, action, at, auto, auto_kind as "autoKind", hash from live_steps where match_id = ${id} order by n`;
  const entries: JournalEntry[] = steps.map((s) =>
    s.kind === "abandon"
      ? { n: s.n, kind: "abandon", seat: s.seat, at: s.at }
      : {
          n: s.n,
          kind: "act",
          seat: s.seat,
          action: JSON.parse(s.action ?? "null"),
          at: s.at,
          ...(s.auto ? { auto: true } : s.autoKind ? { auto: s.autoKind } : {}),
          ...(s.hash ? { hash: s.hash } : {}),
        },
  );
  return {
    matchId: row.id,
    roomId: row.roomId,
    roomName: row.roomName,
    owner: row.owner,
    header: JSON.parse(row.header) as MatchHeader,
    links: JSON.parse(row.links) as SeatLinks,
    entries,
    pausedAt: new Date(row.pausedAt).getTime(),
  };
}

/** The match was resumed: its clocks run again. */
export async function unsuspend(sql: Sql, id: string): Promise<void> {
  await sql`update live_matches set suspended_at = null where id = ${id}`;
}

/** A match that can never be resumed: kept for a human, never tried again. */
export async function markFailed(sql: Sql, id: string, reason: string): Promise<void> {
  await sql`update live_matches set failure = ${reason.slice(0, 2000)} where id = ${id}`;
}
