/** Re;ACT rules: set-up, turn flow, React Chain, board and Masterpiece. Pure; works on drafts. */
import type { GameEvent } from "../core/engine.ts";
import { canonicalJson } from "../core/hash.ts";
import { RuleError } from "../core/errors.ts";
import { randInt, seedRng, shuffleInPlace } from "../core/rng.ts";
import { ARTISTS, CARDS, deckList, defOf, type CardDef, type Effect, type Step } from "./cards.ts";
import type { Action, ChainEntry, Config, Dir, Player, Seat, SeatConfig, State, Unit } from "./types.ts";
import { DIRS } from "./types.ts";

/** Field size (ruling R1). */
export const FIELD_W = 5;
export const FIELD_H = 5;
export const ZONES = FIELD_W * FIELD_H;
/** Starting zones (ruling R1): seat 0 bottom middle, seat 1 top middle. */
export const START_ZONE: [number, number] = [(FIELD_H - 1) * FIELD_W + 2, 2];
export const CHAIN_SLOTS = 5;
export const MP_SLOTS = 5;
export const HAND_LIMIT = 6;
export const OPENING_HAND = 4;
export const LOSS_DAMAGE = 3;
export const MAX_SCALES_PER_ZONE = 3;

const other = (s: Seat): Seat => (1 - s) as Seat;

// ---------------------------------------------------------------- geometry

export function step(zone: number, dir: Dir): number | null {
  const r = Math.floor(zone / FIELD_W);
  const c = zone % FIELD_W;
  const [nr, nc] = dir === "N" ? [r - 1, c] : dir === "S" ? [r + 1, c] : dir === "E" ? [r, c + 1] : [r, c - 1];
  if (nr < 0 || nr >= FIELD_H || nc < 0 || nc >= FIELD_W) return null;
  return nr * FIELD_W + nc;
}

export function adjacent(zone: number): number[] {
  const out: number[] = [];
  for (const d of DIRS) {
    const z = step(zone, d);
    if (z !== null) out.push(z);
  }
  return out;
}

export function unitAt(s: State, zone: number): Unit | null {
  for (const id in s.units) if (s.units[id].pos === zone) return s.units[id];
  return null;
}

export function artistUnit(s: State, seat: Seat): Unit {
  return s.units[s.players[seat].artist];
}

/** `adjacent(z)` for every zone, computed once (never mutate). */
const ADJACENT: readonly number[][] = Array.from({ length: ZONES }, (_, z) => adjacent(z));

// ---------------------------------------------------------------- set-up

export function setupState(config: Config, seats: readonly SeatConfig[], seed: string): State {
  if (seats.length !== 2) throw new RuleError("bad_config", `Re;ACT needs 2 seats, got ${seats.length}`);
  if (seats[0].artist === seats[1].artist) {
    throw new RuleError("bad_config", `both players chose the ${ARTISTS[seats[0].artist].name}; each player must select a different Artist (R2)`);
  }
  const s: State = {
    config,
    rng: [...seedRng(seed)],
    turn: 1,
    turnPlayer: 0,
    players: [newPlayer(seats[0]), newPlayer(seats[1])],
    units: {},
    scales: new Array(ZONES).fill(0),
    tiles: new Array(ZONES).fill(null),
    blocks: new Array(ZONES).fill(null),
    mpZone: new Array(MP_SLOTS).fill(null),
    chain: [],
    reactor: null,
    passes: 0,
    prompt: null,
    outcome: null,
  };
  for (const seat of [0, 1] as Seat[]) {
    const a = ARTISTS[seats[seat].artist];
    const forward: Dir = seat === 0 ? "N" : "S";
    s.units[a.id] = { id: a.id, owner: seat, kind: "artist", pos: START_ZONE[seat], exhausted: false, inked: false, armament: a.armament ? forward : null };
    for (const sm of a.summons) s.units[sm] = { id: sm, owner: seat, kind: "summon", pos: null, exhausted: false, inked: false, armament: null };
    // Reference Sheet set-up (R19): the Tagger paints one Mural in front of its starting zone.
    if (a.muralTiles > 0) s.tiles[step(START_ZONE[seat], forward)!] = { owner: seat, kind: "mural" };
  }
  s.turnPlayer = randInt(s, 0, 1) as Seat;
  for (const seat of [0, 1] as Seat[]) {
    const p = s.players[seat];
    if (!p.deck) continue;
    if (config.firstGame) {
      // First-game opening (R4): one of each unique Action Card, then the rest is shuffled.
      for (const def of ARTISTS[p.artist].deck!) p.hand.push(p.deck.splice(p.deck.indexOf(`${def}#1`), 1)[0]);
      shuffleInPlace(s, p.deck);
    } else {
      shuffleInPlace(s, p.deck);
      p.hand = p.deck.splice(0, OPENING_HAND);
    }
  }
  startTurn(s, []);
  return s;
}

