/**
 * Voiding a ranked match: its players' ratings become exactly what they would be had it never
 * been played, and so does every later rating that depended on it.
 *
 * Which ratings depend on it: each player's rated matches form a chain, ordered by the games
 * count in `rating_before` (the order their ratings were really applied in, whatever the end
 * times say). The voided match taints its players' chains from that match on; a tainted match
 * taints every other player's chain from that match on; and so on until nothing new is tainted.
 * Every tainted match is then rated again, in an order that respects every chain, from the
 * ratings its players had just before their first tainted match, with the same model
 * (server/ratings/skill.ts) and the same ranks: the arithmetic is the one a replay of the whole
 * history without the voided match would do, so the results are equal to the last bit.
 * Ratings not downstream of the match are not touched.
 *
 * One transaction, holding the ratings table locked (EXCLUSIVE: ranked matches being stored
 * wait, reads do not), so no rated match lands between the closure and the rewrite. The voided
 * match keeps its record, replay and its seats' original before/after values (status
 * `voided`, voided_at); a player left with no rated game loses their rating row.
 */
import type { Sql, TransactionSql } from "postgres";
import { displayRating, isProvisional, rateMatch, RATING_MODEL, type Skill } from "../ratings/skill.ts";
import type { RatingSnapshot } from "../store/ratings.ts";

export class VoidError extends Error {
  constructor(
    readonly code: "match_not_found" | "not_ranked" | "already_voided" | "inconsistent_history",
    message: string,
  ) {
    super(message);
    this.name = "VoidError";
  }
}

export interface VoidReport {
  matchId: string;
  game: string;
  /** Players whose rating changed (the match's and every one downstream). */
  players: number;
  /** Later matches whose ratings were recomputed. */
  recomputed: number;
}

interface SeatRow {
  matchId: string;
  seat: number;
  playerId: string;
  rank: number;
  endedAt: string;
  before: RatingSnapshot;
  after: RatingSnapshot;
}

/** Voids a stored ranked match (see the module comment). Throws VoidError. */
export async function voidMatch(sql: Sql, matchId: string): Promise<VoidReport> {
  return (await sql.begin(async (tx) => {
    await tx`lock table ratings in exclusive mode`;
    const [match] = await tx<{ id: string; game: string; mode: string; status: string }[]>`
      select id, game, mode, status from matches where id = ${matchId.toLowerCase()}::uuid for update`;
    if (!match) throw new VoidError("match_not_found", `no stored match ${matchId}`);
    if (match.mode !== "ranked") throw new VoidError("not_ranked", "only a ranked match can be voided: a casual match changed no rating");
    if (match.status === "voided") throw new VoidError("already_voided", "this match is already voided");

    const voided = await seatsOf(tx, match.game, [match.id]);
    const { matches, from } = await taintedMatches(tx, match.game, voided);
    const seatsByMatch = new Map<string, SeatRow[]>();
    for (const row of matches) seatsByMatch.set(row.matchId, [...(seatsByMatch.get(row.matchId) ?? []), row]);
    seatsByMatch.delete(match.id);

    // Each tainted player's rating just before their first tainted match; the voided match's players skip it.
    const current = new Map<string, RatingSnapshot>();
    for (const row of matches) {
      if (from.get(row.playerId) === row.before.games) current.set(row.playerId, row.before);
    }
    const order = chainOrder(seatsByMatch, current);
    const updates: SeatRow[] = [];
    for (const id of order) {
      const seats = seatsByMatch.get(id)!;
      const befores = seats.map((s) => current.get(s.playerId)!);
      const afters = rateMatch(
        befores.map((b) => ({ mu: b.mu, sigma: b.sigma })),
        seats.map((s) => s.rank),
      );
      seats.forEach((s, i) => {
        const after = snapshot(afters[i]!, befores[i]!.games + 1);
        updates.push({ ...s, before: befores[i]!, after });
        current.set(s.playerId, after);
      });
    }

    for (const u of updates) {
      await tx`
        update match_players set rating_before = ${tx.json({ ...u.before })}, rating_after = ${tx.json({ ...u.after })}
        where match_id = ${u.matchId}::uuid and seat = ${u.seat}`;
    }
    for (const [playerId, r] of [...current].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (r.games === 0) {
        await tx`delete from ratings where player_id = ${playerId}::uuid and game = ${match.game}`;
        continue;
      }
      await tx`
        update ratings set
          mu = ${r.mu}, sigma = ${r.sigma}, display = ${r.display}, provisional = ${isProvisional(r.games, r)},
          games_played = ${r.games}, rating = ${tx.json({ model: RATING_MODEL, mu: r.mu, sigma: r.sigma })}, updated_at = now()
        where player_id = ${playerId}::uuid and game = ${match.game}`;
    }
    await tx`update matches set status = 'voided', voided_at = now() where id = ${match.id}::uuid`;
    return { matchId: match.id, game: match.game, players: current.size, recomputed: order.length } satisfies VoidReport;
  })) as VoidReport;
}

