/**
 * Achroma (Canvas rules 2.1.0) rules engine: set-up, turn steps, deploying, combat, the Resolve
 * step, keywords. Pure and deterministic; see RULINGS.md for every decided gap.
 */
import type { GameEvent } from "../core/engine.ts";
import { RuleError } from "../core/errors.ts";
import { randInt, seedRng, shuffleInPlace } from "../core/rng.ts";
import { CARDS, type CardDef, type Giftable, type Step } from "./cards.ts";
import type { Action, Config, Frame, PlayerState, ReactionWindow, Seat, SeatConfig, State, Unit } from "./types.ts";

export const START_BANK = 10;
export const HAND_SIZE = 5;
export const WIN_BANK = 30;
export const TRADE_LIMIT = 6;
export const DEPLOY_LIMIT = 3;
/** R12: engine safety limit on the number of turns. */
export const MAX_TURNS = 400;

/**
 * While `legalActions` probes candidates, a failed check throws this shared sentinel instead of
 * building a RuleError (whose stack capture dominated the step cost).
 */
let probing = false;
const PROBE_FAIL = { probe: true };
function need(condition: unknown, code: string, message: string): asserts condition {
  if (!condition) {
    if (probing) throw PROBE_FAIL;
    throw new RuleError(code, message);
  }
}

/**
 * The state copy `apply` works on. Parts the engine only ever replaces (never mutates in place) are
 * shared with the previous state: the card table, card data steps, prompts, RNG words, REVEAL,
 * outcome, HUNT/deferred/erased entries. Everything mutated in place is copied.
 */
export function cloneState(s: State): State {
  const units: Record<string, Unit> = {};
  for (const k in s.units) {
    const u = s.units[k];
    units[k] = { ...u, given: u.given.length ? u.given.map((g) => ({ ...g })) : [], gifts: u.gifts.length ? u.gifts.slice() : [] };
  }
  const lists = (r: Record<string, string[]>): Record<string, string[]> => {
    const out: Record<string, string[]> = {};
    for (const k in r) out[k] = r[k].slice();
    return out;
  };
  return {
    rng: s.rng,
    players: s.players.map((p) => ({
      ...p,
      palette: p.palette.slice(),
      hand: p.hand.slice(),
      dregs: p.dregs.slice(),
      characters: p.characters.slice(),
      locations: p.locations.slice(),
    })),
    cards: s.cards,
    units,
    attached: lists(s.attached),
    resolving: s.resolving.slice(),
    active: s.active,
    first: s.first,
    turn: s.turn,
    phase: s.phase,
    deployed: s.deployed,
    traded: s.traded,
    stack: s.stack.map((f) => ({ ...f })),
    prompt: s.prompt,
    combat: s.combat ? { ...s.combat, attOrder: s.combat.attOrder?.slice() ?? null, defOrder: s.combat.defOrder?.slice() ?? null } : null,
    secrets: lists(s.secrets),
    unveiling: s.unveiling.slice(),
    lastReveal: s.lastReveal,
    research: s.research ? { ...s.research } : null,
    hunts: s.hunts.slice(),
    restrained: lists(s.restrained),
    parasites: { ...s.parasites },
    riders: { ...s.riders },
    window: s.window ? { ...s.window, action: { ...s.window.action }, queue: s.window.queue.slice() } : null,
    divert: s.divert,
    deferred: s.deferred.slice(),
    erasedLog: s.erasedLog.slice(),
    leftOrder: s.leftOrder.slice(),
    outcome: s.outcome,
  };
}

const copies = new Map<string, CardDef>();
/** The card's definition; a COPY takes everything from the copied card except the Shards of its Hex (R31). */
export function defOf(s: State, uid: string): CardDef {
  const base = CARDS[s.cards[uid].def];
  const copy = s.units[uid]?.copy;
  if (!copy) return base;
  const key = `${base.id}>${copy}`;
  let d = copies.get(key);
  if (!d) {
    d = { ...CARDS[copy], shards: base.shards, achrom: base.achrom };
    copies.set(key, d);
  }
  return d;
}
/** A keyword printed on the card or given to it (GIVE, R32). */
export function has(s: State, uid: string, kw: Giftable): boolean {
  return !!defOf(s, uid)[kw] || !!s.units[uid]?.gifts.includes(kw);
}
/** INFEST: a HOST cannot use its own Achroma effects or abilities (R37). */
export const infested = (s: State, uid: string): boolean => uid in s.parasites;
export const ownerOf = (s: State, uid: string): Seat => s.cards[uid].owner;

// ---------------------------------------------------------------- set-up

export function setupState(config: Config, seats: readonly SeatConfig[], seed: string): State {
  const s: State = {
    rng: seedRng(seed),
    players: [],
    cards: {},
    units: {},
    attached: {},
    resolving: [],
    active: 0,
    first: 0,
    turn: 0,
    phase: "mulligan",
    deployed: 0,
    traded: 0,
    stack: [],
    prompt: null,
    combat: null,
    secrets: {},
    unveiling: [],
    lastReveal: null,
    research: null,
    hunts: [],
    restrained: {},
    parasites: {},
    riders: {},
    window: null,
    divert: null,
    deferred: [],
    erasedLog: [],
    leftOrder: [],
    outcome: null,
  };
  seats.forEach((sc, seat) => {
    const palette = sc.palette.map((def, i) => {
      const uid = `p${seat}c${i}`;
      s.cards[uid] = { def, owner: seat };
      return uid;
    });
    shuffleInPlace(s, palette);
    const p: PlayerState = {
      palette,
      hand: [],
      dregs: [],
      bank: START_BANK,
      out: false,
      mulligan: "pending",
      hadTurn: false,
      preventUsed: 0,
      characters: [],
      locations: [],
    };
    p.hand = p.palette.splice(0, HAND_SIZE);
    s.players.push(p);
  });
  s.first = randInt(s, 0, config.players - 1);
  s.active = s.first;
  return s;
}

// ---------------------------------------------------------------- queries

export function controllerOf(s: State, uid: string): Seat | null {
  if (!s.units[uid]) return null;
  for (let seat = 0; seat < s.players.length; seat++) {
    const p = s.players[seat];
    if (p.characters.includes(uid) || p.locations.includes(uid)) return seat;
  }
  for (let seat = 0; seat < s.players.length; seat++) if (canvasCards(s, seat).includes(uid)) return seat;
  return null;
}

/** A Character with what is attached to it: Objects, its Rider (with the Rider's own), its PARASITE. */
export function bundle(s: State, c: string): string[] {
  const out = [c];
  const objs = s.attached[c];
  if (objs) for (const o of objs) out.push(o);
  const r = s.riders[c];
  if (r) for (const x of bundle(s, r)) out.push(x);
  const par = s.parasites[c];
  if (par) out.push(par);
  return out;
}

/** Every card on `seat`'s Canvas: Characters with their Objects, Riders and PARASITES; Locations. */
export function canvasCards(s: State, seat: Seat): string[] {
  const p = s.players[seat];
  const out: string[] = [];
  for (const c of p.characters) for (const x of bundle(s, c)) out.push(x);
  for (const l of p.locations) out.push(l);
  return out;
}

/** Unique Character types on a Canvas (MENAGERIE, R39). */
export function characterKinds(s: State, seat: Seat): number {
  const kinds = new Set<string>();
  for (const c of canvasCards(s, seat)) {
    const d = defOf(s, c);
    if (d.type === "character" && d.kind) kinds.add(d.kind);
  }
  return kinds.size;
}

/** Objects that take a unit's combat damage: the Character's and its Rider's. */
function unitObjects(s: State, char: string): string[] {
  const r = s.riders[char];
  return [...(s.attached[char] ?? []), ...(r ? (s.attached[r] ?? []) : [])];
}

export function shardValue(s: State, uid: string): number {
  const u = s.units[uid];
  return defOf(s, uid).shards + u.shield - u.damage;
}

/** A Character's Strength with its Objects; a MOUNTED unit adds its Rider's (R38). */
export function strength(s: State, char: string): number {
  const r = s.riders[char];
  return defOf(s, char).strength + (s.attached[char] ?? []).reduce((n, o) => n + defOf(s, o).strength, 0) + (r ? strength(s, r) : 0);
}