function newPlayer(sc: SeatConfig): Player {
  return { artist: sc.artist, hand: [], deck: deckList(sc.artist), discard: [], damage: 0, ascended: false };
}

// ---------------------------------------------------------------- turn flow

/** Start-of-turn effects (Turn Player's first, R26), then Masterpiece Phase (from turn 2), then Draw. */
export function startTurn(s: State, ev: GameEvent[]): void {
  ev.push({ type: "turn_start", seat: s.turnPlayer, turn: s.turn });
  turnPassives(s, "startOfTurn", ev);
  if (s.turn > 1) {
    s.prompt = { kind: "progress", seat: s.turnPlayer, then: "draw" };
    return;
  }
  drawPhase(s, ev);
}

function drawPhase(s: State, ev: GameEvent[]): void {
  for (const seat of [s.turnPlayer, other(s.turnPlayer)]) {
    draw(s, seat, ev);
    if (s.outcome) return;
  }
}

export function draw(s: State, seat: Seat, ev: GameEvent[]): void {
  const p = s.players[seat];
  if (!p.deck) return;
  if (p.hand.length >= HAND_LIMIT) {
    ev.push({ type: "draw_skipped", seat, reason: "hand_limit" });
    return;
  }
  if (p.deck.length === 0) {
    ev.push({ type: "deck_out", seat });
    finish(s, seat === 0 ? [2, 1] : [1, 2], "deck_out");
    return;
  }
  const card = p.deck.shift()!;
  p.hand.push(card);
  ev.push({ type: "draw", seat });
  ev.push({ type: "drew", seat, card, to: [seat] });
}

function finish(s: State, ranks: number[], reason: string): void {
  s.outcome = { ranks, reason };
  s.prompt = null;
  s.reactor = null;
}

function endTurn(s: State, ev: GameEvent[]): void {
  // Refresh (R23): only exhausted Artists and Summons are refreshed; those in the pool stay as they are.
  for (const id of Object.keys(s.units).sort()) {
    const u = s.units[id];
    if (u.exhausted && u.pos !== null) {
      u.exhausted = false;
      ev.push({ type: "refresh", seat: u.owner, unit: u.id });
    }
  }
  // Artist end-of-turn effects (R26), Turn Player's first.
  turnPassives(s, "endOfTurn", ev);
  // Block tokens stay until their zone takes damage or the turn ends (R21).
  for (let z = 0; z < ZONES; z++) {
    if (s.blocks[z] === null) continue;
    ev.push({ type: "block_removed", seat: s.blocks[z]!, zone: z });
    s.blocks[z] = null;
  }
  ev.push({ type: "end_phase", seat: s.turnPlayer });
  if (s.turn >= s.config.maxTurns) {
    finish(s, [1, 1], "turn_limit");
    return;
  }
  s.turn++;
  s.turnPlayer = other(s.turnPlayer);
  startTurn(s, ev);
}

/**
 * Reference Sheet start-/end-of-turn passives (R26): the Turn Player's first; "yours" only on its
 * owner's turns. A passive whose condition does not hold does nothing (and says nothing).
 */