function snapshot(skill: Skill, games: number): RatingSnapshot {
  return { mu: skill.mu, sigma: skill.sigma, display: displayRating(skill), games };
}

const SEAT_COLUMNS = `mp.match_id as "matchId", mp.seat, mp.player_id as "playerId", mp.rank,
  to_char(mp.ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as "endedAt",
  mp.rating_before as before, mp.rating_after as after`;

/** The rated seats of these matches (voided ones excluded). */
async function seatsOf(tx: TransactionSql, game: string, matchIds: readonly string[]): Promise<SeatRow[]> {
  const s = tx as unknown as Sql;
  return s<SeatRow[]>`
    select ${s.unsafe(SEAT_COLUMNS)}
    from match_players mp join matches m on m.id = mp.match_id
    where mp.match_id = any(${matchIds as string[]}::uuid[]) and mp.game = ${game}
      and m.mode = 'ranked' and m.status <> 'voided' and mp.rating_before is not null`;
}

/**
 * The voided match's seats plus every rated seat downstream of them, and for each tainted
 * player the games count their chain is tainted from.
 */
async function taintedMatches(tx: TransactionSql, game: string, voided: SeatRow[]): Promise<{ matches: SeatRow[]; from: Map<string, number> }> {
  const s = tx as unknown as Sql;
  const from = new Map<string, number>();
  const seen = new Map<string, SeatRow>();
  const taint = (row: SeatRow) => seen.set(`${row.matchId}/${row.seat}`, row);
  for (const row of voided) {
    from.set(row.playerId, row.before.games);
    taint(row);
  }
  for (;;) {
    const players = [...from.keys()];
    const later = await s<SeatRow[]>`
      select ${s.unsafe(SEAT_COLUMNS)}
      from match_players mp join matches m on m.id = mp.match_id
      where mp.player_id = any(${players}::uuid[]) and mp.game = ${game}
        and m.mode = 'ranked' and m.status <> 'voided' and mp.rating_before is not null`;
    const newMatches = new Set(later.filter((r) => r.before.games >= from.get(r.playerId)! && !seen.has(`${r.matchId}/${r.seat}`)).map((r) => r.matchId));
    if (newMatches.size === 0) break;
    for (const row of await seatsOf(tx, game, [...newMatches])) {
      taint(row);
      const known = from.get(row.playerId);
      if (known === undefined || row.before.games < known) from.set(row.playerId, row.before.games);
    }
  }
  return { matches: [...seen.values()], from };
}

/**
 * An order of the matches in which each player's matches come in their chain order (by the
 * games count their rating had before each), ties between independent matches by end time.
 * `start` holds each player's position; a match is next when it is next for every player in it.
 */
function chainOrder(seatsByMatch: Map<string, SeatRow[]>, start: Map<string, RatingSnapshot>): string[] {
  const chains = new Map<string, SeatRow[]>();
  for (const seats of seatsByMatch.values()) for (const s of seats) chains.set(s.playerId, [...(chains.get(s.playerId) ?? []), s]);
  for (const chain of chains.values()) chain.sort((a, b) => a.before.games - b.before.games);
  const position = new Map([...chains.keys()].map((p) => [p, 0]));
  const order: string[] = [];
  const pending = new Set(seatsByMatch.keys());
  const isNext = (id: string) => seatsByMatch.get(id)!.every((s) => chains.get(s.playerId)![position.get(s.playerId)!]?.matchId === id);
  while (pending.size > 0) {
    const ready = [...pending].filter(isNext).sort((a, b) => {
      const ea = seatsByMatch.get(a)![0]!.endedAt;
      const eb = seatsByMatch.get(b)![0]!.endedAt;
      return ea < eb ? -1 : ea > eb ? 1 : a < b ? -1 : 1;
    });
    if (ready.length === 0) throw new VoidError("inconsistent_history", "the rating history has no order consistent with every player's games count: nothing was changed");
    for (const id of ready) {
      pending.delete(id);
      order.push(id);
      for (const s of seatsByMatch.get(id)!) position.set(s.playerId, position.get(s.playerId)! + 1);
    }
  }
  for (const p of chains.keys()) if (!start.has(p)) throw new VoidError("inconsistent_history", `no starting rating for player ${p}`);
  return order;
}
