/**
 * "legal() is complete and sound", checked at one position, for every seat:
 *  - every entry of legal(seat) parses and is accepted by apply (no error of any kind);
 *  - every near-miss variant (see variants.ts: other ids/numbers/flags the position names,
 *    dropped/added fields, reordered arrays) and every other seat's legal action, once it
 *    passes parseAction, is either rejected by apply with a RuleError or is in legal(seat)
 *    (compared by canonical JSON after parseAction);
 *  - no non-RuleError escapes parseAction or apply (a crash on a bad action);
 *  - a seat that is not among actors() has no legal action; an actor has at least one;
 *  - timeoutAction(seat) of an actor, when not null, is accepted;
 *  - apply never modifies its input state.
 */
import type { AnyEngine, Seat } from "./engine.ts";
import { RuleError } from "./errors.ts";
import { canonicalJson } from "./hash.ts";
import type { HasRng } from "./rng.ts";
import { actionVariants, collectValues } from "./variants.ts";

export interface LegalCheckOptions {
  /** Variants tried per seat (default 150). */
  variants?: number;
  /**
   * An accepted variant outside legal() whose result (state and events) is exactly that of a
   * legal action (e.g. the same two cards in the other order) is an "alias": reported as such
   * unless this is true (default false: reported).
   */
  allowAliases?: boolean;
  /**
   * Maps an action to a canonical form before comparing (default: identity), for a game whose
   * legal() deliberately lists one of several spellings of the same decision. Each use is a
   * documented exemption in the game's test file.
   */
  canonical?: (action: unknown) => unknown;
}

export interface LegalProblem {
  seat: Seat;
  kind: "legal_rejected" | "legal_unparseable" | "accepted_not_legal" | "alias" | "crash" | "non_actor_has_legal" | "actor_without_legal" | "timeout_rejected" | "input_mutated";
  action?: unknown;
  detail: string;
}

type Outcome = { ok: true; result: unknown } | { ok: false; code: string; message: string } | { crash: string };

export function tryApply(engine: AnyEngine, state: unknown, seat: Seat, action: unknown): Outcome {
  try {
    const r = engine.apply(state, seat, action);
    return { ok: true, result: r };
  } catch (e) {
    if (e instanceof RuleError) return { ok: false, code: e.code, message: e.message };
    return { crash: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

/** parseAction's result, null when it refuses the shape (RuleError), or a crash message. */
export function tryParse(engine: AnyEngine, input: unknown): { action: unknown } | null | { crash: string } {
  try {
    return { action: engine.parseAction(structuredClone(input)) };
  } catch (e) {
    if (e instanceof RuleError) return null;
    return { crash: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

/** Every problem found at `state` (empty: legal() is complete and sound here). */
export function checkLegalComplete(engine: AnyEngine, state: unknown, seatCount: number, rng: HasRng, options: LegalCheckOptions = {}): LegalProblem[] {
  const problems: LegalProblem[] = [];
  const canon = options.canonical ?? ((a: unknown) => a);
  const before = canonicalJson(state);
  const actors: Seat[] = engine.actors(state);
  const legalBySeat: unknown[][] = [];
  for (let seat = 0; seat < seatCount; seat++) legalBySeat.push(engine.legal(state, seat));
  const all = legalBySeat.flat();
  const pools = collectValues([state, ...all]);
  for (let seat = 0; seat < seatCount; seat++) {
    const legal = legalBySeat[seat];
    const isActor = actors.includes(seat);
    if (!isActor && legal.length > 0)
      problems.push({ seat, kind: "non_actor_has_legal", action: legal[0], detail: `not among actors ${canonicalJson(actors)} but legal() lists ${legal.length} action(s)` });
    if (isActor && legal.length === 0 && engine.outcome(state) === null) problems.push({ seat, kind: "actor_without_legal", detail: `among actors ${canonicalJson(actors)} but legal() is empty` });
    const keys = new Set<string>();
    const accepted: unknown[] = [];
    let results: Set<string> | null = null;
    // The results of the legal actions, computed once, only when an accepted variant is not listed.
    const resultsOfLegal = () => (results ??= new Set(accepted.map((x) => canonicalJson(x))));
    for (const a of legal) {
      const p = tryParse(engine, a);
      if (p === null || "crash" in p) {
        problems.push({ seat, kind: "legal_unparseable", action: a, detail: p === null ? "parseAction refuses it" : p.crash });
        continue;
      }
      keys.add(canonicalJson(canon(p.action)));
      const r = tryApply(engine, state, seat, p.action);
      if ("ok" in r && r.ok) accepted.push(r.result);
      else problems.push({ seat, kind: "legal_rejected", action: a, detail: "crash" in r ? r.crash : `${r.code}: ${r.message}` });
    }
    // The room asks only actors for their timeout default.
    const timeout = isActor ? engine.timeoutAction(state, seat) : null;
    if (timeout !== null) {
      const r = tryApply(engine, state, seat, timeout);
      if (!("ok" in r && r.ok)) problems.push({ seat, kind: "timeout_rejected", action: timeout, detail: "crash" in r ? r.crash : `${r.code}: ${r.message}` });
    }
    const others = legalBySeat.filter((_, s) => s !== seat).flat();
    const variants = actionVariants(legal.length > 0 ? legal : others, pools, rng, { max: options.variants ?? 150, extra: others });
    for (const v of variants) {
      const p = tryParse(engine, v);
      if (p === null) continue;
      if ("crash" in p) {
        problems.push({ seat, kind: "crash", action: v, detail: `parseAction: ${p.crash}` });
        continue;
      }
      if (keys.has(canonicalJson(canon(p.action)))) continue;
      const r = tryApply(engine, state, seat, p.action);
      if ("crash" in r) problems.push({ seat, kind: "crash", action: v, detail: `apply: ${r.crash}` });
      else if (r.ok && resultsOfLegal().has(canonicalJson(r.result))) {
        if (!options.allowAliases) problems.push({ seat, kind: "alias", action: v, detail: "apply accepts it with the very result of a legal action, but legal() does not list it" });
      } else if (r.ok) problems.push({ seat, kind: "accepted_not_legal", action: v, detail: `apply accepts it; legal() lists ${legal.length}: ${canonicalJson(legal).slice(0, 400)}` });
    }
  }
  if (canonicalJson(state) !== before) problems.push({ seat: -1, kind: "input_mutated", detail: "apply/legal/view modified the input state" });
  return problems;
}
