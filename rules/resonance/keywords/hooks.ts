/**
 * The keyword hook interface (Appendix C). Every keyword is implemented once, as one
 * `KeywordHooks` entry registered by id; the engine calls the hook points below at fixed
 * moments of the actions and the Opposed Roll (4.3). To add keywords, write a file under
 * `keywords/` exporting `KeywordHooks[]` and list it in `keywords/index.ts`.
 *
 * Where a keyword is "active":
 *  - action hooks (`ev`, `onDamage`, ...) run for the keywords the action uses: the acting
 *    source's Innate keywords + declared Augmented keywords + gained ones (Augment Tag, Imbue...)
 *    + Flaws of the actor's Items / Codex (always applied, 4.2.7) (`ctx.attack`);
 *  - defender hooks (`rv`, `defenderNoDiscard`, `onDefended`...) run for the defending unit's
 *    static keywords (`ctx.defense`): Innate + equipped Items (+ active Codex for a Player);
 *  - `passive` hooks are static queries on every in-play unit's static keywords
 *    (e.g. Restricted, Natural, Resilient), owner's side.
 * Keyword texts saying "Your Player's attack" apply to the action they are active in, whoever
 * acts (RULINGS R12).
 */
import type { GameEvent } from "../../core/engine.ts";
import type { Combat, KeywordId, State, TagId, Unit } from "../types.ts";

/** What the engine lends a hook. All mutation goes through it or through the draft state. */
export interface EngineApi {
  unit(id: string): Unit | null;
  focusOf(u: Unit): number;
  powerOf(u: Unit): number;
  /** Places damage markers (no prevention unless `preventable`); handles destruction/elimination. */
  damage(u: Unit, amount: number, opts: { preventable: boolean; byAttackOf: number | null }): number;
  removeDamage(u: Unit, amount: number): number;
  applyTag(u: Unit, tag: TagId, fromSeat: number): boolean;
  draw(seat: number, n: number): void;
  discardFromHand(seat: number, cardId: string): void;
  revealTop(): string | null;
  toDiscard(cardId: string): void;
  destroyItem(itemId: string): void;
  suppress(u: Unit): void;
  enemyAnimations(seat: number): Unit[];
  enemyUnits(seat: number): Unit[];
  /** Queue an optional/targeted decision for `seat`; answered with { type: "choose", option }. */
  ask(purpose: string, seat: number, options: string[], data?: Record<string, unknown>): void;
  events: GameEvent[];
}

export interface RollCtx {
  s: State;
  c: Combat;
  api: EngineApi;
  seat: number;
  actor: Unit;
  source: Unit;
  /** Null for actions without a single target (Area), or before targets are set. */
  target: Unit | null;
  defenderSeat: number;
  /** Keyword ids active for this action (see above). */
  attack: ReadonlySet<KeywordId>;
  /** The defending unit's static keywords. */
  defense: ReadonlySet<KeywordId>;
}

/** Alternative resolution processes (Golden Rule 2: specific overrides general). */
export type ResolutionMode = "standard" | "snap" | "reckless" | "stoic" | "ambience";

export interface KeywordHooks {
  id: KeywordId;
  /** Golden Rule 2: this keyword replaces the EV/RV computation. */
  mode?: Exclude<ResolutionMode, "standard">;
  /** Refuses the declaration (Anxious, Stoic on a Critical Strike...): a reason, or null. */
  declare?(ctx: RollCtx): string | null;
  /** EV bonus for the attacker while active in the attack. */
  ev?(ctx: RollCtx): number;
  /** RV change from the attacker's side (Bane lives on the defender: see `rv`). */
  rv?(ctx: RollCtx): number;
  /** Replaces the acting source's Focus in the EV (Attuned): a value, or null to keep it. */
  evFocus?(ctx: RollCtx): number | null;
  /** True: neither Focus goes into EV/RV (Ranged). */
  noFocus?: boolean;
  /** Defender cannot discard a card for RV (Hesitant on the defender, Material on the attack). */
  defenderNoDiscard?(ctx: RollCtx, side: "attack" | "defense"): boolean;
  /** Defender may discard one more card (Defensive on the defender). */
  defenderExtraDiscard?: boolean;
  /** Extra damage when the roll deals damage (Brutal on the attack / Vulnerable on the defender). */
  extraDamage?(ctx: RollCtx, side: "attack" | "defense"): number;
  /** Damage cannot be reduced or prevented by keyword effects (Phasing). */
  unpreventable?: boolean;
  /** After damage markers were placed on the target (not when redirected, Golden Rule 3). */
  onDamage?(ctx: RollCtx, dealt: number, side: "attack" | "defense"): void;
  /** After the Opposed Roll against one target fully resolved (Martial on the defender side). */
  afterRoll?(ctx: RollCtx, side: "attack" | "defense", destroyed: boolean): void;
  /** After the whole action resolved (Specialist, Acrobatic...). */
  afterAction?(ctx: RollCtx): void;
  /** Support action hooks. */
  onSupport?(ctx: RollCtx): void;
  /** Answers to `api.ask(purpose, ...)` whose purpose starts with this keyword id. */
  answer?(ctx: RollCtx, option: string, data: Record<string, unknown>): void;
}
