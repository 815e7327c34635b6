/**
 * Stronger hidden-information check (rules/core/strongLeakCheck.ts) over fuzzed positions, at every
 * player count: for each seat, re-deal what it cannot see (other hands with the Main Deck order,
 * every Personal Codex Deck order; cards shown to it by a pending choice kept) and re-seed the RNG;
 * views (seat and spectator), legal(seat), actors() and every action's accept/reject (code and
 * message) and visible events must not change. Sizes: see SIZES below.
 */
import { describe, expect, it } from "vitest";
import { checkPositions, envInt } from "../core/positions.ts";
import { seedRng, shuffleInPlace, type HasRng } from "../core/rng.ts";
import { findLeaksStrong } from "../core/strongLeakCheck.ts";
import { seatsFor } from "./fuzzkit.ts";
import { resonanceEngine } from "./index.ts";
import type { State } from "./types.ts";

/** The re-deal of leak.test.ts's permuteHidden (not importable from a test file); keep the two in step. */
function redeal(state: unknown, viewer: number, rng: HasRng): unknown {
  const s = structuredClone(state) as State;
  const ch = s.combat?.choice;
  const shownHand = ch && ch.seat === viewer && ch.purpose.startsWith("3.2") ? Number(ch.data?.victim) : -1;
  const keepTop = ch && ch.seat === viewer && ch.purpose === "sensor" ? 1 : 0;
  // A seat choosing fuel for a declared Critical Strike publicly holds a same-Power pair: keep that hand.
  const fueling = s.combat && !ch && s.combat.step === "fuel" ? s.combat.seat : -1;
  // A pending choice listing hand cards (Survivor, Trickster, Adaptive, Brawler) fixes those hands: the chooser sees its own options.
  const listed = new Set<number>();
  for (const q of [...(ch ? [ch] : []), ...(s.combat?.queue ?? [])]) {
    const cards = q.options.filter((o) => o.startsWith("card:")).map((o) => o.slice(5));
    for (const p of s.players) if (cards.some((x) => p.hand.includes(x))) listed.add(p.seat);
  }
  const others = s.players.filter((p) => p.seat !== viewer && p.seat !== shownHand && p.seat !== fueling && !listed.has(p.seat));
  const pool = [...s.mainDeck.slice(keepTop), ...others.flatMap((p) => p.hand)];
  shuffleInPlace(rng, pool);
  for (const p of others) p.hand = pool.splice(0, p.hand.length);
  s.mainDeck = [...s.mainDeck.slice(0, keepTop), ...pool];
  for (const p of s.players) shuffleInPlace(rng, p.codexDeck);
  return s;
}

/** Per player count: [games, a position every n steps]; env CHECK_GAMES multiplies the games, CHECK_EVERY sets n. */
const SIZES: Record<number, [number, number]> = { 2: [6, 8], 3: [3, 8], 4: [2, 10] };
const GAMES = envInt("CHECK_GAMES", 1);
const gamesFor = (players: number) => GAMES * SIZES[players][0];

describe("hidden information, stronger check (resonance)", () => {
  for (const players of [2, 3, 4]) {
    const every = envInt("CHECK_EVERY", SIZES[players][1]);
    it(`${players} players, ${gamesFor(players)} random game(s), a position every ${every} steps: re-dealing what a seat cannot see and re-seeding the RNG changes nothing it can observe`, { timeout: 300_000 }, () => {
      const rng = { rng: seedRng(`leak2-resonance-${players}`) };
      const r = checkPositions(resonanceEngine, { players }, (g) => seatsFor(players, g + 400), `leak2-resonance-${players}`, gamesFor(players), every, (s) =>
        findLeaksStrong(resonanceEngine, s, players, rng, { redeal, variants: 40 }),
      );
      expect(r.problems.slice(0, 5)).toEqual([]);
      expect(r.positions).toBeGreaterThan(3 * GAMES);
    });
  }
});