export function deployCost(s: State, seat: Seat, uid: string, target?: string): number {
  const d = defOf(s, uid);
  if (d.type === "character" && d.infest && target !== undefined) return 1; // R37
  if (d.type !== "character") return d.shards;
  const discount = canvasCards(s, seat).reduce((n, c) => n + (defOf(s, c).characterDiscount ?? 0), 0);
  return Math.max(0, d.shards - discount);
}

export const live = (s: State): Seat[] => s.players.map((p, i) => (p.out ? -1 : i)).filter((i) => i >= 0);

/** R5: no Drain/Steal before every player has completed a first turn. */
export function bankTargets(s: State, seat: Seat): Seat[] {
  if (!s.players.every((p) => p.out || p.hadTurn)) return [];
  return live(s).filter((i) => i !== seat && s.players[i].bank > 0);
}

export function preventRemaining(s: State, seat: Seat): number {
  const pool = canvasCards(s, seat).reduce((n, c) => {
    const a = defOf(s, c).achroma;
    return n + (a?.kind === "prevent" && !s.units[c].frozen && !infested(s, c) ? a.n : 0);
  }, 0);
  return Math.max(0, pool - s.players[seat].preventUsed);
}

export const busy = (s: State): boolean =>
  s.prompt !== null || s.stack.length > 0 || s.combat !== null || s.research !== null || s.window !== null || s.deferred.length > 0 || s.erasedLog.length > 0;

export function maxAttacks(s: State, char: string): number {
  return 1 + (defOf(s, char).rage ? 1 : 0) + s.units[char].rage;
}

/** R38: a MOUNTED unit may attack when at least one of its cards arrived on an earlier turn. */
export function arrivedBefore(s: State, char: string): boolean {
  const r = s.riders[char];
  return s.units[char].deployedTurn < s.turn || (!!r && s.units[r].deployedTurn < s.turn);
}

export function actors(s: State): Seat[] {
  if (s.outcome) return [];
  if (s.phase === "mulligan") return live(s).filter((i) => s.players[i].mulligan === "pending");
  if (s.prompt) return [s.prompt.seat];
  return [s.active];
}

// ---------------------------------------------------------------- validation (no mutation)

const others = (s: State, seat: Seat): Seat[] => live(s).filter((i) => i !== seat);
const allCanvas = (s: State): string[] => live(s).flatMap((i) => canvasCards(s, i));

function stepOptions(s: State, seat: Seat, step: Step, source: string, f?: Frame): string[] {
  const p = s.players[seat];
  switch (step.k) {
    case "restrain":
      return s.units[source] ? others(s, seat).flatMap((i) => [...s.players[i].characters, ...s.players[i].locations]).filter((c) => c !== source) : [];
    case "copy": {
      if (!s.units[source] || defOf(s, source).type !== "character") return [];
      const me = defOf(s, source).id;
      return live(s)
        .flatMap((i) => s.players[i].characters)
        .filter((c) => c !== source && defOf(s, c).id !== me);
    }
    case "swap": {
      const ctl = controllerOf(s, source);
      if (ctl === null || !s.players[ctl].characters.includes(source)) return [];
      return others(s, ctl).flatMap((i) => s.players[i].characters);
    }
    case "replace": {
      const e = f?.erased;
      if (!e || (e.type !== "character" && e.type !== "location") || s.players[e.seat].out) return [];
      return p.hand.filter((c) => defOf(s, c).type === e.type);
    }
    case "give":
      return p.characters.filter((c) => !has(s, c, step.kw));
    case "secret":
      return s.units[source] ? live(s).filter((i) => s.players[i].palette.length > 0).map(String) : [];
    case "sacrifice":
      return canvasCards(s, seat).filter((c) => c !== source);
    case "claim":
      return live(s)
        .filter((i) => i !== seat)
        .flatMap((i) => (step.type === "character" ? s.players[i].characters : s.players[i].locations));
    case "curse":
      return live(s).flatMap((i) => canvasCards(s, i)).filter((c) => !s.units[c].cursed);
    case "splat":
      return ["pass", ...live(s).flatMap((i) => canvasCards(s, i)).filter((c) => c !== source)];
    case "unveiled": {
      const d = defOf(s, step.card);
      if (d.type !== "object") return ["canvas"];
      return live(s)
        .flatMap((i) => s.players[i].characters)
        .filter((c) => !d.relic || !(s.attached[c] ?? []).some((o) => defOf(s, o).relic));
    }
    case "drain":
    case "steal":
      return bankTargets(s, seat).map(String);
    case "damage":
      // R38: the cards of a MOUNTED unit can be targeted one by one by Actions.
      return others(s, seat)
        .flatMap((i) => s.players[i].characters.flatMap((c) => (s.riders[c] ? [c, s.riders[c]] : [c])))
        .filter((c) => !has(s, c, "protection"));
    case "freeze":
      return live(s).flatMap((i) => canvasCards(s, i)).filter((c) => !s.units[c].frozen);
    case "find":
      return [...new Set(p.palette.map((c) => s.cards[c].def).filter((d) => CARDS[d].type === step.type))].sort();
    case "dig":
      return p.dregs.filter((c) => defOf(s, c).type === step.type);
    case "rage":
      return [...p.characters];
    case "trade":
      return [...p.hand];
    case "deploy_free":
      return p.hand.filter((c) => defOf(s, c).type === "character" && defOf(s, c).shards <= step.max);
    default:
      return [];
  }
}

