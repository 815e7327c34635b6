/**
 * 2.17 Keyword Precedence & The Golden Rules (Golden Rule 2: alternative resolution processes)
 * and the context keyword hooks see (keywords/hooks.ts).
 */
import type { EngineApi, KeywordHooks, ResolutionMode, RollCtx } from "../keywords/hooks.ts";
import { HOOKS } from "../keywords/index.ts";
import type { Combat, KeywordId, State, Unit } from "../types.ts";
import { dealDamage, destroyItem, removeDamage, suppress } from "./damage.ts";
import { K, type Events } from "./definitions.ts";
import { discardFromHand, drawCards, revealTop } from "./library.ts";
import { applyTag } from "./tags.ts";
import { focusOf, powerOf, staticKeywords } from "./unitStats.ts";
import { newUnit, opponentsOf, unitById } from "./units.ts";

export function hook(id: KeywordId): KeywordHooks | undefined {
  return HOOKS.get(id);
}

/** Keywords active in the action: Innate + Augmented + gained + Flaws of the actor's sources. */
export function actionKeywords(c: Combat): Set<KeywordId> {
  return new Set([...c.innate, ...c.augmented, ...c.gained]);
}

export function resolutionMode(kws: ReadonlySet<KeywordId>, kind: Combat["kind"]): ResolutionMode {
  // Golden Rule 2 (RULINGS R10): Reckless > Snap > Stoic/Ambience > standard.
  const modes = [...kws].map((k) => hook(k)?.mode).filter((m): m is Exclude<ResolutionMode, "standard"> => !!m);
  if (kind !== "attack") return "standard"; // RULINGS R10: a Critical Strike keeps its own process (4.2.2)
  for (const m of ["reckless", "snap", "stoic", "ambience"] as const) if (modes.includes(m)) return m;
  return "standard";
}

export function makeApi(s: State, ev: Events): EngineApi {
  return {
    unit: (id) => unitById(s, id),
    focusOf: (u) => focusOf(s, u),
    powerOf: (u) => powerOf(s, u),
    damage: (u, n, o) => dealDamage(s, u, n, { preventable: o.preventable, by: o.byAttackOf }, ev),
    removeDamage: (u, n) => removeDamage(s, u, n, ev),
    applyTag: (u, t, from) => applyTag(s, u, t, ev, lingerLock(s, u, from)),
    draw: (seat, n) => void drawCards(s, seat, n, ev),
    discardFromHand: (seat, c) => discardFromHand(s, seat, c, ev),
    revealTop: () => revealTop(s, ev),
    toDiscard: (c) => void s.discard.push(c),
    destroyItem: (i) => destroyItem(s, i, ev),
    suppress: (u) => suppress(s, u, ev),
    enemyAnimations: (seat) => opponentsOf(s, seat).flatMap((p) => p.animations),
    enemyUnits: (seat) => opponentsOf(s, seat).flatMap((p) => [p.self, ...p.animations]),
    ask: (purpose, seat, options, data) => {
      const c = s.combat!;
      if (options.length === 0) return;
      c.queue.push({ purpose, seat, options, data });
    },
    events: ev,
  };
}

/** Lingering (8.7): a Status Tag applied by an attack with Lingering stays until the end of the target controller's next turn. */
export function lingerLock(s: State, u: Unit, _from: number): number | null {
  const c = s.combat;
  if (!c || c.kind === "support" || !actionKeywords(c).has(K.lingering as KeywordId)) return null;
  const n = s.players.length;
  // turns until the target's controller's next turn ends
  let t = s.turn;
  let seat = s.turnSeat;
  do {
    t++;
    seat = (seat + 1) % n;
  } while (seat !== u.owner && t < s.turn + n + 1);
  return t;
}

export function ctxFor(s: State, c: Combat, ev: Events, targetId?: string): RollCtx {
  const actor = unitById(s, c.actor) ?? newUnit(c.actor, null, c.seat);
  const source = unitById(s, c.source) ?? actor;
  const tid = targetId ?? c.targets[c.current];
  const target = tid !== undefined ? unitById(s, tid) : null;
  // The api is built on first use: most contexts (legality probes) only ask `declare`, and
  // building its closures was a quarter of a step. It holds no snapshot, so laziness is safe.
  let api: EngineApi | undefined;
  return {
    s,
    c,
    seat: c.seat,
    actor,
    source,
    target,
    get api() {
      api ??= makeApi(s, ev);
      return api;
    },
    defenderSeat: target ? target.owner : -1,
    attack: actionKeywords(c),
    defense: new Set(target ? staticKeywords(s, target) : []),
  };
}
