/**
 * LEAVING THE GAME (bank at 0, the leaver's cards to their owners' Dregs, R14, R22, R30), and
 * when that or 30 Shards ends it (R13; the ranks: winning.ts).
 */
import type { GameEvent } from "../core/engine.ts";
import type { Seat, State } from "./types.ts";
import { busy, canvasCards, live, ownerOf } from "./canvas.ts";
import { erase, toDregs } from "./erase.ts";
import { endTurn } from "./turn.ts";
import { finish } from "./winning.ts";

export const WIN_BANK = 30;

export function leave(s: State, seat: Seat, ev: GameEvent[]): void {
  const p = s.players[seat];
  p.out = true;
  s.leftOrder.push(seat);
  if (s.research?.seat === seat) s.research = null; // R3: a researcher who paid down to 0 stops
  ev.push({ type: "left", seat });
  // Their Canvas empties to each card's owner's Dregs (CLAIMED ones too, and whatever they RESTRAIN or keep SECRET);
  // their own cards on other Canvases go to their Dregs (R14, R30).
  for (const uid of canvasCards(s, seat)) erase(s, uid, ev, true);
  for (const other of live(s)) for (const uid of canvasCards(s, other)) if (ownerOf(s, uid) === seat) erase(s, uid, ev, true);
  for (const k in s.restrained) {
    const mine = s.restrained[k].filter((c) => ownerOf(s, c) === seat);
    if (mine.length === 0) continue;
    s.restrained[k] = s.restrained[k].filter((c) => ownerOf(s, c) !== seat);
    for (const c of mine) toDregs(s, c);
  }
  // R22: their own cards hidden under other players' Keepers go to their Dregs ("Any ... SECRET cards are also sent to their original owner's Dregs").
  for (const k in s.secrets) {
    const mine = s.secrets[k].filter((c) => ownerOf(s, c) === seat);
    if (mine.length === 0) continue;
    s.secrets[k] = s.secrets[k].filter((c) => ownerOf(s, c) !== seat);
    if (s.secrets[k].length === 0) delete s.secrets[k];
    p.dregs.push(...mine);
  }
  for (const d of s.deferred.filter((x) => x.seat === seat)) s.players[ownerOf(s, d.card)].dregs.push(d.card);
  s.deferred = s.deferred.filter((x) => x.seat !== seat);
}

/** Players at 0 leave; 30 Shards or a last player standing wins. */
export function settle(s: State, ev: GameEvent[]): void {
  if (s.outcome || s.phase === "mulligan") return;
  for (const seat of live(s)) if (s.players[seat].bank <= 0) leave(s, seat, ev);
  const rich = live(s).filter((i) => s.players[i].bank >= WIN_BANK);
  if (rich.length > 0) {
    finish(s, rich.includes(s.active) ? s.active : rich[0], "30_shards", ev);
    return;
  }
  const alive = live(s);
  if (alive.length === 1) finish(s, alive[0], "last_player", ev);
  else if (s.players[s.active].out && !busy(s)) endTurn(s, ev);
}

/**
 * R3: Deploying costs the card's Shard Value and "When a player's Shard Bank reaches 0 Shards, they're out of the
 * game": a payment that empties the bank puts the payer out at once, before what they paid for happens (a card
 * being Deployed goes to their Dregs with the rest of their Canvas). False when the bank is not empty.
 */
export function paidOut(s: State, seat: Seat, card: string | null, ev: GameEvent[]): boolean {
  const p = s.players[seat];
  if (p.bank > 0) return false;
  if (card !== null) {
    p.hand = p.hand.filter((c) => c !== card);
    p.dregs.push(card);
  }
  settle(s, ev);
  return true;
}