export function validate(s: State, seat: Seat, a: Action): void {
  need(!s.outcome, "game_over", "the game is over");
  need(actors(s).includes(seat), "not_your_turn", `seat ${seat} may not act now`);
  const p = s.players[seat];
  if (s.phase === "mulligan") {
    need(a.type === "keep" || a.type === "mulligan", "illegal_move", "decide your opening hand first: keep or mulligan");
    return;
  }
  const pr = s.prompt;
  if (pr) {
    if (pr.kind === "choose") {
      need(a.type === "choose", "illegal_move", `choose an option for ${pr.step.k}`);
      need(pr.options.includes(a.option), "illegal_move", `"${a.option}" is not an option`);
    } else if (pr.kind === "prevent") {
      need(a.type === "prevent", "illegal_move", "decide how many Shards to Prevent");
      need(Number.isInteger(a.amount) && a.amount >= 0 && a.amount <= pr.max, "illegal_move", `Prevent 0..${pr.max}`);
    } else if (pr.kind === "research") {
      need(a.type === "choose", "illegal_move", pr.ordering ? "choose the next card for the top of your Palette" : "choose a card to keep for 1 Shard, or done");
      need(pr.options.includes(a.option), "illegal_move", `"${a.option}" is not an option`);
    } else if (pr.kind === "react") {
      need(a.type === "react", "illegal_move", "React or pass");
      need(pr.options.includes(a.option), "illegal_move", `"${a.option}" is not an option`);
    } else {
      need(a.type === "choose", "illegal_move", "choose the Object that takes damage next");
      need(pr.options.includes(a.option), "illegal_move", `"${a.option}" is not an option`);
    }
    return;
  }
  switch (a.type) {
    case "draw":
    case "trade":
    case "skip":
      need(s.phase === "start" || s.phase === "end", "illegal_move", "draw, TRADE or skip only in the Start or End step");
      if (a.type === "draw") need(p.palette.length > 0, "illegal_move", "your Palette is empty");
      if (a.type === "trade") need(p.hand.includes(a.card), "illegal_move", "that card is not in your hand");
      if (a.type === "skip") need(p.palette.length === 0, "illegal_move", "you may skip only with an empty Palette (R2)");
      return;
    case "deploy": {
      need(p.hand.includes(a.card), "illegal_move", "that card is not in your hand");
      const d = defOf(s, a.card);
      if (d.type === "action") need(s.phase !== "over", "illegal_move", "not now");
      else need(s.phase === "main", "illegal_move", "Characters, Locations and Objects are Deployed only in the Main step");
      need(s.deployed < DEPLOY_LIMIT, "illegal_move", "you have already Deployed 3 cards this turn");
      const cost = deployCost(s, seat, a.card, a.target);
      need(p.bank - cost >= 1, "not_enough_shards", `Deploying costs ${cost}; your bank must keep at least 1 Shard (R3)`);
      if (d.type === "character" && d.infest && a.target !== undefined) {
        const ctl = controllerOf(s, a.target);
        need(ctl !== null && s.players[ctl].characters.includes(a.target), "illegal_move", "INFEST a Character on a Canvas");
        need(!infested(s, a.target), "illegal_move", "that Character is already infested (R37)");
      } else if (d.type === "object") {
        need(a.target !== undefined, "illegal_move", "an Object needs a Character to attach to");
        const ctl = controllerOf(s, a.target);
        need(ctl !== null && s.players[ctl].characters.includes(a.target), "illegal_move", "the target is not a Character on a Canvas");
        if (d.relic) need(!(s.attached[a.target] ?? []).some((o) => defOf(s, o).relic), "illegal_move", "a Character may wield only 1 Realm Relic");
      } else need(a.target === undefined, "illegal_move", "only Objects take a target");
      return;
    }
    case "attack": {
      need(s.phase === "main", "illegal_move", "attacks only in the Main step");
      need(p.characters.includes(a.attacker), "illegal_move", "the attacker is not a Character on your Canvas");
      const u = s.units[a.attacker];
      need(arrivedBefore(s, a.attacker), "illegal_move", "Characters cannot attack the turn they are Deployed");
      need(u.attacks < maxAttacks(s, a.attacker), "illegal_move", "this Character has no attack left this turn");
      const ctl = controllerOf(s, a.defender);
      need(ctl !== null && ctl !== seat && s.players[ctl].characters.includes(a.defender), "illegal_move", "the defender must be a Character on another Canvas");
      return;
    }
    case "resolve": {
      need(s.phase === "resolve", "illegal_move", "Achroma effects resolve in the Resolve step");
      need(controllerOf(s, a.card) === seat, "illegal_move", "that card is not on your Canvas");
      const u = s.units[a.card];
      if (infested(s, a.card)) {
        // R37: the HOST resolves its PARASITE's INFEST ability instead of its own.
        need(defOf(s, s.parasites[a.card]).infest?.length, "illegal_move", "an infested HOST cannot resolve its own Achroma effect");
        need(u.resolvedTurn !== s.turn, "illegal_move", "that card was already resolved this turn");
        need(!u.frozen, "illegal_move", "that card is FROZEN");
        return;
      }
      const ach = defOf(s, a.card).achroma;
      need(ach && ach.kind !== "prevent", "illegal_move", "that card has no Gain, Drain or Steal effect");
      need(u.resolvedTurn !== s.turn, "illegal_move", "that card was already resolved this turn");
      need(!u.frozen, "illegal_move", "that card is FROZEN");
      if (ach.kind !== "gain") need(bankTargets(s, seat).length > 0, "illegal_move", "no player can be Drained or Stolen from yet (R5)");
      return;
    }
    case "hunt": {
      need(s.phase === "main", "illegal_move", "HUNT in the Main step");
      need(controllerOf(s, a.hunter) === seat && !!defOf(s, a.hunter).hunt && !infested(s, a.hunter), "illegal_move", "that card on your Canvas cannot HUNT");
      need(!s.hunts.some((h) => h.hunter === a.hunter && h.turn === s.turn), "illegal_move", "that card has already HUNTed this turn");
      const ctl = controllerOf(s, a.target);
      need(ctl !== null && ctl !== seat && s.players[ctl].characters.includes(a.target), "illegal_move", "HUNT a Character on another Canvas");
      need(!has(s, a.target, "protection"), "illegal_move", "a PROTECTION Character cannot be damaged (R10)");
      return;
    }
    case "resolve_given": {
      need(s.phase === "resolve", "illegal_move", "Achroma effects resolve in the Resolve step");
      need(controllerOf(s, a.card) === seat, "illegal_move", "that card is not on your Canvas");
      const u = s.units[a.card];
      need(u.given.length > 0, "illegal_move", "that card has no SPLAT or SQUISH");
      need(!u.frozen, "illegal_move", "that card is FROZEN");
      if (u.given[0].kind === "drain") need(bankTargets(s, seat).length > 0, "illegal_move", "no player can be Drained yet (R5)");
      return;
    }
    case "proceed":
      need(s.phase === "main" || s.phase === "resolve", "illegal_move", "proceed moves from Main to Resolve and from Resolve to End");
      return;
    case "pass_turn":
      need(s.phase === "post", "illegal_move", "pass the turn after the End step");
      return;
    case "activate": {
      need(s.phase === "main", "illegal_move", "Pay X Shards abilities are used in your Main step (R34)");
      need(controllerOf(s, a.card) === seat && !!defOf(s, a.card).paid && !infested(s, a.card), "illegal_move", "no card of yours with a Pay X Shards ability");
      need(s.units[a.card].paidTurn !== s.turn, "illegal_move", "once per turn per card (R34)");
      const cost = defOf(s, a.card).paid!.cost;
      need(p.bank - cost >= 1, "not_enough_shards", `paying ${cost} would leave your bank at 0 (R3)`);
      return;
    }
    case "menagerie": {
      const d = controllerOf(s, a.card) === seat ? defOf(s, a.card) : null;
      need(d?.menagerie && !d.menagerie.onDeploy && !infested(s, a.card), "illegal_move", "no card of yours with a MENAGERIE ability");
      need(s.units[a.card].menagerieTurn !== s.turn, "illegal_move", "MENAGERIE triggers once per turn (R39)");
      need(characterKinds(s, seat) >= 3, "illegal_move", "MENAGERIE needs 3 unique Character types on your Canvas (R39)");
      return;
    }
    case "dispose":
      need(controllerOf(s, a.card) === seat && !!defOf(s, a.card).dispose && !infested(s, a.card), "illegal_move", "no card of yours with DISPOSE");
      return;
    case "mount": {
      need(s.phase === "main", "illegal_move", "MOUNT in your Main step (R38)");
      need(p.characters.includes(a.steed), "illegal_move", "the MOUNT must be a Character on your Canvas");
      const k = defOf(s, a.steed).kind;
      need((k === "dragon" || k === "drake") && !s.riders[a.steed], "illegal_move", "only an unmounted Dragon or Drake can be MOUNTED");
      const d = defOf(s, a.rider);
      need(d.type === "character" && !!d.mount && a.rider !== a.steed, "illegal_move", "that card cannot MOUNT");
      if (p.hand.includes(a.rider)) {
        need(s.deployed < DEPLOY_LIMIT, "illegal_move", "you have already Deployed 3 cards this turn");
        const cost = deployCost(s, seat, a.rider);
        need(p.bank - cost >= 1, "not_enough_shards", `Deploying costs ${cost}; your bank must keep at least 1 Shard (R3)`);
      } else {
        need(p.characters.includes(a.rider), "illegal_move", "the Rider comes from your hand or your Canvas");
        need(!s.riders[a.rider], "illegal_move", "a MOUNTED Dragon cannot ride");
      }
      return;
    }
    case "unveil":
      need(s.phase === "start" && s.deployed === 0, "illegal_move", "a SECRET is unveiled only at the very start of your turn (R22)");
      need(controllerOf(s, a.keeper) === seat && (s.secrets[a.keeper]?.length ?? 0) > 0, "illegal_move", "that card is not a Keeper on your Canvas");
      return;
    default:
      throw new RuleError("illegal_move", `${a.type} is not possible now`);
  }
}

// ---------------------------------------------------------------- mutation helpers

function draw(s: State, seat: Seat, n: number, ev: GameEvent[]): void {
  const p = s.players[seat];
  for (let i = 0; i < n && p.palette.length > 0; i++) {
    const c = p.palette.shift()!;
    p.hand.push(c);
    ev.push({ type: "draw", seat });
    ev.push({ type: "drew", seat, card: c, def: s.cards[c].def, to: [seat] });
  }
}

function newUnit(s: State): Unit {
  return newUnitFor(s.turn);
}
export function newUnitFor(turn: number): Unit {
  return {
    deployedTurn: turn,
    damage: 0,
    attacks: 0,
    rage: 0,
    shield: 0,
    shieldTurn: 0,
    frozen: false,
    resolvedTurn: 0,
    given: [],
    cursed: false,
    copy: null,
    gifts: [],
    paidTurn: 0,
    menagerieTurn: 0,
    divertTurn: 0,
  };
}

