/**
 * Achroma (Canvas rules 2.1.0) rules engine: set-up, turn steps, deploying, combat, the Resolve
 * step, keywords. Pure and deterministic; see RULINGS.md for every decided gap.
 */
import type { GameEvent } from "../core/engine.ts";
import { RuleError } from "../core/errors.ts";
import { randInt, seedRng, shuffleInPlace } from "../core/rng.ts";
import { CARDS, type CardDef, type Step } from "./cards.ts";
import type { Action, Config, Frame, PlayerState, Seat, SeatConfig, State, Unit } from "./types.ts";

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

/** Deep copy of the mutable state; `cards` (instance id -> definition/owner) never changes after set-up and is shared. */
export function cloneState(s: State): State {
  const out = {} as Record<string, unknown>;
  for (const k in s) {
    const v = (s as unknown as Record<string, unknown>)[k];
    out[k] = k === "cards" ? v : deepCopy(v);
  }
  return out as unknown as State;
}
function deepCopy<T>(v: T): T {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) {
    const a = new Array(v.length);
    for (let i = 0; i < v.length; i++) a[i] = deepCopy(v[i]);
    return a as T;
  }
  const o: Record<string, unknown> = {};
  for (const k in v) o[k] = deepCopy((v as Record<string, unknown>)[k]);
  return o as T;
}

export const defOf = (s: State, uid: string): CardDef => CARDS[s.cards[uid].def];
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
  for (const [seat, p] of s.players.entries()) {
    if (p.characters.includes(uid) || p.locations.includes(uid)) return seat;
    for (const c of p.characters) if (s.attached[c]?.includes(uid)) return seat;
  }
  return null;
}

/** Every card on `seat`'s Canvas: Characters, their Objects, Locations. */
export function canvasCards(s: State, seat: Seat): string[] {
  const p = s.players[seat];
  return [...p.characters.flatMap((c) => [c, ...(s.attached[c] ?? [])]), ...p.locations];
}

export function shardValue(s: State, uid: string): number {
  const u = s.units[uid];
  return defOf(s, uid).shards + u.shield - u.damage;
}

export function strength(s: State, char: string): number {
  return defOf(s, char).strength + (s.attached[char] ?? []).reduce((n, o) => n + defOf(s, o).strength, 0);
}

export function deployCost(s: State, seat: Seat, uid: string): number {
  const d = defOf(s, uid);
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
    return n + (a?.kind === "prevent" && !s.units[c].frozen ? a.n : 0);
  }, 0);
  return Math.max(0, pool - s.players[seat].preventUsed);
}

export const busy = (s: State): boolean => s.prompt !== null || s.stack.length > 0 || s.combat !== null || s.research !== null;

export function maxAttacks(s: State, char: string): number {
  return 1 + (defOf(s, char).rage ? 1 : 0) + s.units[char].rage;
}

export function actors(s: State): Seat[] {
  if (s.outcome) return [];
  if (s.phase === "mulligan") return live(s).filter((i) => s.players[i].mulligan === "pending");
  if (s.prompt) return [s.prompt.seat];
  return [s.active];
}

// ---------------------------------------------------------------- validation (no mutation)

