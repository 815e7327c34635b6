/**
 * Whether a submitted action is one of the legal ones, and why not (the `illegal_move` message).
 * Plumbing for `applyAction`, not a rulebook section; the rules themselves are in the modules
 * that list the options (reactChain.ts, masterpiece.ts, movement.ts).
 */
import { ARTISTS, defOf } from "./cards.ts";
import type { Action, Seat, State } from "./types.ts";

const ACTION_FIELDS = ["type", "card", "effect", "target", "dir", "part", "slot", "a", "b", "zone"] as const;
const KNOWN_FIELDS = new Set<string>(ACTION_FIELDS);

/** Whether `action` equals one of `legal()` (same fields, `undefined` same as absent, nothing else). */
export function isLegal(action: Action, legal: () => Action[]): boolean {
  const x = action as unknown as Record<string, unknown>;
  for (const k in x) if (x[k] !== undefined && !KNOWN_FIELDS.has(k)) return false;
  return legal().some((a) => {
    const y = a as unknown as Record<string, unknown>;
    for (const f of ACTION_FIELDS) if (x[f] !== y[f]) return false;
    return true;
  });
}

export function illegalReason(s: State, seat: Seat, a: Action): string {
  if (s.prompt) return s.prompt.kind === "swap" ? "Pivoting Step's choice of a unit to swap with is pending" : "a Masterpiece progression choice is pending";
  if (a.type === "end_turn" && s.reactor !== null) return "the React Chain is building";
  if (a.type === "pass" && s.reactor === null) return "there is no React Chain to pass on";
  if (a.type === "play") {
    const p = s.players[seat];
    if (!p.hand.includes(a.card) && !ARTISTS[p.artist].abilities.includes(a.card)) return `you hold no card ${a.card}`;
    const eff = defOf(a.card).effects[a.effect];
    if (!eff) return "no such effect";
    if (s.reactor === null && eff.kind !== "intention") return "a Reaction cannot start a React Chain";
    if (s.reactor !== null && eff.kind !== "reaction") return "Intentions are played only while the React Chain is empty";
    return "its cost cannot be paid as given (exhausted unit, unit not on the board, target or direction not allowed)";
  }
  return "not allowed in this step";
}