/** Sends a card that is off the Canvases (RESTRAINED, or its holder gone) to its owner's Dregs, with everything under or on it. */
function toDregs(s: State, uid: string): void {
  for (const o of s.attached[uid] ?? []) toDregs(s, o);
  delete s.attached[uid];
  for (const m of [s.riders, s.parasites]) {
    const x = m[uid];
    if (x) {
      delete m[uid];
      toDregs(s, x);
    }
  }
  for (const c of s.secrets[uid] ?? []) s.players[ownerOf(s, c)].dregs.push(c);
  delete s.secrets[uid];
  for (const c of s.restrained[uid] ?? []) toDregs(s, c);
  delete s.restrained[uid];
  delete s.units[uid];
  s.players[ownerOf(s, uid)].dregs.push(uid);
}

/** Erases a card from a Canvas to its owner's Dregs (a Character takes its Objects with it). */
export function erase(s: State, uid: string, ev: GameEvent[], leaving = false): void {
  if (!s.units[uid]) return;
  const ctl = controllerOf(s, uid);
  const type = defOf(s, uid).type;
  for (const p of s.players) {
    if (p.characters.includes(uid)) p.characters = p.characters.filter((c) => c !== uid);
    if (p.locations.includes(uid)) p.locations = p.locations.filter((c) => c !== uid);
  }
  for (const c in s.attached) if (s.attached[c].includes(uid)) s.attached[c] = s.attached[c].filter((o) => o !== uid);
  for (const m of [s.riders, s.parasites]) for (const k in m) if (m[k] === uid) delete m[k];
  for (const o of s.attached[uid] ?? []) erase(s, o, ev, leaving);
  delete s.attached[uid];
  // R37: a HOST's PARASITE is Erased with it, PROTECTION or not.
  const par = s.parasites[uid];
  if (par) {
    delete s.parasites[uid];
    erase(s, par, ev, leaving);
  }
  // R38: a Dragon Erased on its own leaves its Rider on the Canvas, unmounted.
  const rider = s.riders[uid];
  if (rider) {
    delete s.riders[uid];
    if (ctl !== null && !s.players[ctl].out && !leaving) s.players[ctl].characters.push(rider);
    else erase(s, rider, ev, leaving);
  }
  delete s.units[uid];
  // R22: the cards a Keeper hid go to their owners' Dregs, face down no more.
  for (const c of s.secrets[uid] ?? []) s.players[ownerOf(s, c)].dregs.push(c);
  delete s.secrets[uid];
  // R30: RESTRAINED cards return to their owner's Canvas, able to attack; to the Dregs when the owner is out or the holder's controller leaves.
  for (const c of s.restrained[uid] ?? []) {
    const owner = s.players[ownerOf(s, c)];
    if (leaving || owner.out) toDregs(s, c);
    else {
      (defOf(s, c).type === "location" ? owner.locations : owner.characters).push(c);
      for (const x of bundle(s, c)) s.units[x] = newUnitFor(0);
      ev.push({ type: "released", card: c, def: s.cards[c].def, owner: ownerOf(s, c) });
      heroicArrival(s, c, ev);
    }
  }
  delete s.restrained[uid];
  s.players[ownerOf(s, uid)].dregs.push(uid);
  ev.push({ type: "erased", card: uid, def: s.cards[uid].def, owner: ownerOf(s, uid) });
  if (!leaving && ctl !== null) s.erasedLog.push({ card: uid, from: ctl, type });
}

/**
 * R17: one copy of a Heroic card per Canvas. When a card arrives on a Canvas other than by a Deploy (COPY, CLAIM,
 * SWAP, REPLACE, release from RESTRAIN) as a second copy of a Heroic card there, the original copy is Erased.
 */
function heroicArrival(s: State, uid: string, ev: GameEvent[]): void {
  if (!s.units[uid]) return;
  const d = defOf(s, uid);
  if (!d.heroic) return;
  const ctl = controllerOf(s, uid);
  if (ctl === null) return;
  for (const c of canvasCards(s, ctl)) if (c !== uid && s.units[c] && defOf(s, c).heroic && defOf(s, c).id === d.id) erase(s, c, ev);
}

function tradeCard(s: State, seat: Seat, uid: string, limited: boolean, ev: GameEvent[]): void {
  const p = s.players[seat];
  p.hand = p.hand.filter((c) => c !== uid);
  p.dregs.push(uid);
  const value = defOf(s, uid).shards;
  const got = limited ? Math.min(value, TRADE_LIMIT - s.traded) : value;
  if (limited) s.traded += got;
  p.bank += got;
  ev.push({ type: "trade", seat, card: uid, def: s.cards[uid].def, shards: got });
}

/** Puts a card from hand onto the Canvas (paid or free) and queues its ACTION. */
function place(s: State, seat: Seat, uid: string, target: string | undefined, ev: GameEvent[]): void {
  const p = s.players[seat];
  const d = defOf(s, uid);
  p.hand = p.hand.filter((c) => c !== uid);
  if (d.type === "action") s.resolving.push(uid);
  else {
    if (d.heroic) {
      // R17: on the Canvas the card arrives on (an Object or PARASITE lands on its Character's Canvas).
      const where = target !== undefined ? (controllerOf(s, target) ?? seat) : seat;
      const old = canvasCards(s, where).find((c) => defOf(s, c).id === d.id);
      if (old) erase(s, old, ev);
    }
    s.units[uid] = newUnit(s);
    if (d.type === "character" && target !== undefined) s.parasites[target] = uid; // R37: INFEST
    else if (d.type === "character") p.characters.push(uid);
    else if (d.type === "location") p.locations.push(uid);
    else (s.attached[target!] ??= []).push(uid);
  }
  // R39: "ACTION: MENAGERIE:" happens only with 3+ Character types on the Canvas once the card is there.
  if (d.menagerie?.onDeploy && characterKinds(s, controllerOf(s, uid) ?? seat) >= 3) s.stack.push({ seat, source: uid, steps: d.menagerie.steps, idx: 0 });
  if (d.action.length > 0) s.stack.push({ seat, source: uid, steps: d.action, idx: 0 });
}

/** R36: DISPOSE Erases the card, then its ability happens (as a Reaction, its Deploys wait). */
function dispose(s: State, seat: Seat, uid: string, asReaction: boolean, ev: GameEvent[]): void {
  const steps = defOf(s, uid).dispose!;
  ev.push({ type: "dispose", seat, card: uid, def: s.cards[uid].def, reaction: asReaction });
  erase(s, uid, ev);
  s.stack.push({ seat, source: uid, steps, idx: 0, ...(asReaction ? { defer: true } : {}) });
}

/** Sets the prompt for a Drain/Steal target's Prevent, or applies the transfer at once. */
function bankHit(s: State, from: Seat, target: Seat, steal: boolean, amount: number, ev: GameEvent[]): void {
  const max = Math.min(preventRemaining(s, target), amount);
  if (max > 0) {
    s.prompt = { kind: "prevent", seat: target, from, steal, amount, max };
    return;
  }
  transfer(s, from, target, steal, amount, 0, ev);
}

function transfer(s: State, from: Seat, target: Seat, steal: boolean, amount: number, prevented: number, ev: GameEvent[]): void {
  const t = s.players[target];
  const lost = Math.min(amount - prevented, t.bank);
  t.bank -= lost;
  if (steal) s.players[from].bank += lost;
  ev.push({ type: steal ? "steal" : "drain", seat: from, target, shards: lost, prevented });
}

/** Steps that target a card on a Canvas: the target's controller may DIVERT them (R35). */
const DIVERTABLE = new Set(["damage", "freeze", "curse", "claim", "restrain", "swap", "splat", "copy"]);

/** A step's option is chosen: offer DIVERT to the targeted card's controller when they can, else do the step. */
function chosen(s: State, f: Frame, step: Step, option: string | null, ev: GameEvent[]): void {
  if (option !== null && option !== "pass" && DIVERTABLE.has(step.k) && s.units[option]) {
    const ctl = controllerOf(s, option);
    if (ctl !== null && ctl !== f.seat && ctl !== s.active) {
      const legal = stepOptions(s, f.seat, step, f.source, f);
      const opts = canvasCards(s, ctl).filter(
        (c) => c !== option && has(s, c, "divert") && !infested(s, c) && s.units[c].divertTurn !== s.turn && legal.includes(c),
      );
      if (opts.length > 0) {
        s.divert = { option, step };
        s.prompt = { kind: "react", seat: ctl, trigger: "target", options: ["pass", ...opts.map((c) => `divert:${c}`)] };
        return;
      }
    }
  }
  doStep(s, f, step, option, ev);
}