function turnPassives(s: State, which: "startOfTurn" | "endOfTurn", ev: GameEvent[]): void {
  for (const seat of [s.turnPlayer, other(s.turnPlayer)]) {
    const passive = ARTISTS[s.players[seat].artist][which];
    if (!passive || (passive.when === "yours" && seat !== s.turnPlayer)) continue;
    const me = artistUnit(s, seat);
    const type = which === "startOfTurn" ? "start_of_turn" : "end_of_turn";
    switch (passive.op) {
      case "mural_under_me":
        if (s.tiles.some((t) => t?.owner === seat)) break;
        ev.push({ type, seat, name: passive.name });
        placeMural(s, seat, me.pos!, ev);
        break;
      case "return_scale_under_me":
        if (s.scales[me.pos!] === 0) break;
        ev.push({ type, seat, name: passive.name });
        s.scales[me.pos!]--;
        ev.push({ type: "scale_returned", seat, zone: me.pos!, count: s.scales[me.pos!] });
        break;
      case "ink_dries": {
        const inked = Object.keys(s.units).sort().filter((id) => s.units[id].owner !== seat && s.units[id].inked);
        if (inked.length === 0) break;
        ev.push({ type, seat, name: passive.name });
        for (const id of inked) {
          s.units[id].inked = false;
          ev.push({ type: "ink_returned", seat, unit: id });
        }
        break;
      }
    }
  }
}

// ---------------------------------------------------------------- masterpiece

export function mpComplete(s: State, seat: Seat): boolean {
  for (let i = 0; i + 2 < MP_SLOTS; i++) {
    if ([0, 1, 2].every((k) => s.mpZone[i + k]?.seat === seat && s.mpZone[i + k]?.part === k)) return true;
  }
  return false;
}

export function mpUnplaced(s: State, seat: Seat): number[] {
  return [0, 1, 2].filter((k) => !s.mpZone.some((c) => c?.seat === seat && c.part === k));
}

function checkAscension(s: State, ev: GameEvent[]): void {
  for (const seat of [s.turnPlayer, other(s.turnPlayer)]) {
    if (!mpComplete(s, seat) || s.players[seat].ascended) continue;
    s.players[seat].ascended = true;
    for (let i = 0; i < MP_SLOTS; i++) if (s.mpZone[i]?.seat === seat) s.mpZone[i] = null;
    ev.push({ type: "ascend", seat });
  }
}

export function progressOptions(s: State, seat: Seat): Action[] {
  const unplaced = mpUnplaced(s, seat);
  const empty = [...s.mpZone.keys()].filter((i) => s.mpZone[i] === null);
  const out: Action[] = [];
  if (unplaced.length > 0 && empty.length > 0) {
    for (const part of unplaced) for (const slot of empty) out.push({ type: "mp_place", part, slot });
    return out;
  }
  if (unplaced.length > 0) {
    for (const part of unplaced) for (let slot = 0; slot < MP_SLOTS; slot++) if (s.mpZone[slot]?.seat === other(seat)) out.push({ type: "mp_place", part, slot });
  } else {
    for (let a = 0; a < MP_SLOTS; a++) for (let b = a + 1; b < MP_SLOTS; b++) if (s.mpZone[a] !== null || s.mpZone[b] !== null) out.push({ type: "mp_swap", a, b });
  }
  out.push({ type: "mp_pass" });
  return out;
}

function applyProgress(s: State, seat: Seat, a: Action, ev: GameEvent[]): void {
  if (a.type === "mp_place") {
    const replaced = s.mpZone[a.slot];
    s.mpZone[a.slot] = { seat, part: a.part };
    ev.push({ type: "mp_place", seat, part: a.part, slot: a.slot, replaced: replaced ?? undefined });
  } else if (a.type === "mp_swap") {
    [s.mpZone[a.a], s.mpZone[a.b]] = [s.mpZone[a.b], s.mpZone[a.a]];
    ev.push({ type: "mp_swap", seat, a: a.a, b: a.b });
  } else {
    ev.push({ type: "mp_pass", seat });
  }
  checkAscension(s, ev);
}

// ---------------------------------------------------------------- legality

export function actors(s: State): Seat[] {
  if (s.outcome) return [];
  if (s.prompt) return [s.prompt.seat];
  if (s.reactor !== null) return [s.reactor];
  return [s.turnPlayer];
}

/** The unit an effect's "me" refers to: the ability card's unit, or the Artist for action cards. */
function meUnit(s: State, seat: Seat, def: CardDef): Unit | null {
  const u = def.unit ? s.units[def.unit] : artistUnit(s, seat);
  return u && u.owner === seat && u.pos !== null ? u : null;
}