function stepOptions(s: State, seat: Seat, step: Step, source: string): string[] {
  const p = s.players[seat];
  switch (step.k) {
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
      return live(s)
        .filter((i) => i !== seat)
        .flatMap((i) => s.players[i].characters)
        .filter((c) => !defOf(s, c).protection);
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
    } else if (pr.kind === "defend") {
      need(a.type === "defend", "illegal_move", "decide whether to DEFEND");
      need(a.with === null || pr.options.includes(a.with), "illegal_move", "that Character cannot DEFEND");
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
      const cost = deployCost(s, seat, a.card);
      need(p.bank - cost >= 1, "not_enough_shards", `Deploying costs ${cost}; your bank must keep at least 1 Shard (R3)`);
      if (d.type === "object") {
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
      need(u.deployedTurn < s.turn, "illegal_move", "Characters cannot attack the turn they are Deployed");
      need(u.attacks < maxAttacks(s, a.attacker), "illegal_move", "this Character has no attack left this turn");
      const ctl = controllerOf(s, a.defender);
      need(ctl !== null && ctl !== seat && s.players[ctl].characters.includes(a.defender), "illegal_move", "the defender must be a Character on another Canvas");
      return;
    }
    case "resolve": {
      need(s.phase === "resolve", "illegal_move", "Achroma effects resolve in the Resolve step");
      need(controllerOf(s, a.card) === seat, "illegal_move", "that card is not on your Canvas");
      const ach = defOf(s, a.card).achroma;
      need(ach && ach.kind !== "prevent", "illegal_move", "that card has no Gain, Drain or Steal effect");
      const u = s.units[a.card];
      need(u.resolvedTurn !== s.turn, "illegal_move", "that card was already resolved this turn");
      need(!u.frozen, "illegal_move", "that card is FROZEN");
      if (ach.kind !== "gain") need(bankTargets(s, seat).length > 0, "illegal_move", "no player can be Drained or Stolen from yet (R5)");
      return;
    }
    case "hunt": {
      need(s.phase === "main", "illegal_move", "HUNT in the Main step");
      need(controllerOf(s, a.hunter) === seat && !!defOf(s, a.hunter).hunt, "illegal_move", "that card on your Canvas cannot HUNT");
      need(!s.hunts.some((h) => h.hunter === a.hunter && h.turn === s.turn), "illegal_move", "that card has already HUNTed this turn");
      const ctl = controllerOf(s, a.target);
      need(ctl !== null && ctl !== seat && s.players[ctl].characters.includes(a.target), "illegal_move", "HUNT a Character on another Canvas");
      need(!defOf(s, a.target).protection, "illegal_move", "a PROTECTION Character cannot be damaged (R10)");
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
  return { deployedTurn: turn, damage: 0, attacks: 0, rage: 0, shield: 0, shieldTurn: 0, frozen: false, resolvedTurn: 0, given: [], cursed: false };
}

/** Erases a card from a Canvas to its owner's Dregs (a Character takes its Objects with it). */
export function erase(s: State, uid: string, ev: GameEvent[]): void {
  for (const p of s.players) {
    p.characters = p.characters.filter((c) => c !== uid);
    p.locations = p.locations.filter((c) => c !== uid);
  }
  for (const c of Object.keys(s.attached)) s.attached[c] = s.attached[c].filter((o) => o !== uid);
  for (const o of s.attached[uid] ?? []) erase(s, o, ev);
  delete s.attached[uid];
  delete s.units[uid];
  // R22: the cards a Keeper hid go to their owners' Dregs, face down no more.
  for (const c of s.secrets[uid] ?? []) s.players[ownerOf(s, c)].dregs.push(c);
  delete s.secrets[uid];
  s.players[ownerOf(s, uid)].dregs.push(uid);
  ev.push({ type: "erased", card: uid, def: s.cards[uid].def, owner: ownerOf(s, uid) });
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
      const old = canvasCards(s, seat).find((c) => s.cards[c].def === d.id);
      if (old) erase(s, old, ev);
    }
    s.units[uid] = newUnit(s);
    if (d.type === "character") p.characters.push(uid);
    else if (d.type === "location") p.locations.push(uid);
    else (s.attached[target!] ??= []).push(uid);
  }
  if (d.action.length > 0) s.stack.push({ seat, source: uid, steps: d.action, idx: 0 });
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

function doStep(s: State, f: Frame, step: Step, option: string | null, ev: GameEvent[]): void {
  const seat = f.seat;
  const p = s.players[seat];
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
      ev.push({ type: "sacrifice", seat, card: option });
      erase(s, option!, ev);
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
      return;
    }
    case "curse":
      s.units[option!].cursed = true;
      ev.push({ type: "curse", seat, card: option });
      return;
    case "gain_cursed": {
      const n = live(s).flatMap((i) => canvasCards(s, i)).filter((c) => s.units[c].cursed).length;
      p.bank += n;
      ev.push({ type: "gain", seat, shards: n, source: f.source });
      return;
    }
    case "splat":
      if (option === "pass") {
        ev.push({ type: "pass", seat, step: step.k });
        return;
      }
      s.units[option!].given.push({ kind: step.kind, n: step.n, by: seat });
      ev.push({ type: step.kind === "gain" ? "splat" : "squish", seat, card: option, shards: step.n });
      return;
  }
}