function doStep(s: State, f: Frame, step: Step, option: string | null, ev: GameEvent[]): void {
  const seat = f.seat;
  const p = s.players[seat];
  if (option === "pass") {
    ev.push({ type: "pass", seat, step: step.k }); // R41: "you may"
    return;
  }
  switch (step.k) {
    case "gain":
      p.bank += step.n;
      ev.push({ type: "gain", seat, shards: step.n, source: f.source });
      return;
    case "draw":
      draw(s, seat, step.n, ev);
      return;
    case "drain":
    case "steal":
      bankHit(s, seat, Number(option), step.k === "steal", step.n, ev);
      return;
    case "damage": {
      const u = s.units[option!];
      u.damage += step.n;
      ev.push({ type: "damage", seat, card: option, shards: step.n });
      if (shardValue(s, option!) <= 0) erase(s, option!, ev);
      return;
    }
    case "freeze":
      s.units[option!].frozen = true;
      ev.push({ type: "freeze", seat, card: option });
      return;
    case "find": {
      const c = p.palette.find((x) => s.cards[x].def === option)!;
      p.palette = p.palette.filter((x) => x !== c);
      p.hand.push(c);
      shuffleInPlace(s, p.palette);
      ev.push({ type: "find", seat });
      ev.push({ type: "found", seat, card: c, def: option, to: [seat] });
      return;
    }
    case "dig":
      p.dregs = p.dregs.filter((x) => x !== option);
      p.hand.push(option!);
      ev.push({ type: "dig", seat, card: option, def: s.cards[option!].def });
      return;
    case "rage":
      s.units[option!].rage++;
      ev.push({ type: "rage", seat, card: option });
      return;
    case "trade":
      tradeCard(s, seat, option!, false, ev);
      return;
    case "deploy_free":
      if (f.defer) {
        // R36: a card Deployed by a DISPOSE Reaction waits until everything else has concluded.
        p.hand = p.hand.filter((c) => c !== option);
        s.deferred.push({ seat, card: option! });
        ev.push({ type: "deferred", seat, card: option, def: s.cards[option!].def });
        return;
      }
      ev.push({ type: "deploy", seat, card: option, def: s.cards[option!].def, free: true });
      place(s, seat, option!, undefined, ev);
      return;
    case "secret": {
      const from = Number(option);
      const c = s.players[from].palette.shift()!;
      (s.secrets[f.source] ??= []).push(c);
      ev.push({ type: "secret", seat, keeper: f.source, palette: from });
      return;
    }
    case "unveiled": {
      s.unveiling = s.unveiling.filter((c) => c !== step.card);
      const target = defOf(s, step.card).type === "object" ? option! : undefined;
      ev.push({ type: "deploy", seat, card: step.card, def: s.cards[step.card].def, free: true, ...(target ? { target } : {}) });
      place(s, seat, step.card, target, ev);
      return;
    }
    case "reveal": {
      const defs: string[] = [];
      const i = p.palette.findIndex((c) => defOf(s, c).type === step.type);
      const upTo = i < 0 ? p.palette.length : i + 1;
      for (const c of p.palette.slice(0, upTo)) defs.push(s.cards[c].def);
      if (i >= 0) p.hand.push(p.palette.splice(i, 1)[0]);
      shuffleInPlace(s, p.palette);
      s.lastReveal = { seat, defs };
      ev.push({ type: "reveal", seat, defs, found: i >= 0 });
      return;
    }
    case "research": {
      const count = Math.min(step.n, p.palette.length);
      s.research = { seat, count, placed: 0, ordering: false };
      ev.push({ type: "research", seat, count });
      ev.push({ type: "looked", seat, cards: p.palette.slice(0, count), to: [seat] });
      return;
    }
    case "sacrifice":
      f.erased = { type: defOf(s, option!).type, seat: controllerOf(s, option!)! };
      ev.push({ type: "sacrifice", seat, card: option });
      erase(s, option!, ev);
      return;
    case "restrain": {
      const from = controllerOf(s, option!)!;
      const q = s.players[from];
      q.characters = q.characters.filter((c) => c !== option);
      q.locations = q.locations.filter((c) => c !== option);
      for (const x of bundle(s, option!)) delete s.units[x];
      (s.restrained[f.source] ??= []).push(option!);
      ev.push({ type: "restrain", seat, card: option, def: s.cards[option!].def, by: f.source, from });
      return;
    }
    case "copy":
      s.units[f.source].copy = defOf(s, option!).id;
      ev.push({ type: "copy", seat, card: f.source, copies: option, def: defOf(s, option!).id });
      heroicArrival(s, f.source, ev);
      return;
    case "swap": {
      const a = f.source;
      const b = option!;
      const pa = s.players[controllerOf(s, a)!];
      const pb = s.players[controllerOf(s, b)!];
      const ia = pa.characters.indexOf(a);
      const ib = pb.characters.indexOf(b);
      pa.characters[ia] = b;
      pb.characters[ib] = a;
      ev.push({ type: "swap", seat, card: a, with: b });
      heroicArrival(s, a, ev);
      heroicArrival(s, b, ev);
      return;
    }
    case "replace": {
      const e = f.erased!;
      const q = s.players[e.seat];
      p.hand = p.hand.filter((c) => c !== option);
      s.units[option!] = newUnit(s);
      (e.type === "location" ? q.locations : q.characters).push(option!);
      ev.push({ type: "replace", seat, card: option, def: s.cards[option!].def, canvas: e.seat });
      heroicArrival(s, option!, ev);
      return;
    }
    case "give":
      s.units[option!].gifts.push(step.kw);
      ev.push({ type: "give", seat, card: option, keyword: step.kw });
      return;
    case "claim": {
      const from = controllerOf(s, option!)!;
      const q = s.players[from];
      q.characters = q.characters.filter((c) => c !== option);
      q.locations = q.locations.filter((c) => c !== option);
      (step.type === "character" ? p.characters : p.locations).push(option!);
      const u = s.units[option!];
      u.deployedTurn = s.turn; // R27: arrives like a Deploy: no attack this turn
      u.attacks = 0;
      ev.push({ type: "claim", seat, card: option, from });
      heroicArrival(s, option!, ev);
      return;
    }
    case "curse":
      s.units[option!].cursed = true;
      ev.push({ type: "curse", seat, card: option });
      return;
    case "gain_count": {
      const { filter } = step;
      // R44: an Action card being resolved is on its deployer's Canvas, so it counts (never CURSED: it has no unit).
      const pool = step.scope === "all" ? [...allCanvas(s), ...s.resolving] : [...canvasCards(s, seat), ...s.resolving.filter((c) => ownerOf(s, c) === seat)];
      const n = pool.filter((c) => {
        const d = defOf(s, c);
        const achrom = d.achrom ?? 0;
        return (
          (!filter.cursed || !!s.units[c]?.cursed) &&
          (!filter.achrom || achrom > 0) &&
          (!filter.chroma || d.shards - achrom > 0) &&
          (!filter.type || d.type === filter.type)
        );
      }).length;
      p.bank += n;
      ev.push({ type: "gain", seat, shards: n, source: f.source });
      return;
    }
    case "splat":
      s.units[option!].given.push({ kind: step.kind, n: step.n, by: seat });
      ev.push({ type: step.kind === "gain" ? "splat" : "squish", seat, card: option, shards: step.n });
      return;
  }
}