function targetZones(s: State, me: Unit, rule: NonNullable<Effect["cost"]["target"]>): number[] {
  if (rule === "adjacent") return ADJACENT[me.pos!];
  const out: number[] = [];
  if (rule === "inked") {
    for (const id in s.units) if (s.units[id].inked && s.units[id].pos !== null) out.push(s.units[id].pos!);
    return out.sort((a, b) => a - b);
  }
  for (let z = 0; z < ZONES; z++) if (rule === "any" || s.scales[z] > 0) out.push(z);
  return out;
}

function playOptions(s: State, seat: Seat, kind: "intention" | "reaction"): Action[] {
  const p = s.players[seat];
  const cards = [...p.hand, ...ARTISTS[p.artist].abilities.filter((id) => !s.chain.some((e) => e.source === "ability" && e.card === id))];
  const out: Action[] = [];
  for (const card of cards) {
    const def = defOf(card);
    def.effects.forEach((eff, effect) => {
      if (eff.kind !== kind) return;
      if (eff.ascended && !p.ascended) return;
      const me = meUnit(s, seat, def);
      if (!me) return;
      if (eff.cost.exhaust && me.exhausted) return;
      const targets: (number | undefined)[] = eff.cost.target ? targetZones(s, me, eff.cost.target) : [undefined];
      const dirs: (Dir | undefined)[] = eff.cost.dir ? [...DIRS] : [undefined];
      for (const target of targets)
        for (const dir of dirs) {
          const a: Action = { type: "play", card, effect };
          if (target !== undefined) a.target = target;
          if (dir !== undefined) a.dir = dir;
          out.push(a);
        }
    });
  }
  return out;
}

/**
 * Pivoting Step's choice (R9): every zone adjacent to the Dancer. Zones with a unit come first
 * (the opponent's units, then her own, each in the order N, E, S, W: the timeout default, R11),
 * then the empty ones, which she may declare to fail on purpose.
 */
export function swapOptions(s: State, seat: Seat): Action[] {
  const rank = (z: number) => {
    const u = unitAt(s, z);
    return u === null ? 2 : u.owner === seat ? 1 : 0;
  };
  const zones = DIRS.map((d) => step(artistUnit(s, seat).pos!, d)).filter((z): z is number => z !== null);
  return zones.map((z, i) => ({ z, i, r: rank(z) })).sort((a, b) => a.r - b.r || a.i - b.i).map(({ z }) => ({ type: "swap_pick", zone: z }));
}

/** The choices of a pending prompt (for its seat). */
export function promptOptions(s: State, seat: Seat): Action[] {
  return s.prompt?.kind === "swap" ? swapOptions(s, seat) : progressOptions(s, seat);
}

export function legalActions(s: State, seat: Seat): Action[] {
  if (!actors(s).includes(seat)) return [];
  if (s.prompt) return promptOptions(s, seat);
  if (s.reactor !== null) return [{ type: "pass" }, ...playOptions(s, seat, "reaction")];
  return [...playOptions(s, seat, "intention"), { type: "end_turn" }];
}

// ---------------------------------------------------------------- apply

export function applyAction(input: State, seat: Seat, action: Action): { state: State; events: GameEvent[] } {
  if (input.outcome) throw new RuleError("game_over", "the game is over");
  if (!actors(input).includes(seat)) throw new RuleError("not_your_turn", `seat ${seat} may not act now (waiting for seat ${actors(input).join(",")})`);
  if (!isLegal(input, seat, action)) {
    throw new RuleError("illegal_move", `${canonicalJson(action)} is not legal now: ${illegalReason(input, seat, action)}`);
  }
  const s = cloneState(input);
  const ev: GameEvent[] = [];
  switch (action.type) {
    case "mp_place":
    case "mp_swap":
    case "mp_pass": {
      const then = s.prompt!.then;
      s.prompt = null;
      applyProgress(s, seat, action, ev);
      if (then === "draw") drawPhase(s, ev);
      else resolveChain(s, ev);
      break;
    }
    case "swap_pick": {
      // Pivoting Step resumes (R9): swap with the unit in the chosen zone, or fail on purpose.
      s.prompt = null;
      const before = [s.players[0].damage, s.players[1].damage];
      const u = unitAt(s, action.zone);
      if (u) swapUnits(s, artistUnit(s, seat), u, ev);
      else ev.push({ type: "fizzle", seat, reason: "no_unit_in_zone" });
      checkLoss(s, before, ev);
      resolveChain(s, ev);
      break;
    }
    case "end_turn":
      endTurn(s, ev);
      break;
    case "pass":
      s.passes++;
      ev.push({ type: "pass", seat });
      if (s.passes >= 2) resolveChain(s, ev);
      else s.reactor = other(seat);
      break;
    case "play":
      playCard(s, seat, action, ev);
      break;
  }
  return { state: s, events: ev };
}

