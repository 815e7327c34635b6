/**
 * III.3.D DAMAGE PHASE (BEFORE DAMAGE, DAMAGE APPLICATION, AFTER DAMAGE): one point at a time,
 * OFFENSE's first (R25); BLOCK by discarding or breaking a card of the Muse's Alignment, or
 * take the point from the deck or the hand (R10: with an empty deck the Act is lost); 7
 * damage is a KO (III.1.A). Taking damage ends AUGMENT (R29).
 */
import { ensure } from "../core/errors.ts";
import { MUSES, SUIT_SYMBOL } from "./cards.ts";
import { cardSuit } from "./actionCards.ts";
import { endAugment, sourceCard } from "./abilities.ts";
import { endAct } from "./howToWin.ts";
import { needPrompt, pub, removeFrom, rival, type ActionOf, type Events } from "./state.ts";
import type { PlayerState, Seat, State } from "./types.ts";

export const MAX_DAMAGE = 7;

/** Cards that can BLOCK: hand cards and face-up damage of the Muse's Alignment. */
export function blockSources(p: PlayerState): string[] {
  const align = MUSES[p.muse].alignment;
  const out: string[] = [];
  for (const c of p.hand) if (cardSuit(c) === align) out.push(`h:${c}`);
  p.damage.forEach((d, i) => {
    if (d.state === "up" && cardSuit(d.card) === align) out.push(`d:${i}`);
  });
  return out;
}

/** Stage dmg (after the BEFORE DAMAGE window): the next point's taker decides; none left: CHARGE. */
export function nextPointOfDamage(s: State): void {
  const off = s.offense;
  const def = rival(off);
  const taker = s.players[off].incoming > 0 ? off : s.players[def].incoming > 0 ? def : null;
  if (taker === null) {
    s.stage = "charge";
    return;
  }
  s.stage = "ad_window";
  s.prompt = { kind: "damage", seat: taker };
}

/** Stage after_ad (AFTER DAMAGE): back to BEFORE DAMAGE while damage is left, else CHARGE. */
export function afterDamage(s: State): void {
  s.stage = s.players[0].incoming > 0 || s.players[1].incoming > 0 ? "bd_window" : "charge";
}

/** BLOCK one point by discarding (hand) or breaking (face-up damage) a card of the Alignment. */
export function blockDamage(s: State, seat: Seat, action: ActionOf<"block">, E: Events): void {
  const p = s.players[seat];
  needPrompt(s, "damage", "blocking");
  const card = sourceCard(p, action.source);
  ensure(card !== null, action.source.startsWith("h:") ? "card_not_in_hand" : "bad_source", `${action.source} is not a hand card or face-up damage card of yours`);
  const align = MUSES[p.muse].alignment;
  ensure(cardSuit(card) === align, "wrong_suit", `blocking needs a ${SUIT_SYMBOL[align]} card (your Muse's Alignment)`);
  if (action.source.startsWith("h:")) {
    removeFrom(p.hand, card);
    p.discard.push(card);
  } else {
    p.damage[Number(action.source.slice(2))].state = "broken";
  }
  p.incoming--;
  pub(E, "block", seat, { card, by: action.source.startsWith("h:") ? "discard" : "break" });
  s.prompt = null;
}

/** DAMAGE APPLICATION: the top card of the deck, or a hand card, goes face up to the Damage zone. */
export function takeDamage(s: State, seat: Seat, action: ActionOf<"take">, E: Events): void {
  const p = s.players[seat];
  needPrompt(s, "damage", "taking damage");
  let card: string;
  if (action.from === "hand") {
    ensure(p.hand.includes(action.card), "card_not_in_hand", `${action.card} is not in your hand`);
  }
  s.prompt = null;
  if (p.deck.length === 0) {
    pub(E, "damage_with_empty_deck", seat, {});
    endAct(s, rival(seat), "damage_with_empty_deck", E);
    return;
  }
  if (action.from === "hand") {
    card = action.card;
    removeFrom(p.hand, card);
  } else {
    card = p.deck.shift()!;
  }
  p.damage.push({ card, state: "up" });
  p.incoming--;
  p.damagedThisRound = true;
  pub(E, "damage_taken", seat, { card, from: action.from, total: p.damage.length });
  p.arts.forEach((a, i) => {
    if (a.state === "augmented") endAugment(p, i, seat, E);
  });
  if (p.damage.length >= MAX_DAMAGE) endAct(s, rival(seat), "ko", E);
}