/** Runs queued effects until one needs a decision (sets the prompt) or none is left. */
export function run(s: State, ev: GameEvent[]): void {
  while (!s.outcome && !s.prompt) {
    if (s.erasedLog.length > 0) {
      erasedTriggers(s, ev);
      continue;
    }
    if (s.combat) {
      continueCombat(s, ev);
      if (s.prompt) return;
      continue;
    }
    if (s.research) {
      researchPrompt(s, ev);
      if (s.prompt) return;
      continue;
    }
    const f = s.stack[s.stack.length - 1];
    if (!f) {
      if (s.window) {
        nextReaction(s, ev);
        continue;
      }
      const d = s.deferred.shift();
      if (!d) break;
      if (s.players[d.seat].out) s.players[ownerOf(s, d.card)].dregs.push(d.card);
      else {
        ev.push({ type: "deploy", seat: d.seat, card: d.card, def: s.cards[d.card].def, free: true });
        place(s, d.seat, d.card, undefined, ev);
      }
      settle(s, ev);
      continue;
    }
    if (f.idx >= f.steps.length) {
      s.stack.pop();
      if (s.resolving.includes(f.source)) {
        s.resolving = s.resolving.filter((c) => c !== f.source);
        s.players[ownerOf(s, f.source)].dregs.push(f.source);
      }
      continue;
    }
    const step = f.steps[f.idx];
    // R18: a FROZEN card cannot Gain, Drain or Steal, by its abilities either (MENAGERIE, Erase triggers, Pay X).
    // An INFEST ability is the HOST's (its `resolve` checks the HOST), so a PARASITE source is not checked here.
    if (BANK_STEPS.has(step.k) && s.units[f.source]?.frozen && !Object.values(s.parasites).includes(f.source)) {
      f.idx++;
      ev.push({ type: "fizzle", seat: f.seat, step: step.k, frozen: f.source });
      settle(s, ev);
      continue;
    }
    const needsChoice = !NO_CHOICE.has(step.k);
    if (!needsChoice && !step.may) {
      f.idx++;
      doStep(s, f, step, null, ev);
    } else if (!needsChoice) {
      s.prompt = { kind: "choose", seat: f.seat, step, options: ["pass", "do"], optional: true };
    } else {
      const options = stepOptions(s, f.seat, step, f.source, f);
      if (options.length === 0) {
        f.idx++;
        ev.push({ type: "fizzle", seat: f.seat, step: step.k });
        if (step.k === "sacrifice") f.idx = f.steps.length; // R24: unpaid SACRIFICE cancels the ability
        if (step.k === "unveiled") {
          s.unveiling = s.unveiling.filter((c) => c !== step.card);
          s.players[ownerOf(s, step.card)].dregs.push(step.card);
        }
      } else if (options.length === 1 && !HIDDEN_CHOICES.has(step.k) && !step.may) {
        f.idx++;
        chosen(s, f, step, options[0], ev);
      } else if (step.may && step.k !== "splat") {
        s.prompt = { kind: "choose", seat: f.seat, step, options: ["pass", ...options], optional: true };
      } else {
        s.prompt = { kind: "choose", seat: f.seat, step, options, optional: false };
      }
    }
    settle(s, ev);
  }
  settle(s, ev);
}

const NO_CHOICE = new Set(["gain", "draw", "reveal", "research", "gain_count"]);
const BANK_STEPS = new Set(["gain", "drain", "steal", "gain_count"]);
/** R45: choices among hidden cards (Palette, hand) are always asked, even with one option, so nobody learns how many there were. */
const HIDDEN_CHOICES = new Set(["find", "trade", "deploy_free", "replace"]);

/** R40: Erase-triggered abilities of cards still on a Canvas once the Erasing effect has fully resolved. */
function erasedTriggers(s: State, ev: GameEvent[]): void {
  const log = s.erasedLog;
  s.erasedLog = [];
  for (const seat of live(s))
    for (const w of canvasCards(s, seat)) {
      const oe = defOf(s, w).onErase;
      if (!oe || infested(s, w)) continue;
      for (const e of log) {
        const where = oe.from === "any" || (oe.from === "mine") === (e.from === seat);
        if (e.card === w || !where || (oe.type && oe.type !== e.type)) continue;
        ev.push({ type: "erase_trigger", seat, card: w, erased: e.card });
        s.stack.push({ seat, source: w, steps: oe.steps, idx: 0 });
      }
    }
}

/** R35: asks the next player in turn order who can React; when none is left the declared action happens if it still can. */
function nextReaction(s: State, ev: GameEvent[]): void {
  const w = s.window!;
  while (w.queue.length > 0) {
    const seat = w.queue.shift()!;
    if (s.players[seat].out) continue;
    const options = reactionOptions(s, w, seat);
    if (options.length > 0) {
      s.prompt = { kind: "react", seat, trigger: w.trigger, options: ["pass", ...options] };
      return;
    }
  }
  s.window = null;
  let ok = !s.players[w.seat].out;
  if (ok) {
    probing = true;
    try {
      validate(s, w.seat, w.action);
    } catch (e) {
      if (e !== PROBE_FAIL) throw e;
      ok = false;
    } finally {
      probing = false;
    }
  }
  if (ok) execute(s, w.seat, w.action, ev);
  else ev.push({ type: "fizzle", seat: w.seat, declared: w.action.type });
}

function reactionOptions(s: State, w: ReactionWindow, seat: Seat): string[] {
  const out: string[] = [];
  const a = w.action;
  if (a.type === "attack" && controllerOf(s, a.defender) === seat)
    for (const c of s.players[seat].characters) if (c !== a.defender && has(s, c, "defend") && !infested(s, c)) out.push(`defend:${c}`);
  for (const c of canvasCards(s, seat)) if (defOf(s, c).dispose && !infested(s, c)) out.push(`dispose:${c}`);
  return out;
}

const TRIGGERS: Partial<Record<Action["type"], ReactionWindow["trigger"]>> = {
  deploy: "deploy",
  attack: "attack",
  mount: "ability",
  activate: "ability",
  menagerie: "ability",
  dispose: "ability",
  hunt: "ability",
  resolve: "ability",
  resolve_given: "ability",
  unveil: "ability",
};

/** R23: RESEARCH asks to buy (while the bank can pay 1 and keep 1), then to order the rest. */
function researchPrompt(s: State, ev: GameEvent[]): void {
  const r = s.research!;
  const p = s.players[r.seat];
  if (!r.ordering) {
    if (r.count > 0 && p.bank >= 2) {
      s.prompt = { kind: "research", seat: r.seat, ordering: false, options: ["done", ...p.palette.slice(0, r.count)] };
      return;
    }
    r.ordering = true;
  }
  if (r.count - r.placed >= 2) {
    s.prompt = { kind: "research", seat: r.seat, ordering: true, options: p.palette.slice(r.placed, r.count) };
    return;
  }
  s.research = null;
  ev.push({ type: "research_done", seat: r.seat });
}

function researchChoice(s: State, option: string, ev: GameEvent[]): void {
  const r = s.research!;
  const p = s.players[r.seat];
  if (!r.ordering) {
    if (option === "done") {
      r.ordering = true;
      return;
    }
    p.palette = p.palette.filter((c) => c !== option);
    p.hand.push(option);
    p.bank -= 1;
    r.count--;
    ev.push({ type: "research_keep", seat: r.seat, shards: 1 });
    ev.push({ type: "kept", seat: r.seat, card: option, def: s.cards[option].def, to: [r.seat] });
    return;
  }
  const rest = p.palette.filter((c) => c !== option);
  rest.splice(r.placed, 0, option);
  p.palette = rest;
  r.placed++;
}

// ---------------------------------------------------------------- combat

function continueCombat(s: State, ev: GameEvent[]): void {
  const c = s.combat!;
  const defCtl = controllerOf(s, c.defender)!;
  // SHIELD WALL: once per turn per Character, for the (final) defender.
  const du = s.units[c.defender];
  if (du.shieldTurn !== s.turn) {
    const x = canvasCards(s, defCtl).reduce((n, k) => n + (infested(s, k) ? 0 : (defOf(s, k).shieldWall ?? 0)), 0);
    if (x > 0) {
      du.shield += x;
      du.shieldTurn = s.turn;
      ev.push({ type: "shield_wall", seat: defCtl, card: c.defender, shards: x });
    }
  }
  for (const side of ["att", "def"] as const) {
    const char = side === "att" ? c.attacker : c.defender;
    const key = side === "att" ? "attOrder" : "defOrder";
    const objs = unitObjects(s, char);
    const order = c[key] ?? [];
    if (objs.length < 2) {
      c[key] = [...objs];
      continue;
    }
    const rest = objs.filter((o) => !order.includes(o));
    if (rest.length === 1) c[key] = [...order, rest[0]];
    if (rest.length >= 2) {
      c[key] = order;
      s.prompt = { kind: "order", seat: controllerOf(s, char)!, char, options: rest };
      return;
    }
  }
  const aStr = strength(s, c.attacker);
  const dStr = strength(s, c.defender);
  const aPois = has(s, c.attacker, "poisonous");
  const dPois = has(s, c.defender, "poisonous");
  ev.push({ type: "combat", attacker: c.attacker, defender: c.defender, attackerStrength: aStr, defenderStrength: dStr });
  s.combat = null;
  const toErase = [...combatDamage(s, c.defender, aStr, c.defOrder!, aPois), ...combatDamage(s, c.attacker, dStr, c.attOrder!, dPois)];
  for (const x of toErase) if (s.units[x]) erase(s, x, ev);
}