const ACTION_FIELDS = ["type", "card", "effect", "target", "dir", "part", "slot", "a", "b", "zone"] as const;
const KNOWN_FIELDS = new Set<string>(ACTION_FIELDS);

/** Whether `action` equals one of `legalActions` (same fields, `undefined` same as absent, nothing else). */
export function isLegal(s: State, seat: Seat, action: Action): boolean {
  const x = action as unknown as Record<string, unknown>;
  for (const k in x) if (x[k] !== undefined && !KNOWN_FIELDS.has(k)) return false;
  return legalActions(s, seat).some((a) => {
    const y = a as unknown as Record<string, unknown>;
    for (const f of ACTION_FIELDS) if (x[f] !== y[f]) return false;
    return true;
  });
}

/**
 * A deep copy of the state for `applyAction` to work on (the input is never modified). Written
 * out field by field: `structuredClone` cost ~30 µs per step, this ~1 µs. Keep in step with `State`.
 */
export function cloneState(s: State): State {
  const units: Record<string, Unit> = {};
  for (const id of Object.keys(s.units)) units[id] = { ...s.units[id] };
  return {
    config: { ...s.config },
    rng: s.rng.slice(),
    turn: s.turn,
    turnPlayer: s.turnPlayer,
    players: [clonePlayer(s.players[0]), clonePlayer(s.players[1])],
    units,
    scales: s.scales.slice(),
    tiles: s.tiles.map((t) => (t ? { ...t } : null)),
    blocks: s.blocks.slice(),
    mpZone: s.mpZone.map((c) => (c ? { ...c } : null)),
    chain: s.chain.map((e) => ({ ...e })),
    reactor: s.reactor,
    passes: s.passes,
    prompt: s.prompt ? { ...s.prompt } : null,
    outcome: s.outcome ? { ranks: s.outcome.ranks.slice(), reason: s.outcome.reason } : null,
  };
}

function clonePlayer(p: Player): Player {
  return { artist: p.artist, hand: p.hand.slice(), deck: p.deck ? p.deck.slice() : null, discard: p.discard.slice(), damage: p.damage, ascended: p.ascended };
}

