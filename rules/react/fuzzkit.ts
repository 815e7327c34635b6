/**
 * Seeded random games with invariants checked after every step (shared by the fuzz tests).
 * Written for speed (12,000 games per CI run): plain loops, no sorting or copying per step.
 */
import { stateHash } from "../core/hash.ts";
import { verifyReplay, type ReplayRecord } from "../core/replay.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { ARTISTS, deckList } from "./cards.ts";
import { HAND_LIMIT } from "./draw.ts";
import { LOSS_DAMAGE } from "./ending.ts";
import { ZONES, adjacent, unitAt } from "./field.ts";
import { MP_SLOTS } from "./masterpiece.ts";
import { armamentZone } from "./movement.ts";
import { CHAIN_SLOTS } from "./reactChain.ts";
import { MAX_SCALES_PER_ZONE } from "./tokens.ts";
import { reactEngine } from "./index.ts";
import type { ArtistId, State } from "./types.ts";

/** Card id -> index in its Artist's deck list, per Artist (for the "cards accounted for" check). */
const cardIndex = new Map<ArtistId, Map<string, number>>();
for (const a of Object.keys(ARTISTS) as ArtistId[]) cardIndex.set(a, new Map((deckList(a) ?? []).map((c, i) => [c, i])));
const seen = new Int32Array(64);
let generation = 0;

function account(cards: readonly string[], index: Map<string, number>, seat: number, where: string): number {
  for (const c of cards) {
    const i = index.get(c);
    if (i === undefined) throw new Error(`seat ${seat}: ${where} holds ${c}, not a card of its deck`);
    if (seen[i] === generation) throw new Error(`seat ${seat}: ${c} twice (${where})`);
    seen[i] = generation;
  }
  return cards.length;
}

/**
 * Every invariant of a Re;ACT state: each Action card exactly once (hand, deck, discard or chain);
 * hand ≤ 6; damage 0..3; Masterpiece parts once each; one unit per zone, all on the board; Artists
 * on the board; chain ≤ 5 and never left unresolved; Ink, Scales, Murals, Blocks within their
 * owners' supplies; Armaments on the board and only the Painter's; a swap prompt (R9) only for the
 * Dancer with a unit next to her, while a chain resolves.
 */
export function checkInvariants(s: State): void {
  for (let seat = 0; seat < 2; seat++) {
    const p = s.players[seat];
    const art = ARTISTS[p.artist];
    if (p.hand.length > HAND_LIMIT) throw new Error(`seat ${seat}: hand of ${p.hand.length}`);
    if (p.damage < 0 || p.damage > LOSS_DAMAGE) throw new Error(`seat ${seat}: damage ${p.damage}`);
    generation++;
    const index = cardIndex.get(p.artist)!;
    let n = account(p.hand, index, seat, "hand") + account(p.deck ?? [], index, seat, "deck") + account(p.discard, index, seat, "discard");
    for (const e of s.chain) {
      if (e.seat !== seat || e.source !== "hand") continue;
      n += account([e.card], index, seat, "chain");
    }
    if (n !== index.size) throw new Error(`seat ${seat}: ${n} action cards of ${index.size}`);
    if (!art.deck && (p.hand.length > 0 || p.deck !== null)) throw new Error(`seat ${seat}: a deck-less Artist holds cards`);
    let parts = 0;
    for (let i = 0; i < MP_SLOTS; i++) {
      const c = s.mpZone[i];
      if (!c || c.seat !== seat) continue;
      if (parts & (1 << c.part)) throw new Error(`seat ${seat}: Masterpiece part ${c.part} twice in the zone`);
      parts |= 1 << c.part;
    }
  }
  let occupied = 0;
  let ink = 0;
  for (const id in s.units) {
    const u = s.units[id];
    if (u.pos === null) {
      if (u.kind === "artist") throw new Error(`artist ${u.id} off the board`);
      if (u.inked || u.armament) throw new Error(`${u.id} in the pool with a token`);
      continue;
    }
    if (u.pos < 0 || u.pos >= ZONES) throw new Error(`${u.id} off the board`);
    if (occupied & (1 << u.pos)) throw new Error(`two units in zone ${u.pos}`);
    occupied |= 1 << u.pos;
    if (u.inked) ink++;
    if (u.armament && (armamentZone(u) === null || !ARTISTS[s.players[u.owner].artist].armament)) throw new Error(`${u.id}'s Armament is wrong`);
  }
  if (s.chain.length > CHAIN_SLOTS) throw new Error(`chain of ${s.chain.length}`);
  if (s.chain.length > 0 && s.reactor === null && !s.prompt && !s.outcome) throw new Error("chain left unresolved");
  if (s.prompt?.kind === "swap") {
    // Pivoting Step's choice (R9): only the Dancer, while a chain resolves, with a unit next to her.
    const p = s.players[s.prompt.seat];
    const me = s.units[p.artist];
    if (p.artist !== "dancer" || s.reactor !== null || s.prompt.then !== "chain" || !adjacent(me.pos!).some((z) => unitAt(s, z) !== null)) throw new Error("a swap prompt out of place");
  }
  let scales = 0;
  const murals = [0, 0];
  const blocks = [0, 0];
  for (let z = 0; z < ZONES; z++) {
    const n = s.scales[z];
    if (n < 0 || n >= MAX_SCALES_PER_ZONE) throw new Error(`zone ${z}: ${n} scales`);
    scales += n;
    const t = s.tiles[z];
    if (t) murals[t.owner]++;
    const b = s.blocks[z];
    if (b !== null) blocks[b]++;
  }
  if (s.tiles.length !== ZONES || s.blocks.length !== ZONES || s.scales.length !== ZONES) throw new Error("bad zone arrays");
  const [a0, a1] = [ARTISTS[s.players[0].artist], ARTISTS[s.players[1].artist]];
  if (scales > a0.scaleTokens + a1.scaleTokens) throw new Error(`${scales} Scales of ${a0.scaleTokens + a1.scaleTokens}`);
  if (ink > a0.inkTokens + a1.inkTokens) throw new Error(`${ink} Ink of ${a0.inkTokens + a1.inkTokens}`);
  for (let seat = 0; seat < 2; seat++) {
    const a = ARTISTS[s.players[seat].artist];
    if (murals[seat] > a.muralTiles) throw new Error(`seat ${seat}: ${murals[seat]} Murals of ${a.muralTiles}`);
    if (blocks[seat] > a.blockTokens) throw new Error(`seat ${seat}: ${blocks[seat]} Blocks of ${a.blockTokens}`);
  }
}

