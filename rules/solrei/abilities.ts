/**
 * II.4 ART CARDS (requirements, AUGMENT's end) and II.5 ACTIVATING ABILITIES AND ARTS:
 * which ability a source is, whether it may be activated now (timing, ready, once per round,
 * CRISIS, HARVEST, GRAPPLE, NEGATE target), Rei and paying costs (R5, R6), and the
 * non-Exchange actions that generate Rei (IV.3).
 */
import { RuleError, ensure } from "../core/errors.ts";
import { ADVANTAGES, ARTS, BLACK, MUSES, RED, SUITS, SUIT_SYMBOL, meetsRequirements, type Ability, type Cost, type Suit, type Timing } from "./cards.ts";
import { cardSuit } from "./actionCards.ts";
import { needWindow, pub, removeFrom, type ActionOf, type Events } from "./state.ts";
import type { PlayerState, ReiPool, Seat, State } from "./types.ts";

interface SourceInfo {
  ability: Ability;
  cardId: string;
  name: string;
  slot: number | null;
}

/** The ability behind a source ("muse", "advantage", "art:<slot>"). */
export function sourceInfo(p: PlayerState, source: string): SourceInfo | null {
  if (source === "muse") {
    const m = MUSES[p.muse];
    return { ability: m.ability, cardId: m.id, name: m.name, slot: null };
  }
  if (source === "advantage") {
    const a = ADVANTAGES[p.advantage];
    return { ability: a.ability, cardId: a.id, name: a.name, slot: null };
  }
  if (source.startsWith("art:")) {
    const slot = Number(source.slice(4));
    const art = p.arts[slot];
    if (!art) return null;
    const card = ARTS[art.id];
    return { ability: card.ability, cardId: card.id, name: card.name, slot };
  }
  return null;
}

export function artQualified(p: PlayerState, slot: number): boolean {
  const art = ARTS[p.arts[slot].id];
  return meetsRequirements(MUSES[p.muse], art.requires);
}

/** AUGMENT ends: the Art is EXHAUSTED (BROKEN when its requirements are not met, R15). */
export function endAugment(p: PlayerState, slot: number, seat: Seat, E: Events): void {
  const qualified = artQualified(p, slot);
  p.arts[slot].state = qualified ? "exhausted" : "broken";
  pub(E, qualified ? "art_exhausted" : "art_broken", seat, { slot, art: p.arts[slot].id, reason: "augment_ended" });
}

// ---------------------------------------------------------------- Rei and costs

/** Pays `cost` (the Rei part) out of `pool`; null when it cannot (R5: automatic payment order). */
export function payRei(pool: ReiPool, cost: Cost): ReiPool | null {
  const p = { ...pool };
  for (const s of SUITS) {
    const need = cost[s] ?? 0;
    if (p[s] < need) return null;
    p[s] -= need;
  }
  const takeFrom = (suits: readonly Suit[], need: number): boolean => {
    for (let i = 0; i < need; i++) {
      let best: Suit | null = null;
      for (const s of suits) if (p[s] > 0 && (best === null || p[s] > p[best])) best = s;
      if (best === null) return false;
      p[best]--;
    }
    return true;
  };
  if (!takeFrom(RED, cost.red ?? 0)) return null;
  if (!takeFrom(BLACK, cost.black ?? 0)) return null;
  if (!takeFrom(SUITS, (cost.any ?? 0) + (cost.spend ?? 0))) return null;
  return p;
}

export function reiTotal(pool: ReiPool): number {
  return pool.S + pool.H + pool.D + pool.C;
}

/** Cards a seat can spend for Rei: hand cards and face-up damage cards. */
export function reiSources(p: PlayerState): string[] {
  const out = p.hand.map((c) => `h:${c}`);
  p.damage.forEach((d, i) => {
    if (d.state === "up") out.push(`d:${i}`);
  });
  return out;
}

export function sourceCard(p: PlayerState, source: string): string | null {
  if (source.startsWith("h:")) {
    const card = source.slice(2);
    return p.hand.includes(card) ? card : null;
  }
  if (source.startsWith("d:")) {
    const i = Number(source.slice(2));
    const d = p.damage[i];
    return Number.isInteger(i) && d && d.state === "up" ? d.card : null;
  }
  return null;
}

/** Spends a hand card (discard) or a face-up damage card (exhaust); returns its suit. */
export function spendSource(p: PlayerState, seat: Seat, source: string, E: Events, why: string): Suit {
  const card = sourceCard(p, source);
  if (card === null) {
    throw new RuleError(source.startsWith("h:") ? "card_not_in_hand" : "bad_source", `${source} cannot be spent: not a hand card or a face-up damage card of yours`);
  }
  if (source.startsWith("h:")) {
    removeFrom(p.hand, card);
    p.discard.push(card);
    pub(E, "discarded", seat, { card, why });
  } else {
    p.damage[Number(source.slice(2))].state = "exhausted";
    pub(E, "damage_exhausted", seat, { index: Number(source.slice(2)), card, why });
  }
  return cardSuit(card);
}