/** Applies combat damage to a Character and its Objects; returns the cards to Erase. */
function combatDamage(s: State, char: string, amount: number, order: string[], poisonous: boolean): string[] {
  if (amount <= 0) return [];
  // R10: PROTECTION is the Character's own: its Objects still absorb first (R9); what is left stops at the Character.
  const shielded = has(s, char, "protection") && !poisonous;
  const out: string[] = [];
  let left = amount;
  for (const o of order) {
    if (left <= 0) break;
    const take = Math.min(left, shardValue(s, o));
    s.units[o].damage += take;
    left -= take;
    if ((take > 0 && poisonous) || shardValue(s, o) <= 0) out.push(o);
  }
  if (shielded) return out;
  const rider = s.riders[char];
  if (left > 0 && rider) {
    // R38: the unit's damage counts only once it is enough to Erase both cards (POISONOUS: any damage); then both go.
    if (poisonous || left >= shardValue(s, char) + shardValue(s, rider)) out.push(rider, char);
    return out;
  }
  if (left > 0) {
    const take = Math.min(left, shardValue(s, char));
    s.units[char].damage += take;
    if ((take > 0 && poisonous) || shardValue(s, char) <= 0) out.push(char);
  }
  return out;
}

// ---------------------------------------------------------------- turns, leaving, winning

export function startTurn(s: State, ev: GameEvent[]): void {
  s.turn++;
  s.deployed = 0;
  s.traded = 0;
  for (const p of s.players) p.preventUsed = 0;
  for (const u of Object.values(s.units)) {
    u.attacks = 0;
    u.rage = 0;
    u.given = u.given.filter((g) => g.by !== s.active); // R26: until the start of the giver's next turn
  }
  s.phase = s.players.length === 2 && s.turn === 1 ? "main" : "start";
  ev.push({ type: "turn", seat: s.active, turn: s.turn });
  // R29: the active player's HUNTs resolve now if both cards are still where they were.
  const same = (c: string, at: [Seat, number]) => !!s.units[c] && controllerOf(s, c) === at[0] && s.units[c].deployedTurn === at[1];
  for (const h of s.hunts.filter((x) => x.seat === s.active)) {
    if (!same(h.hunter, h.hunterAt) || !same(h.target, h.targetAt)) {
      ev.push({ type: "hunt_lost", seat: h.seat, hunter: h.hunter, target: h.target });
      continue;
    }
    // R10: a target that has PROTECTION by now cannot be damaged by the HUNT.
    if (has(s, h.target, "protection")) {
      ev.push({ type: "hunt_lost", seat: h.seat, hunter: h.hunter, target: h.target, protection: true });
      continue;
    }
    const n = defOf(s, h.hunter).hunt!;
    s.units[h.target].damage += n;
    ev.push({ type: "damage", seat: h.seat, card: h.target, shards: n, hunt: h.hunter });
    if (shardValue(s, h.target) <= 0) erase(s, h.target, ev);
  }
  s.hunts = s.hunts.filter((x) => x.seat !== s.active);
  if (s.turn > MAX_TURNS) finish(s, null, "turn_limit", ev);
}

function endTurn(s: State, ev: GameEvent[]): void {
  const me = s.active;
  for (const [uid, u] of Object.entries(s.units)) {
    u.damage = 0;
    if (controllerOf(s, uid) === me) {
      u.frozen = false;
      u.shield = 0; // R15: SHIELD WALL lasts "until the end of your turn" (the defending controller's)
    }
  }
  s.players[me].hadTurn = true;
  ev.push({ type: "pass_turn", seat: me });
  const n = s.players.length;
  let next = (me + 1) % n;
  while (s.players[next].out) next = (next + 1) % n;
  s.active = next;
  startTurn(s, ev);
}