/** Runs queued effects until one needs a decision (sets the prompt) or none is left. */
export function run(s: State, ev: GameEvent[]): void {
  while (!s.outcome && !s.prompt) {
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
    if (!f) break;
    if (f.idx >= f.steps.length) {
      s.stack.pop();
      if (s.resolving.includes(f.source)) {
        s.resolving = s.resolving.filter((c) => c !== f.source);
        s.players[ownerOf(s, f.source)].dregs.push(f.source);
      }
      continue;
    }
    const step = f.steps[f.idx];
    const needsChoice = !["gain", "draw", "reveal", "research", "gain_cursed"].includes(step.k);
    if (!needsChoice) {
      f.idx++;
      doStep(s, f, step, null, ev);
    } else {
      const options = stepOptions(s, f.seat, step, f.source);
      if (options.length === 0) {
        f.idx++;
        ev.push({ type: "fizzle", seat: f.seat, step: step.k });
        if (step.k === "sacrifice") f.idx = f.steps.length; // R24: unpaid SACRIFICE cancels the ability
        if (step.k === "unveiled") {
          s.unveiling = s.unveiling.filter((c) => c !== step.card);
          s.players[ownerOf(s, step.card)].dregs.push(step.card);
        }
      } else if (options.length === 1 && step.k !== "find") {
        f.idx++;
        doStep(s, f, step, options[0], ev);
      } else {
        s.prompt = { kind: "choose", seat: f.seat, step, options, optional: false };
      }
    }
    settle(s, ev);
  }
  settle(s, ev);
}

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
  if (!c.defendAsked) {
    c.defendAsked = true;
    const options = s.players[defCtl].characters.filter((x) => x !== c.defender && defOf(s, x).defend);
    if (options.length > 0) {
      s.prompt = { kind: "defend", seat: defCtl, options };
      return;
    }
  }
  // SHIELD WALL: once per turn per Character, for the (final) defender.
  const du = s.units[c.defender];
  if (du.shieldTurn !== s.turn) {
    const x = canvasCards(s, defCtl).reduce((n, k) => n + (defOf(s, k).shieldWall ?? 0), 0);
    if (x > 0) {
      du.shield += x;
      du.shieldTurn = s.turn;
      ev.push({ type: "shield_wall", seat: defCtl, card: c.defender, shards: x });
    }
  }
  for (const side of ["att", "def"] as const) {
    const char = side === "att" ? c.attacker : c.defender;
    const key = side === "att" ? "attOrder" : "defOrder";
    const objs = s.attached[char] ?? [];
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
  const aPois = !!defOf(s, c.attacker).poisonous;
  const dPois = !!defOf(s, c.defender).poisonous;
  ev.push({ type: "combat", attacker: c.attacker, defender: c.defender, attackerStrength: aStr, defenderStrength: dStr });
  s.combat = null;
  const toErase = [...combatDamage(s, c.defender, aStr, c.defOrder!, aPois), ...combatDamage(s, c.attacker, dStr, c.attOrder!, dPois)];
  for (const x of toErase) if (s.units[x]) erase(s, x, ev);
}