/**
 * Re-simulates a replay to its final hash with the engine alone (set-up, then `apply` of every
 * step: legality checked, no views, no event log kept). `verifyReplay` (core) does the same plus
 * `parseAction` and an event log; the fuzz tests use it on a sample of games.
 */
export function resimulatesToFinalHash(r: ReplayRecord): boolean {
  const config = reactEngine.parseConfig(r.config);
  let s = reactEngine.setup(
    config,
    r.seats.map((x) => reactEngine.parseSeatConfig(x, config)),
    r.seed,
  );
  for (const st of r.steps) s = reactEngine.apply(s, st.seat, st.action as never).state;
  return stateHash(s) === r.finalHash;
}

export interface PairFuzzResult {
  games: number;
  steps: number;
  reasons: Record<string, number>;
  /** Games with each Artist in seat 0. */
  seat0: Record<string, number>;
  ms: number;
}

/**
 * `games` seeded random games between Artists `a` and `b`, alternating who sits in seat 0; every
 * 10th game uses the first-game opening (R4). Invariants after every step; every replay
 * re-simulated to its final hash (every 50th also through core `verifyReplay`).
 */
export function runPairFuzz(a: ArtistId, b: ArtistId, games: number): PairFuzzResult {
  const t0 = performance.now();
  const out: PairFuzzResult = { games, steps: 0, reasons: {}, seat0: { [a]: 0, [b]: 0 }, ms: 0 };
  const onStep = (state: unknown) => checkInvariants(state as State);
  for (let i = 0; i < games; i++) {
    const seats = i % 2 === 0 ? [a, b] : [b, a];
    const seed = `react-${a}-${b}-${i}`;
    const config = i % 10 === 9 ? { firstGame: true } : {};
    const r = playRandomGame(
      reactEngine,
      config,
      seats.map((artist) => ({ artist })),
      seed,
      { onStep },
    );
    out.steps += r.replay.steps.length;
    out.seat0[seats[0]]++;
    out.reasons[r.outcome.reason] = (out.reasons[r.outcome.reason] ?? 0) + 1;
    if (r.outcome.ranks.length !== 2) throw new Error(`${seed}: bad outcome`);
    if (!resimulatesToFinalHash(r.replay)) throw new Error(`${seed}: the replay does not re-simulate to its final hash`);
    if (i % 50 === 0 && !verifyReplay(reactEngine, r.replay).ok) throw new Error(`${seed}: verifyReplay failed`);
  }
  out.ms = performance.now() - t0;
  return out;
}

/** Games per pair: env FUZZ_GAMES (default 2,000). */
export function fuzzGames(): number {
  const n = Number(process.env.FUZZ_GAMES ?? 2000);
  if (!Number.isInteger(n) || n < 1) throw new Error(`FUZZ_GAMES must be a positive integer, got ${process.env.FUZZ_GAMES}`);
  return n;
}