function leave(s: State, seat: Seat, ev: GameEvent[]): void {
  const p = s.players[seat];
  p.out = true;
  s.leftOrder.push(seat);
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

function finish(s: State, winner: Seat | null, reason: string, ev: GameEvent[]): void {
  const key = (i: number): number[] => {
    const p = s.players[i];
    if (i === winner) return [2, 0];
    // R12: the turn cap is a draw among the players still in the game; otherwise they rank by bank (R13).
    if (!p.out) return [1, reason === "turn_limit" ? 0 : p.bank];
    return [0, s.leftOrder.indexOf(i)];
  };
  const better = (a: number[], b: number[]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
  const ranks = s.players.map((_, i) => 1 + s.players.filter((_, j) => better(key(j), key(i))).length);
  s.outcome = { ranks, reason };
  s.phase = "over";
  s.prompt = null;
  s.stack = [];
  s.combat = null;
  ev.push({ type: "game_over", winner, reason, ranks });
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

// ---------------------------------------------------------------- apply

export function applyAction(state: State, seat: Seat, a: Action): { state: State; events: GameEvent[] } {
  validate(state, seat, a);
  const s = cloneState(state);
  const ev: GameEvent[] = [];
  const p = s.players[seat];
  if (s.phase === "mulligan") {
    if (a.type === "mulligan") {
      p.palette.push(...p.hand);
      p.hand = [];
      shuffleInPlace(s, p.palette);
      p.hand = p.palette.splice(0, HAND_SIZE);
      p.mulligan = "mulliganed";
      ev.push({ type: "mulligan", seat });
      ev.push({ type: "hand", seat, cards: [...p.hand], to: [seat] });
    } else {
      p.mulligan = "kept";
      ev.push({ type: "keep", seat });
    }
    if (s.players.every((x) => x.mulligan !== "pending")) startTurn(s, ev);
    return { state: s, events: ev };
  }
  const pr = s.prompt;
  if (pr) {
    s.prompt = null;
    if (pr.kind === "choose") {
      const f = s.stack[s.stack.length - 1];
      f.idx++;
      chosen(s, f, pr.step, (a as { option: string }).option, ev);
    } else if (pr.kind === "prevent") {
      const amount = (a as { amount: number }).amount;
      s.players[seat].preventUsed += amount;
      transfer(s, pr.from, seat, pr.steal, pr.amount, amount, ev);
    } else if (pr.kind === "research") {
      researchChoice(s, (a as { option: string }).option, ev);
    } else if (pr.kind === "react") {
      const option = (a as { option: string }).option;
      const [what, card] = option.split(":");
      if (pr.trigger === "target") {
        // R35: DIVERT moves the targeted step to the DIVERT card.
        const d = s.divert!;
        s.divert = null;
        let target = d.option;
        if (what === "divert") {
          s.units[card].divertTurn = s.turn;
          ev.push({ type: "divert", seat, card, from: target, step: d.step.k });
          target = card;
        } else ev.push({ type: "pass", seat, step: "divert" });
        doStep(s, s.stack[s.stack.length - 1], d.step, target, ev);
      } else if (what === "defend") {
        const w = s.window!.action as Extract<Action, { type: "attack" }>;
        ev.push({ type: "defend", seat, card, instead: w.defender });
        w.defender = card;
      } else if (what === "dispose") dispose(s, seat, card, true, ev);
      else ev.push({ type: "pass", seat, step: "react" });
    } else {
      const c = s.combat!;
      const key = pr.char === c.attacker ? "attOrder" : "defOrder";
      c[key] = [...(c[key] ?? []), (a as { option: string }).option];
    }
    run(s, ev);
    return { state: s, events: ev };
  }
  // R35: a declared Deploy, ability or attack first gives the other players, in turn order, one chance each to React.
  const trigger = a.type === "mount" && p.hand.includes(a.rider) ? "deploy" : TRIGGERS[a.type];
  if (trigger) {
    const n = s.players.length;
    const queue: Seat[] = [];
    for (let k = 1; k < n; k++) {
      const i = (seat + k) % n;
      if (!s.players[i].out) queue.push(i);
    }
    const w: ReactionWindow = { seat, trigger, action: a, queue };
    if (queue.some((i) => reactionOptions(s, w, i).length > 0)) {
      s.window = w;
      ev.push({ type: "declare", seat, action: a.type });
      run(s, ev);
      return { state: s, events: ev };
    }
  }
  execute(s, seat, a, ev);
  run(s, ev);
  return { state: s, events: ev };
}

/** Carries out a validated action of the turn player (after any Reactions). */
function execute(s: State, seat: Seat, a: Action, ev: GameEvent[]): void {
  const p = s.players[seat];
  switch (a.type) {
    case "draw":
    case "trade":
    case "skip":
      if (a.type === "draw") draw(s, seat, 1, ev);
      else if (a.type === "trade") tradeCard(s, seat, a.card, true, ev);
      else ev.push({ type: "skip", seat, step: s.phase });
      s.phase = s.phase === "start" ? "main" : "post";
      break;
    case "deploy": {
      const cost = deployCost(s, seat, a.card, a.target);
      p.bank -= cost;
      s.deployed++;
      const infest = defOf(s, a.card).type === "character" && a.target !== undefined;
      ev.push({ type: "deploy", seat, card: a.card, def: s.cards[a.card].def, cost, ...(a.target ? { target: a.target } : {}), ...(infest ? { infest: true } : {}) });
      place(s, seat, a.card, a.target, ev);
      break;
    }
    case "attack":
      s.units[a.attacker].attacks++;
      ev.push({ type: "attack", seat, attacker: a.attacker, defender: a.defender });
      s.combat = { attacker: a.attacker, defender: a.defender, attOrder: null, defOrder: null };
      break;
    case "resolve": {
      s.units[a.card].resolvedTurn = s.turn;
      ev.push({ type: "resolve", seat, card: a.card });
      const par = s.parasites[a.card];
      if (par) s.stack.push({ seat, source: par, steps: defOf(s, par).infest!, idx: 0 });
      else {
        const ach = defOf(s, a.card).achroma!;
        s.stack.push({ seat, source: a.card, steps: [{ k: ach.kind as "gain", n: ach.n }], idx: 0 });
      }
      break;
    }
    case "activate": {
      const paid = defOf(s, a.card).paid!;
      p.bank -= paid.cost;
      s.units[a.card].paidTurn = s.turn;
      ev.push({ type: "activate", seat, card: a.card, shards: paid.cost });
      s.stack.push({ seat, source: a.card, steps: paid.steps, idx: 0 });
      break;
    }
    case "menagerie":
      s.units[a.card].menagerieTurn = s.turn;
      ev.push({ type: "menagerie", seat, card: a.card });
      s.stack.push({ seat, source: a.card, steps: defOf(s, a.card).menagerie!.steps, idx: 0 });
      break;
    case "dispose":
      dispose(s, seat, a.card, false, ev);
      break;
    case "mount":
      if (p.hand.includes(a.rider)) {
        const cost = deployCost(s, seat, a.rider);
        p.bank -= cost;
        s.deployed++;
        p.hand = p.hand.filter((c) => c !== a.rider);
        s.units[a.rider] = newUnit(s);
        s.riders[a.steed] = a.rider;
        ev.push({ type: "deploy", seat, card: a.rider, def: s.cards[a.rider].def, cost, mount: a.steed });
        const d = defOf(s, a.rider);
        if (d.action.length > 0) s.stack.push({ seat, source: a.rider, steps: d.action, idx: 0 });
      } else {
        p.characters = p.characters.filter((c) => c !== a.rider);
        s.riders[a.steed] = a.rider;
        ev.push({ type: "mount", seat, rider: a.rider, steed: a.steed });
      }
      break;
    case "hunt": {
      const at = (c: string): [Seat, number] => [controllerOf(s, c)!, s.units[c].deployedTurn];
      s.hunts.push({ seat, hunter: a.hunter, target: a.target, hunterAt: at(a.hunter), targetAt: at(a.target), turn: s.turn });
      ev.push({ type: "hunt", seat, hunter: a.hunter, target: a.target });
      break;
    }
    case "resolve_given": {
      const g = s.units[a.card].given.shift()!;
      ev.push({ type: "resolve", seat, card: a.card, given: g.kind });
      s.stack.push({ seat, source: a.card, steps: [{ k: g.kind, n: g.n }], idx: 0 });
      break;
    }
    case "proceed":
      s.phase = s.phase === "main" ? "resolve" : "end";
      ev.push({ type: "step", seat, phase: s.phase });
      break;
    case "pass_turn":
      endTurn(s, ev);
      break;
    case "unveil": {
      const hidden = s.secrets[a.keeper];
      delete s.secrets[a.keeper];
      s.unveiling.push(...hidden);
      ev.push({ type: "unveil", seat, keeper: a.keeper, cards: hidden.map((c) => ({ uid: c, def: s.cards[c].def })) });
      erase(s, a.keeper, ev);
      s.stack.push({ seat, source: a.keeper, steps: hidden.map((c) => ({ k: "unveiled" as const, card: c })), idx: 0 });
      break;
    }
  }
}

// ---------------------------------------------------------------- legal actions

export function legalActions(s: State, seat: Seat): Action[] {
  if (!actors(s).includes(seat)) return [];
  const cands: Action[] = [];
  const p = s.players[seat];
  const pr = s.prompt;
  if (s.phase === "mulligan") cands.push({ type: "keep" }, { type: "mulligan" });
  else if (pr) {
    if (pr.kind === "choose" || pr.kind === "order" || pr.kind === "research") for (const o of pr.options) cands.push({ type: "choose", option: o });
    else if (pr.kind === "prevent") for (let i = 0; i <= pr.max; i++) cands.push({ type: "prevent", amount: i });
    else for (const o of pr.options) cands.push({ type: "react", option: o });
  } else {
    // Only the candidates the step allows (validate still has the last word).
    const ph = s.phase;
    const stepDecision = ph === "start" || ph === "end";
    if (stepDecision) cands.push(p.palette.length > 0 ? { type: "draw" } : { type: "skip" });
    if (ph === "main" || ph === "resolve") cands.push({ type: "proceed" });
    if (ph === "post") cands.push({ type: "pass_turn" });
    const canPay = s.deployed < DEPLOY_LIMIT;
    for (const c of p.hand) {
      if (stepDecision) cands.push({ type: "trade", card: c });
      if (!canPay) continue;
      const t = defOf(s, c).type;
      if (t === "action") cands.push({ type: "deploy", card: c });
      else if (ph === "main") {
        const d = defOf(s, c);
        if (d.infest) for (const i of live(s)) for (const ch of s.players[i].characters) cands.push({ type: "deploy", card: c, target: ch });
        if (d.mount) for (const st of p.characters) cands.push({ type: "mount", rider: c, steed: st });
        if (t === "object") {
          for (const i of live(s)) for (const ch of s.players[i].characters) cands.push({ type: "deploy", card: c, target: ch });
        } else cands.push({ type: "deploy", card: c });
      }
    }
    const mine = canvasCards(s, seat);
    for (const c of mine) {
      const d = defOf(s, c);
      if (d.dispose) cands.push({ type: "dispose", card: c });
      if (d.menagerie && !d.menagerie.onDeploy) cands.push({ type: "menagerie", card: c });
      if (ph === "main" && d.paid) cands.push({ type: "activate", card: c });
      if (ph === "main" && d.mount) for (const st of p.characters) cands.push({ type: "mount", rider: c, steed: st });
    }
    if (ph === "main") {
      for (const h of mine)
        if (defOf(s, h).hunt) for (const i of live(s)) if (i !== seat) for (const d of s.players[i].characters) cands.push({ type: "hunt", hunter: h, target: d });
      for (const att of p.characters) {
        const u = s.units[att];
        if (u.deployedTurn >= s.turn || u.attacks >= maxAttacks(s, att)) continue;
        for (const i of live(s)) if (i !== seat) for (const d of s.players[i].characters) cands.push({ type: "attack", attacker: att, defender: d });
      }
    }
    if (ph === "resolve")
      for (const c of canvasCards(s, seat)) {
        if (defOf(s, c).achroma) cands.push({ type: "resolve", card: c });
        if (s.units[c].given.length) cands.push({ type: "resolve_given", card: c });
      }
    if (ph === "start" && s.deployed === 0) for (const c of canvasCards(s, seat)) if (s.secrets[c]?.length) cands.push({ type: "unveil", keeper: c });
  }
  probing = true;
  try {
    return cands.filter((a) => {
      try {
        validate(s, seat, a);
        return true;
      } catch (e) {
        if (e === PROBE_FAIL) return false;
        throw e;
      }
    });
  } finally {
    probing = false;
  }
}