/** Applies combat damage to a Character and its Objects; returns the cards to Erase. */
function combatDamage(s: State, char: string, amount: number, order: string[], poisonous: boolean): string[] {
  if (amount <= 0) return [];
  if (defOf(s, char).protection && !poisonous) return [];
  const out: string[] = [];
  let left = amount;
  for (const o of order) {
    if (left <= 0) break;
    const take = Math.min(left, shardValue(s, o));
    s.units[o].damage += take;
    left -= take;
    if ((take > 0 && poisonous) || shardValue(s, o) <= 0) out.push(o);
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
    u.shield = 0;
    if (controllerOf(s, uid) === me) u.frozen = false;
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
  // Their Canvas empties to each card's owner's Dregs; their Objects on other Canvases go to their Dregs.
  for (const uid of canvasCards(s, seat)) if (s.units[uid]) erase(s, uid, ev);
  for (const other of live(s)) for (const uid of canvasCards(s, other)) if (ownerOf(s, uid) === seat && s.units[uid]) erase(s, uid, ev);
}

function finish(s: State, winner: Seat | null, reason: string, ev: GameEvent[]): void {
  const key = (i: number): number[] => {
    const p = s.players[i];
    if (i === winner) return [2, 0];
    if (!p.out) return [1, p.bank];
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
      doStep(s, f, pr.step, (a as { option: string }).option, ev);
    } else if (pr.kind === "prevent") {
      const amount = (a as { amount: number }).amount;
      s.players[seat].preventUsed += amount;
      transfer(s, pr.from, seat, pr.steal, pr.amount, amount, ev);
    } else if (pr.kind === "research") {
      researchChoice(s, (a as { option: string }).option, ev);
    } else if (pr.kind === "defend") {
      const w = (a as { with: string | null }).with;
      if (w) {
        ev.push({ type: "defend", seat, card: w, instead: s.combat!.defender });
        s.combat!.defender = w;
      }
    } else {
      const c = s.combat!;
      const key = pr.char === c.attacker ? "attOrder" : "defOrder";
      c[key] = [...(c[key] ?? []), (a as { option: string }).option];
    }
    run(s, ev);
    return { state: s, events: ev };
  }
  switch (a.type) {
    case "draw":
    case "trade":
    case "skip":
      if (a.type === "draw") draw(s, seat, 1, ev);
      else if (a.type === "trade") tradeCard(s, seat, a.card, true, ev);
      else ev.push({ type: "skip", seat, step: s.phase });
      s.phase = s.phase === "start" ? "main" : "post";
      break;
    case "deploy":
      p.bank -= deployCost(s, seat, a.card);
      s.deployed++;
      ev.push({ type: "deploy", seat, card: a.card, def: s.cards[a.card].def, cost: deployCost(s, seat, a.card), ...(a.target ? { target: a.target } : {}) });
      place(s, seat, a.card, a.target, ev);
      break;
    case "attack":
      s.units[a.attacker].attacks++;
      ev.push({ type: "attack", seat, attacker: a.attacker, defender: a.defender });
      s.combat = { attacker: a.attacker, defender: a.defender, attOrder: null, defOrder: null, defendAsked: false };
      break;
    case "resolve": {
      const ach = defOf(s, a.card).achroma!;
      s.units[a.card].resolvedTurn = s.turn;
      ev.push({ type: "resolve", seat, card: a.card });
      s.stack.push({ seat, source: a.card, steps: [{ k: ach.kind as "gain", n: ach.n }], idx: 0 });
      break;
    }
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
  run(s, ev);
  return { state: s, events: ev };
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
    else cands.push({ type: "defend", with: null }, ...pr.options.map((w) => ({ type: "defend" as const, with: w })));
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
        if (t === "object") {
          for (const i of live(s)) for (const ch of s.players[i].characters) cands.push({ type: "deploy", card: c, target: ch });
        } else cands.push({ type: "deploy", card: c });
      }
    }
    if (ph === "main") {
      for (const h of canvasCards(s, seat))
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
