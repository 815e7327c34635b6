// One file per Artist pair so CI's cores run the pairs in parallel. Count: env FUZZ_GAMES (default 2,000).
import { expect, it } from "vitest";
import { fuzzGames, runPairFuzz } from "./fuzzkit.ts";

const games = fuzzGames();

it(`fuzz Tagger vs Painter: ${games} seeded random games (seats alternate) end without error; invariants after every step; every replay re-simulates to its final hash`, { timeout: 900_000 }, () => {
  const r = runPairFuzz("tagger", "painter", games);
  expect(r.seat0).toEqual({ tagger: Math.ceil(games / 2), painter: Math.floor(games / 2) });
  expect(Object.values(r.reasons).reduce((x, y) => x + y, 0)).toBe(games);
  if (games >= 100) expect(r.reasons.damage ?? 0).toBeGreaterThan(0);
  if (process.env.FUZZ_REPORT) console.log(JSON.stringify({ pair: "tagger-painter", games, msPerGame: +(r.ms / games).toFixed(2), stepsPerGame: +(r.steps / games).toFixed(1), reasons: r.reasons }));
});