// ---------------------------------------------------------------- may it be activated now?

export type ActivateSource = "muse" | "advantage" | `art:${number}`;

/** Public-only check (no Rei, no hand): could `seat` activate `source` in `timing` if it pays? */
export function activationBlocker(s: State, seat: Seat, source: string, timing: Timing | null): [string, string] | null {
  const p = s.players[seat];
  const info = sourceInfo(p, source);
  if (!info) return ["bad_source", `no such source ${source}`];
  const ab = info.ability;
  if (p.grappled) return ["grappled", "your Rival GRAPPLEd you: you cannot activate Arts or Abilities this round"];
  if (ab.timings.length === 0) return ["automatic_ability", `${info.name}'s ability is automatic and cannot be activated`];
  if (timing === null || !ab.timings.includes(timing)) {
    return ["wrong_timing", `${info.name} can be activated only in ${ab.timings.join(", ")}${timing ? `, not in ${timing}` : ""}`];
  }
  if (info.slot !== null) {
    const art = p.arts[info.slot];
    const card = ARTS[art.id];
    if (art.state !== "ready") return ["art_not_ready", `${card.name} is ${art.state === "down" ? "face-down" : art.state}, not readied`];
    if (card.signature && card.signature !== p.muse) {
      return ["signature_move", `${card.name} is a SIGNATURE MOVE of ${MUSES[card.signature].name}`];
    }
  } else if (ab.oncePerRound && p.used.includes(source)) {
    return ["already_used", `${info.name}'s ability was already used this round`];
  }
  if (ab.crisis !== undefined && p.damage.length < ab.crisis) {
    return ["crisis_not_met", `CRISIS ${ab.crisis}: you have only ${p.damage.length} damage`];
  }
  if ((ab.cost.harvest ?? 0) > p.cultivated.length) {
    return ["not_enough_cultivated", `HARVEST ${ab.cost.harvest}: only ${p.cultivated.length} cultivated cards`];
  }
  if (ab.effect.some((e) => e.k === "negate") && negateTarget(s, seat) === null) {
    return ["no_target", "NEGATE needs a Rival's ability in the Exchange"];
  }
  return null;
}

export function negateTarget(s: State, seat: Seat): number | null {
  for (let i = s.stack.length - 1; i >= 0; i--) if (s.stack[i].seat !== seat) return s.stack[i].uid;
  return null;
}

export function allSources(p: PlayerState): string[] {
  return ["muse", "advantage", ...p.arts.map((_, i) => `art:${i}`)];
}

/** Full check including Rei (the seat's own knowledge). */
export function canActivate(s: State, seat: Seat, source: string): boolean {
  if (!s.window) return false;
  if (activationBlocker(s, seat, source, s.window.timing)) return false;
  const info = sourceInfo(s.players[seat], source)!;
  return payRei(s.players[seat].rei, info.ability.cost) !== null;
}

export function costTextOf(cost: Cost): string {
  const parts: string[] = [];
  for (const s of SUITS) if (cost[s]) parts.push(`${cost[s]}${SUIT_SYMBOL[s]}`);
  if (cost.red) parts.push(`${cost.red} red`);
  if (cost.black) parts.push(`${cost.black} black`);
  if (cost.any) parts.push(`${cost.any} any`);
  if (cost.spend) parts.push(`SPEND ${cost.spend}`);
  return parts.join(" + ") || "no Rei";
}

export function poolText(pool: ReiPool): string {
  return SUITS.map((s) => `${pool[s]}${SUIT_SYMBOL[s]}`).join(" ");
}

// ---------------------------------------------------------------- generating Rei (non-Exchange actions)

/** Discard a hand card or exhaust a face-up damage card: 1 Rei of its suit. */
export function generateRei(s: State, seat: Seat, action: ActionOf<"rei">, E: Events): void {
  const p = s.players[seat];
  needWindow(s, seat, "generating Rei");
  const suit = spendSource(p, seat, action.source, E, "rei");
  p.rei[suit]++;
  pub(E, "rei_generated", seat, { suit, amount: 1 });
}

/** Filtering: spend two cards for 1 Rei of the Muse's Alignment. */
export function filterRei(s: State, seat: Seat, action: ActionOf<"filter">, E: Events): void {
  const p = s.players[seat];
  needWindow(s, seat, "filtering Rei");
  const [a, b] = action.sources;
  ensure(a !== b, "bad_source", "filtering needs two different cards");
  spendSource(p, seat, a, E, "filter");
  spendSource(p, seat, b, E, "filter");
  const suit = MUSES[p.muse].alignment;
  p.rei[suit]++;
  pub(E, "rei_filtered", seat, { suit, amount: 1 });
}