function illegalReason(s: State, seat: Seat, a: Action): string {
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

function playCard(s: State, seat: Seat, a: Extract<Action, { type: "play" }>, ev: GameEvent[]): void {
  const p = s.players[seat];
  const def = defOf(a.card);
  const eff = def.effects[a.effect];
  const source = def.type === "action" ? "hand" : "ability";
  if (source === "hand") p.hand.splice(p.hand.indexOf(a.card), 1);
  const me = meUnit(s, seat, def)!;
  if (eff.cost.exhaust) me.exhausted = true;
  const entry: ChainEntry = { seat, source, card: a.card, def: def.id, effect: a.effect, target: a.target ?? null, dir: a.dir ?? null };
  s.chain.push(entry);
  ev.push({ type: eff.kind === "intention" ? "intention" : "reaction", seat, card: a.card, name: eff.name, slot: s.chain.length, target: entry.target ?? undefined, dir: entry.dir ?? undefined });
  s.passes = 0;
  if (s.chain.length >= CHAIN_SLOTS) resolveChain(s, ev);
  else s.reactor = other(seat);
}

// ---------------------------------------------------------------- resolution

/** Resolves the chain from its last slot down; pauses at a progression prompt; ends on a loss. */
function resolveChain(s: State, ev: GameEvent[]): void {
  s.reactor = null;
  s.passes = 0;
  while (s.chain.length > 0 && !s.prompt && !s.outcome) {
    const e = s.chain.pop()!;
    const eff = CARDS[e.def].effects[e.effect];
    ev.push({ type: "resolve", seat: e.seat, card: e.card, name: eff.name, slot: s.chain.length + 1 });
    if (e.source === "hand") s.players[e.seat].discard.push(e.card);
    const before = [s.players[0].damage, s.players[1].damage];
    for (const st of eff.steps) runStep(s, e, st, ev);
    checkLoss(s, before, ev);
  }
  if (s.outcome) {
    // The game ended mid-chain: the remaining cards never resolve (R7); action cards go to discard.
    for (const e of s.chain) if (e.source === "hand") s.players[e.seat].discard.push(e.card);
    s.chain = [];
  }
}

export function checkLoss(s: State, before: number[], ev: GameEvent[]): void {
  const dead = [0, 1].filter((i) => s.players[i].damage >= LOSS_DAMAGE);
  if (dead.length === 0) return;
  if (dead.length === 2) {
    ev.push({ type: "tie" });
    finish(s, [1, 1], "simultaneous_damage");
  } else {
    ev.push({ type: "defeated", seat: dead[0] });
    finish(s, dead[0] === 0 ? [2, 1] : [1, 2], "damage");
  }
  void before;
}

function runStep(s: State, e: ChainEntry, st: Step, ev: GameEvent[]): void {
  const seat = e.seat;
  const def = CARDS[e.def];
  const me = meUnit(s, seat, def);
  switch (st.op) {
    case "damage_target":
      damageZone(s, e.target!, ev);
      break;
    case "damage_target_if_inked":
      if (me?.inked) damageZone(s, e.target!, ev);
      else ev.push({ type: "fizzle", seat, reason: "not_inked" });
      break;
    case "damage_adjacent":
      if (me) for (const z of adjacent(me.pos!)) damageZone(s, z, ev);
      break;
    case "move_me":
      if (me) {
        const from = me.pos!;
        if (moveUnit(s, me, e.dir!, ev) && st.leaveScale) placeScale(s, seat, from, ev);
      }
      break;
    case "move_inked": {
      const inked = Object.values(s.units).filter((u) => u.inked && u.pos !== null);
      // Leading units move first, so a line of inked units moves together (R8).
      const lead = (u: Unit) => {
        const r = Math.floor(u.pos! / FIELD_W);
        const c = u.pos! % FIELD_W;
        return e.dir === "N" ? r : e.dir === "S" ? -r : e.dir === "E" ? -c : c;
      };
      inked.sort((a, b) => lead(a) - lead(b) || a.id.localeCompare(b.id));
      for (const u of inked) moveUnit(s, s.units[u.id], e.dir!, ev);
      break;
    }
    case "ink": {
      const u = st.who === "me" ? me : st.who === "spirit" ? s.units.spirit : e.target !== null ? unitAt(s, e.target) : null;
      if (!u || u.pos === null || u.inked) break;
      const pool = inkPool(s, seat);
      if (pool <= 0) {
        ev.push({ type: "fizzle", seat, reason: "no_ink" });
        break;
      }
      u.inked = true;
      ev.push({ type: "ink", seat, unit: u.id });
      break;
    }
    case "summon": {
      const z = e.target!;
      const avail = ARTISTS[s.players[seat].artist].summons.filter((id) => id.startsWith(st.summon) && s.units[id].pos === null);
      if (avail.length === 0) {
        ev.push({ type: "fizzle", seat, reason: "no_summon_available" });
        break;
      }
      if (unitAt(s, z) || avail.length === 0) {
        ev.push({ type: "fizzle", seat, reason: "summon_failed" });
        break;
      }
      summon(s, s.units[avail[0]], z, ev);
      break;
    }
    case "scale_target":
      placeScale(s, seat, e.target!, ev);
      break;
    case "swap_adjacent":
      // The Dancer chooses the adjacent unit when the card resolves (R9); with none adjacent it does nothing.
      if (ADJACENT[artistUnit(s, seat).pos!].some((z) => unitAt(s, z))) s.prompt = { kind: "swap", seat, then: "chain" };
      else ev.push({ type: "fizzle", seat, reason: "no_adjacent_unit" });
      break;
    case "swap_with": {
      const other = s.units[st.unit];
      if (other?.pos != null && other.owner === seat) swapUnits(s, artistUnit(s, seat), other, ev);
      else ev.push({ type: "fizzle", seat, reason: "no_unit_to_swap" });
      break;
    }
    case "jump_me":
      if (me) jumpUnit(s, me, e.dir!, ev);
      break;
    case "mural_target":
      placeMural(s, seat, e.target!, ev);
      break;
    case "damage_murals":
      for (let z = 0; z < ZONES; z++) if (s.tiles[z]?.owner === seat && s.tiles[z]?.kind === "mural") damageZone(s, z, ev);
      break;
    case "exhaust_target": {
      const u = unitAt(s, e.target!);
      if (!u) ev.push({ type: "fizzle", seat, reason: "no_unit" });
      else if (u.exhausted) ev.push({ type: "exhaust_ignored", seat, unit: u.id });
      else {
        u.exhausted = true;
        ev.push({ type: "exhaust", seat, unit: u.id });
      }
      break;
    }
    case "block_target":
      placeBlock(s, seat, e.target!, ev);
      break;
    case "arm":
      if (!me) break;
      if (step(me.pos!, e.dir!) === null) ev.push({ type: "fizzle", seat, reason: "armament_off_board" });
      else {
        me.armament = e.dir!;
        ev.push({ type: "armament", seat, unit: me.id, dir: e.dir! });
      }
      break;
    case "damage_armament": {
      const z = me ? armamentZone(me) : null;
      const z2 = z !== null && st.beyond ? step(z, me!.armament!) : z;
      if (z2 === null) ev.push({ type: "fizzle", seat, reason: "no_armament_zone" });
      else damageZone(s, z2, ev);
      break;
    }
    case "descend": {
      const p = s.players[seat];
      if (!p.ascended) break;
      p.ascended = false;
      ev.push({ type: "descend", seat });
      checkAscension(s, ev);
      break;
    }
    case "progress":
      s.prompt = { kind: "progress", seat, then: "chain" };
      break;
  }
}

function inkPool(s: State, seat: Seat): number {
  const total = ARTISTS[s.players[seat].artist].inkTokens;
  return total - Object.values(s.units).filter((u) => u.inked).length;
}

function scalePool(s: State, seat: Seat): number {
  return ARTISTS[s.players[seat].artist].scaleTokens - s.scales.reduce((a, b) => a + b, 0);
}

function placeScale(s: State, seat: Seat, zone: number, ev: GameEvent[]): void {
  if (scalePool(s, seat) <= 0) {
    ev.push({ type: "fizzle", seat, reason: "no_scale" });
    return;
  }
  s.scales[zone]++;
  ev.push({ type: "scale", seat, zone, count: s.scales[zone] });
  if (s.scales[zone] >= MAX_SCALES_PER_ZONE) {
    // Dancer passive (R10): the third Scale in a zone returns the three and summons a Dancing Fish there.
    s.scales[zone] = 0;
    const fish = ARTISTS[s.players[seat].artist].summons.find((id) => s.units[id].pos === null);
    if (fish && !unitAt(s, zone)) summon(s, s.units[fish], zone, ev);
    else ev.push({ type: "fizzle", seat, reason: "summon_failed" });
  }
}

function summon(s: State, u: Unit, zone: number, ev: GameEvent[]): void {
  u.pos = zone;
  u.exhausted = false;
  u.inked = false;
  ev.push({ type: "summon", seat: u.owner, unit: u.id, zone });
  entered(s, u, ev);
}

/** The zone a unit's Armament lies in (R22), or null. */
export function armamentZone(u: Unit): number | null {
  return u.armament && u.pos !== null ? step(u.pos, u.armament) : null;
}

/** Whether `u` may stand in `zone`: on the board, no other unit there, its Armament on the board (R22). */
function fits(s: State, u: Unit, zone: number | null, ignore?: Unit): boolean {
  if (zone === null) return false;
  const there = unitAt(s, zone);
  if (there && there !== u && there !== ignore) return false;
  return !u.armament || step(zone, u.armament) !== null;
}

/** Passives that trigger when a unit enters a zone: the Tagger's Murals (R20, R24). */
function entered(s: State, u: Unit, ev: GameEvent[]): void {
  const z = u.pos!;
  const tile = s.tiles[z];
  if (!tile || tile.kind !== "mural" || tile.owner === u.owner) return;
  ev.push({ type: "mural_triggered", seat: tile.owner, unit: u.id, zone: z });
  damageZone(s, z, ev);
  s.tiles[z] = null;
  ev.push({ type: "tile_removed", seat: tile.owner, zone: z });
}

export function moveUnit(s: State, u: Unit, dir: Dir, ev: GameEvent[]): boolean {
  return relocate(s, u, step(u.pos!, dir), dir, "move", ev);
}

/** Puts `u` on `to` (entering it), or reports `<kind>_failed` when `to` is off the board or does not fit. */
function relocate(s: State, u: Unit, to: number | null, dir: Dir, kind: "move" | "jump", ev: GameEvent[]): boolean {
  if (to === null || !fits(s, u, to)) {
    ev.push({ type: `${kind}_failed`, seat: u.owner, unit: u.id, dir });
    return false;
  }
  ev.push({ type: kind, seat: u.owner, unit: u.id, from: u.pos, into: to });
  u.pos = to;
  entered(s, u, ev);
  return true;
}

/** Jump (R18): move in `dir` until entering an empty zone, skipping zones occupied by other units. */
export function jumpUnit(s: State, u: Unit, dir: Dir, ev: GameEvent[]): boolean {
  let to = step(u.pos!, dir);
  while (to !== null && unitAt(s, to)) to = step(to, dir);
  return relocate(s, u, to, dir, "jump", ev);
}

/** Swap (R24): tokens on the units (Ink, Armament) go along; an invalid result fails; both units enter. */
function swapUnits(s: State, a: Unit, b: Unit, ev: GameEvent[]): void {
  if (!fits(s, a, b.pos, b) || !fits(s, b, a.pos, a)) {
    ev.push({ type: "swap_failed", a: a.id, b: b.id });
    return;
  }
  [a.pos, b.pos] = [b.pos, a.pos];
  ev.push({ type: "swap", a: a.id, b: b.id });
  entered(s, a, ev);
  if (b.pos !== null) entered(s, b, ev);
}

/** Zone Tiles (R20): one per zone; none where another Artist's tile lies; at most the supply. */
function placeMural(s: State, seat: Seat, zone: number, ev: GameEvent[]): void {
  const tile = s.tiles[zone];
  if (tile) {
    ev.push({ type: "fizzle", seat, reason: tile.owner === seat ? "one_tile_per_zone" : "other_artists_tile" });
    return;
  }
  const used = s.tiles.filter((t) => t?.owner === seat).length;
  if (used >= ARTISTS[s.players[seat].artist].muralTiles) {
    ev.push({ type: "fizzle", seat, reason: "no_mural" });
    return;
  }
  s.tiles[zone] = { owner: seat, kind: "mural" };
  ev.push({ type: "tile", seat, kind: "mural", zone });
}

/** Block tokens (R21): one per zone, at most the supply. */
function placeBlock(s: State, seat: Seat, zone: number, ev: GameEvent[]): void {
  if (s.blocks[zone] !== null) {
    ev.push({ type: "fizzle", seat, reason: "zone_already_blocked" });
    return;
  }
  if (s.blocks.filter((b) => b === seat).length >= ARTISTS[s.players[seat].artist].blockTokens) {
    ev.push({ type: "fizzle", seat, reason: "no_block" });
    return;
  }
  s.blocks[zone] = seat;
  ev.push({ type: "block", seat, zone });
}

export function damageZone(s: State, zone: number, ev: GameEvent[]): void {
  if (s.blocks[zone] !== null) {
    // A Block token negates the damage and leaves (R21).
    ev.push({ type: "blocked", seat: s.blocks[zone]!, zone });
    s.blocks[zone] = null;
    return;
  }
  const u = unitAt(s, zone);
  if (!u) {
    ev.push({ type: "damage_miss", zone });
    return;
  }
  if (u.kind === "artist") {
    s.players[u.owner].damage = Math.min(LOSS_DAMAGE, s.players[u.owner].damage + 1);
    ev.push({ type: "damage", seat: u.owner, unit: u.id, zone, total: s.players[u.owner].damage });
  } else {
    u.pos = null;
    u.inked = false;
    u.exhausted = false;
    u.armament = null;
    ev.push({ type: "summon_removed", seat: u.owner, unit: u.id, zone });
  }
}
