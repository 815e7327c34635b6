/**
 * 5.0 The Karma System: 5.1 Gaining Karma, 5.2 Spending Karma (Overclock, Re-engage, Acquire, Refine).
 */
import { ensure } from "../../core/errors.ts";
import { CODEX_BY_ID } from "../catalog.ts";
import type { Action, KeywordId, State } from "../types.ts";
import { baneChoice, immunizedChoice } from "./choices.ts";
import { K, type Events } from "./definitions.ts";
import { drawCards } from "./library.ts";
import { isAnimation, unitById } from "./units.ts";

export function gainKarma(s: State, seat: number, ev: Events, why: string): void {
  const p = s.players[seat];
  if (p.eliminated !== null) return;
  p.karma++;
  p.karmaGainedThisTurn = true;
  ev.push({ type: "karma", seat, karma: p.karma, why });
}

export function applyKarma(s: State, seat: number, a: Extract<Action, { type: "karma" }>, ev: Events): void {
  const p = s.players[seat];
  const cost = a.spend === "refine" ? p.focus + 1 : a.spend === "acquire" ? 3 : 1;
  ensure(p.karma >= cost, "illegal_move", `${a.spend} costs ${cost} Karma, you have ${p.karma}`);
  if (a.spend === "reengage") {
    const u = a.unit !== undefined ? unitById(s, a.unit) : null;
    ensure(u && u.owner === seat, "illegal_move", "Re-engage needs one of your units");
    // RULINGS R19: Re-engage readies an Animation; a Player's Spent Tokens go only in its Ready Phase.
    ensure(isAnimation(u), "illegal_move", "Re-engage readies an Animation, not a Player (2.6: at most two Player actions)");
    ensure(u.spent || u.suppressed, "illegal_move", `${u.id} is neither spent nor Suppressed`);
    p.karma -= cost;
    u.suppressed = false;
    u.spent = false;
    ev.push({ type: "reengage", seat, unit: u.id });
    return;
  }
  if (a.spend === "acquire") ensure(p.codexDeck.length > 0, "illegal_move", "your Personal Codex Deck is empty");
  p.karma -= cost;
  if (a.spend === "overclock") {
    ev.push({ type: "overclock", seat });
    drawCards(s, seat, 1, ev);
  } else if (a.spend === "acquire") {
    const c = p.codexDeck.shift()!;
    p.codexActive.push(c);
    ev.push({ type: "acquire", seat, codex: c });
    if (CODEX_BY_ID.get(c)!.keywords.includes(K.immunized as KeywordId)) immunizedChoice(s, seat);
    if (CODEX_BY_ID.get(c)!.keywords.includes(K.bane as KeywordId)) baneChoice(s, seat, c);
  } else {
    p.focus++;
    ev.push({ type: "refine", seat, focus: p.focus });
  }
}
