/**
 * Every legal decision of every game says what it involves (engine.refs, rules/core/refs.ts), and
 * those refs name only what the deciding seat sees: a card id found in its own view, a seat that
 * exists, a zone the game documents, a board cell on the board. Leak safety (the same refs when
 * what the seat cannot see is re-dealt) is checked by each game's leak-redeal test (strongLeakCheck.ts).
 * Sizes: env CHECK_GAMES (default 2) games per game and player count.
 */
import { describe, expect, it } from "vitest";
import type { AnyEngine } from "../rules/core/engine.ts";
import { envInt, positionsOf, where } from "../rules/core/positions.ts";
import { refProblem, refSchema, viewTokens, type Ref } from "../rules/core/refs.ts";
import { achromaEngine } from "../rules/achroma/index.ts";
import { seatsFor as achromaSeats } from "../rules/achroma/fuzzkit.ts";
import { artistPairs, reactEngine } from "../rules/react/index.ts";
import { resonanceEngine } from "../rules/resonance/index.ts";
import { seatsFor as resonanceSeats } from "../rules/resonance/fuzzkit.ts";
import { solreiEngine } from "../rules/solrei/index.ts";
import { seatsFor as solreiSeats } from "../rules/solrei/fuzzkit.ts";

const GAMES = envInt("CHECK_GAMES", 2);

interface Case {
  engine: AnyEngine;
  config: unknown;
  seats: (g: number) => unknown[];
  /** Zone names the game's docs list. */
  zones: string[];
  /** Action types that always involve something on the table. */
  involving: string[];
  cells?: number;
  /** The engine marks some decisions to confirm in these games (self-harm or bound to fail). */
  confirms?: boolean;
}

const pairs = artistPairs();
const cases: Record<string, Case> = {
  solrei: {
    engine: solreiEngine,
    config: {},
    seats: (g) => solreiSeats(g * 3 + 1),
    zones: ["muse", "advantage", "art", "deck"],
    involving: ["choose_first", "place", "activate", "rei", "filter", "block", "take"],
  },
  "achroma 2 players": {
    engine: achromaEngine,
    config: { players: 2 },
    seats: (g) => achromaSeats(2, g + 31),
    zones: ["canvas", "palette"],
    involving: ["deploy", "trade", "attack", "resolve", "resolve_given", "hunt", "activate", "menagerie", "dispose", "mount", "unveil", "draw"],
  },
  "achroma 4 players": {
    confirms: true,
    engine: achromaEngine,
    config: { players: 4 },
    seats: (g) => achromaSeats(4, g + 41),
    zones: ["canvas", "palette"],
    involving: ["deploy", "trade", "attack", "resolve", "hunt", "activate", "dispose", "mount", "draw"],
  },
  react: {
    confirms: true,
    engine: reactEngine,
    config: {},
    seats: (g) => pairs[g % pairs.length],
    zones: ["masterpiece", "masterpiece_part"],
    involving: ["play", "mp_place", "mp_swap", "swap_pick"],
    cells: 25,
  },
  "resonance 3 players": {
    confirms: true,
    engine: resonanceEngine,
    config: { players: 3 },
    seats: (g) => resonanceSeats(3, g + 51),
    zones: ["module", "deck"],
    involving: ["pick", "attack", "support", "deploy", "discard", "equip", "purge", "charge", "tag", "slow"],
  },
};

describe("what each legal decision involves (refs)", () => {
  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: over ${GAMES} seeded games, every legal decision's refs name things in the seat's own view`, { timeout: 300_000 }, () => {
      expect(c.engine.refs).toBeTypeOf("function");
      const problems: string[] = [];
      let decisions = 0;
      let withRefs = 0;
      let confirms = 0;
      const seatCount = (s: unknown) => (c.engine.view(s, null) as { players?: unknown[] }).players?.length ?? 2;
      for (let g = 0; g < GAMES; g++) {
        for (const p of positionsOf(c.engine, c.config, c.seats(g), `refs-${name}-${g}`, 1)) {
          const n = Math.max(2, seatCount(p.state));
          for (const seat of c.engine.actors(p.state) as number[]) {
            const tokens = viewTokens(c.engine.view(p.state, seat));
            for (const a of c.engine.legal(p.state, seat) as { type: string }[]) {
              decisions++;
              const refs = c.engine.refs!(p.state, seat, a) as Ref[];
              const confirm = c.engine.confirm?.(p.state, seat, a) ?? null;
              if (confirm !== null) confirms++;
              if (confirm !== null && (typeof confirm !== "string" || confirm.length < 8)) problems.push(`${where(p, seat)}: confirm ${JSON.stringify(confirm)}`);
              if (refs.length > 0) withRefs++;
              if (c.involving.includes(a.type) && refs.length === 0 && !(a.type === "fuel")) problems.push(`${where(p, seat)}: ${JSON.stringify(a)} names nothing`);
              for (const r of refs) {
                const bad =
                  refProblem(r, tokens, n) ??
                  (r.kind === "zone" && !c.zones.includes(r.zone) ? `undocumented zone ${r.zone}` : null) ??
                  (r.kind === "cell" && (c.cells === undefined || r.cell >= c.cells) ? `cell ${r.cell} is off the board` : null);
                if (bad) problems.push(`${where(p, seat)}: ${JSON.stringify(a)}: ${bad}`);
                expect(refSchema.safeParse(r).success).toBe(true);
              }
            }
          }
        }
      }
      expect(problems.slice(0, 8)).toEqual([]);
      expect(decisions).toBeGreaterThan(100);
      // Most decisions are about something on the table; a game whose refs are all empty fails here.
      expect(withRefs / decisions).toBeGreaterThan(0.4);
      if (c.confirms) expect(confirms, "some decisions ask to confirm").toBeGreaterThan(0);
      console.log(`${name}: ${decisions} decisions, ${withRefs} with refs, ${confirms} ask to confirm`);
    });
  }
});
