/** Seeded random games with invariants checked after every step (shared by the fuzz tests). */
import { verifyReplay } from "../core/replay.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { bundle, DEPLOY_LIMIT } from "./engine.ts";
import { achromaEngine, samplePalette } from "./index.ts";
import type { State } from "./types.ts";

/** Every owner's cards accounted for exactly once, banks never negative, at most 3 counted Deploys per turn. */
export function checkInvariants(s: State): void {
  const owners = s.players.map(() => 0);
  const seen = new Set<string>();
  const count = (c: string) => {
    seen.add(c);
    owners[s.cards[c].owner]++;
  };
  for (const [seat, p] of s.players.entries()) {
    p.palette.forEach(count);
    p.hand.forEach(count);
    p.dregs.forEach(count);
    for (const c of p.characters) bundle(s, c).forEach(count);
    p.locations.forEach(count);
    if (p.bank < 0) throw new Error(`seat ${seat}: negative bank ${p.bank}`);
    if (p.out && (p.characters.length || p.locations.length)) throw new Error(`seat ${seat}: out but has a Canvas`);
  }
  for (const k in s.secrets) s.secrets[k].forEach(count);
  for (const k in s.restrained) for (const c of s.restrained[k]) bundle(s, c).forEach(count);
  for (const d of s.deferred) count(d.card);
  s.unveiling.forEach(count);
  s.resolving.forEach(count);
  const expected = s.players.length * 30;
  owners.forEach((n, seat) => {
    if (n !== 30) throw new Error(`seat ${seat}: ${n} of its 30 cards accounted for`);
  });
  if (seen.size !== expected) throw new Error(`cards not accounted for exactly once (${seen.size} distinct, ${expected} expected)`);
  if (s.deployed > DEPLOY_LIMIT) throw new Error(`${s.deployed} counted Deploys this turn`);
  for (const u in s.units) if (s.units[u].damage < 0) throw new Error(`${u}: negative damage`);
}

export function seatsFor(players: number, i: number): unknown[] {
  return Array.from({ length: players }, (_, k) => samplePalette(k + i));
}

/** Games per player count: env FUZZ_GAMES (default 2000, what CI runs; set it small while developing). */
export function fuzzGames(fallback = 2000): number {
  const n = Number(process.env.FUZZ_GAMES ?? fallback);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Events showing each 0.3.0 mechanic happened (a Deploy with `infest` counts as "infest"). */
export const MECHANIC_EVENTS = [
  "restrain",
  "released",
  "infest",
  "mount",
  "menagerie",
  "dispose",
  "deferred",
  "defend",
  "divert",
  "erase_trigger",
  "copy",
  "swap",
  "replace",
  "give",
  "activate",
  "declare",
  "fizzle",
  "claim",
  "hunt",
  "unveil",
  "research",
  "curse",
  "splat",
  "squish",
];

export function runFuzz(players: number, from: number, to: number): { steps: number; reasons: Record<string, number>; turnCap: number; events: Record<string, number> } {
  let steps = 0;
  const reasons: Record<string, number> = {};
  const events: Record<string, number> = {};
  const onStep = (st: unknown, info: { events: { type: string; infest?: unknown }[] }) => {
    checkInvariants(st as State);
    for (const e of info.events) {
      const k = e.infest ? "infest" : e.type;
      events[k] = (events[k] ?? 0) + 1;
    }
  };
  for (let i = from; i < to; i++) {
    const seed = `achroma-${players}-${i}`;
    const r = playRandomGame(achromaEngine, { players }, seatsFor(players, i), seed, { onStep });
    steps += r.replay.steps.length;
    reasons[r.outcome.reason] = (reasons[r.outcome.reason] ?? 0) + 1;
    if (r.outcome.ranks.length !== players) throw new Error(`${seed}: bad outcome`);
    if (!verifyReplay(achromaEngine, r.replay).ok) throw new Error(`${seed}: replay does not verify`);
  }
  return { steps, reasons, turnCap: reasons.turn_limit ?? 0, events };
}
