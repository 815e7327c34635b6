/**
 * 4.2.1 Attack and 4.2.2 Critical Strike: checking and declaring the action (targets, 2.5 Guardian Precedence,
 * 2.15 First Turn Restriction, keywords a declaration implies).
 */
import { ensure } from "../../core/errors.ts";
import { kwCategory } from "../catalog.ts";
import type { Action, Combat, KeywordId, State, Unit } from "../types.ts";
import { actorUnit, spend } from "./actions.ts";
import { augmentLimit, augmentOptions } from "./augmentation.ts";
import { ask, blankCombat } from "./choices.ts";
import { K, TAG, type Events } from "./definitions.ts";
import { fuelFeasible, fuelShape, hasSamePowerPair } from "./fuel.ts";
import { gainKarma } from "./karma.ts";
import { actionKeywords, ctxFor, hook } from "./keywordContext.ts";
import { codexKeywords, controllerHas, guarded, hasTag, innateKeywords, itemKeywords, staticKeywords } from "./unitStats.ts";
import { isPlayerUnit, unitById } from "./units.ts";
import type { Stage } from "./stages.ts";

export function flawsOf(s: State, u: Unit): KeywordId[] {
  const src = isPlayerUnit(u) ? [...codexKeywords(s.players[u.owner]), ...itemKeywords(u)] : itemKeywords(u);
  return src.filter((k) => kwCategory(k) === 0);
}

/** Checks an Attack / Critical Strike declaration without changing the state (4.2.1, 4.2.2). */
export function checkAttack(s: State, seat: number, a: Extract<Action, { type: "attack" }>): { c: Combat; stealth: number } {
  const actor = actorUnit(s, seat, a.actor);
  const kind: Combat["kind"] = a.critical ? "critical" : "attack";
  ensure(!(s.turn === 1), "illegal_move", "First Turn Restriction: no Attack or Critical Strike on the game's first turn (2.15)");
  ensure(!hasTag(s, actor, TAG.bind), "illegal_move", `${actor.id} has a Bind Tag (cannot attack)`);
  let source = actor;
  if (a.source !== undefined) {
    const src = unitById(s, a.source);
    ensure(src && src.owner === seat && src.id !== actor.id, "illegal_move", "Channel: the Source must be another friendly unit (9.9)");
    source = src;
  }
  const c = blankCombat(kind, seat, actor.id, source.id, [a.target]);
  if (a.second !== undefined) c.targets.push(a.second);
  const innate = isPlayerUnit(source) ? [] : innateKeywords(s, source);
  // Channel (9.9) printed on the Channeler is Innate to the action it performs.
  const channel = a.source !== undefined && innateKeywords(s, actor).includes(K.channel) ? [K.channel as KeywordId] : [];
  c.innate = [...new Set([...innate, ...channel, ...flawsOf(s, actor)])];
  const implied: KeywordId[] = [];
  if (a.source !== undefined) implied.push(K.channel);
  if (a.second !== undefined) implied.push(K.multiply);
  if (a.item !== undefined) implied.push(K.deadeye);
  for (const t of c.targets) {
    const tu = unitById(s, t);
    ensure(tu && tu.owner !== seat && s.players[tu.owner].eliminated === null, "illegal_move", `${t} is not an enemy unit`);
    ensure(!tu.untargetable, "illegal_move", `${t} cannot be targeted by attacks (Acrobatic)`);
    if (isPlayerUnit(tu) && guarded(s, tu.owner)) implied.push(K.traveller);
  }
  ensure(new Set(c.targets).size === c.targets.length, "illegal_move", "Multiply needs two different targets");
  if (a.item !== undefined) {
    const tu = unitById(s, a.target)!;
    ensure(tu.items.includes(a.item), "illegal_move", `${a.item} is not equipped to ${a.target}`);
  }
  // Implied keywords must be Innate or declared now as Augmented (RULINGS R6).
  const opts = augmentOptions(s, c);
  for (const k of [...new Set(implied)]) {
    if (c.innate.includes(k)) continue;
    ensure(opts.includes(k), "illegal_move", k === K.traveller ? `Guardian Precedence: that Player controls Animations (2.5)` : `this needs keyword ${k}`);
    c.augmented.push(k);
  }
  ensure(c.augmented.length <= augmentLimit(s, c), "illegal_move", `only ${augmentLimit(s, c)} Augmented keywords allowed (2.13)`);
  const ctx = ctxFor(s, c, []);
  for (const k of actionKeywords(c)) {
    const why = hook(k)?.declare?.(ctx);
    ensure(!why, "illegal_move", why ?? "");
  }
  // Stealthy (9.2): +1 EN per Stealthy target.
  const stealth = c.targets.filter((t) => staticKeywords(s, unitById(s, t)!).includes(K.stealthy)).length;
  ensure(s.players[seat].en >= stealth, "illegal_move", `Stealthy: pay ${stealth} EN`);
  if (kind === "critical") ensure(hasSamePowerPair(s.players[seat].hand), "illegal_move", "a Critical Strike needs two cards of the same Power (4.2.2)");
  const noDiscard = c.augmented.length < augmentLimit(s, c) && augmentOptions(s, c).some((k) => hook(k)?.mode && hook(k)?.mode !== "reckless");
  ensure(
    fuelFeasible(s, c) || (kind === "attack" && noDiscard),
    "illegal_move",
    `this attack needs ${fuelShape(s, c).min + (fuelShape(s, c).awkward ? 1 : 0)} card(s) to discard (4.2.1${fuelShape(s, c).awkward ? ", Awkward 8.0" : ""})`,
  );
  c.aimItem = a.item ?? null;
  return { c, stealth };
}

/** Starts an Attack / Critical Strike: 4.3.1 the actor is spent. */
export function declareAttack(s: State, seat: number, a: Extract<Action, { type: "attack" }>, ev: Events): Stage | null {
  const { c, stealth } = checkAttack(s, seat, a);
  const kind = c.kind;
  const actor = unitById(s, c.actor)!;
  const source = unitById(s, c.source)!;
  s.players[seat].en -= stealth;
  spend(s, actor);
  s.combat = c;
  ev.push({ type: kind, seat, actor: actor.id, targets: [...c.targets], source: source.id });
  if (kind === "critical") gainKarma(s, seat, ev, "performed a Critical Strike");
  // Trickster (9.3): the targeted unit's controller may discard to make the attacker discard too.
  const defender = unitById(s, c.targets[0])!.owner;
  if (kind === "attack" && controllerHas(s, defender, K.trickster) && s.players[defender].hand.length > 0) {
    ask(s, "trickster", defender, ["none", ...s.players[defender].hand.map((h) => `card:${h}`)], "augment");
    return null;
  }
  return "augment";
}
