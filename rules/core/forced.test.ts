/**
 * Forced decisions (engine.forced): the room makes them without asking, so they must be the
 * seat's only legal decision and must follow from public facts alone; the passes of each game's
 * "pass until" stops (engine.passStops) must be legal and follow from public facts too. Checked at every position
 * of seeded random games of each game: re-dealing what any seat cannot see never changes which
 * actors have a forced decision (nor, for the seat itself, which one).
 */
import { describe, expect, it } from "vitest";
import { canonicalJson } from "./hash.ts";
import type { AnyEngine, Seat } from "./engine.ts";
import { envInt } from "./positions.ts";
import { seedRng } from "./rng.ts";
import { playRandomGame } from "./selfPlay.ts";
import { findForcedLeaks, findLeaksStrong, type StrongLeak } from "./strongLeakCheck.ts";
import { solreiEngine } from "../solrei/index.ts";
import { permuteHidden as solreiRedeal } from "../solrei/testkit.ts";
import { seatsFor as solreiSeats } from "../solrei/fuzzkit.ts";
import { artistPairs, reactEngine } from "../react/index.ts";
import { permuteHidden as reactRedeal } from "../react/testkit.ts";
import { achromaEngine } from "../achroma/index.ts";
import { permuteHidden as achromaRedeal } from "../achroma/testkit.ts";
import { seatsFor as achromaSeats } from "../achroma/fuzzkit.ts";
import { resonanceEngine } from "../resonance/index.ts";
import { permuteHidden as resonanceRedeal } from "../resonance/testkit.ts";
import { seatsFor as resonanceSeats } from "../resonance/fuzzkit.ts";

type Redeal = (state: never, seat: Seat, rng: { rng: number[] }) => unknown;
interface Case {
  name: string;
  engine: AnyEngine;
  config: unknown;
  seats: (g: number) => unknown[];
  redeal: Redeal;
  players: number;
}

const CASES: Case[] = [
  { name: "solrei", engine: solreiEngine, config: {}, seats: (g) => solreiSeats(g * 3 + 1), redeal: solreiRedeal as Redeal, players: 2 },
  { name: "react", engine: reactEngine, config: {}, seats: (g) => artistPairs()[g % artistPairs().length]!, redeal: reactRedeal as Redeal, players: 2 },
  { name: "achroma 3p", engine: achromaEngine, config: { players: 3 }, seats: (g) => achromaSeats(3, g + 5), redeal: achromaRedeal as Redeal, players: 3 },
  { name: "achroma 2p", engine: achromaEngine, config: { players: 2 }, seats: (g) => achromaSeats(2, g + 9), redeal: achromaRedeal as Redeal, players: 2 },
  { name: "resonance 3p", engine: resonanceEngine, config: { players: 3 }, seats: (g) => resonanceSeats(3, g + 70), redeal: resonanceRedeal as Redeal, players: 3 },
];

const GAMES = envInt("FORCED_GAMES", 3);

describe("forced decisions are made only from public facts", () => {
  for (const c of CASES) {
    it(`${c.name}: over ${GAMES} random games, every forced decision is the seat's only legal one, and re-dealing hidden cards never changes which are forced`, { timeout: 300_000 }, () => {
      const rng = { rng: seedRng(`forced-${c.name}`) };
      const leaks: (StrongLeak & { at: string })[] = [];
      let forced = 0;
      let passes = 0;
      let decisions = 0;
      for (let g = 0; g < GAMES; g++) {
        const seed = `forced-${c.name}-${g}`;
        playRandomGame(c.engine, c.config, c.seats(g), seed, {
          onStep: (state, info) => {
            if (c.engine.outcome(state) !== null) return;
            decisions++;
            for (const a of c.engine.actors(state) as Seat[]) {
              // A "pass until" stop only ever makes one of the seat's legal decisions.
              for (const stop of Object.values(c.engine.passStops ?? {})) {
                const pass = stop.pass(state, a);
                if (pass !== null) {
                  passes++;
                  expect(c.engine.legal(state, a).map((x: unknown) => canonicalJson(x))).toContain(canonicalJson(pass));
                }
              }
              const f = c.engine.forced!(state, a);
              if (f === null) continue;
              forced++;
              expect(c.engine.legal(state, a).map((x: unknown) => canonicalJson(x))).toEqual([canonicalJson(f)]);
            }
            for (const leak of findForcedLeaks(c.engine, state, c.players, rng, c.redeal as never)) leaks.push({ ...leak, at: `${seed} after step ${info.step}` });
          },
        });
      }
      expect(leaks.slice(0, 3)).toEqual([]);
      // Not vacuous: each game has forced decisions to check.
      expect(forced).toBeGreaterThan(decisions / 100);
      expect(passes).toBeGreaterThan(0);
    });
  }

  it("the check catches an engine that decides from hidden cards (Re;ACT: a lone pass forced whatever the hand holds)", () => {
    const leaky: AnyEngine = { ...reactEngine, forced: (s, seat) => (reactEngine.legal(s, seat).length === 1 ? reactEngine.legal(s, seat)[0] : null) };
    const rng = { rng: seedRng("forced-leaky") };
    const found: StrongLeak[] = [];
    let where: unknown = null;
    for (let g = 0; g < 6 && found.length === 0; g++) {
      playRandomGame(leaky, {}, artistPairs()[g]!, `forced-leaky-${g}`, {
        onStep: (state) => {
          if (found.length > 0 || leaky.outcome(state) !== null) return;
          found.push(...findForcedLeaks(leaky, state, 2, rng, reactRedeal as never, 3));
          if (found.length > 0) where = state;
        },
      });
    }
    expect(found[0]?.kind).toBe("forced");
    // The full strong check reports it at the same position, and the real engine is clean there.
    expect(findLeaksStrong(leaky, where, 2, rng, { redeal: reactRedeal as never, redeals: 24, variants: 1 }).map((l) => l.kind)).toContain("forced");
    expect(findLeaksStrong(reactEngine, where, 2, rng, { redeal: reactRedeal as never, redeals: 24, variants: 1 }).filter((l) => l.kind === "forced")).toEqual([]);
  });
});
