/**
 * The rating model, pure: no I/O, no clock. Ratings are openskill's Plackett-Luce model
 * (https://openskill.me), which rates 1v1 and free-for-all matches of any size from the
 * finishing ranks alone (rank 1 is best; equal ranks are ties).
 *
 * Every player starts at mu 25, sigma 25/3. The number shown to players (and the leaderboard
 * order) is the conservative "ordinal" mu - 3*sigma, scaled and shifted to a familiar range:
 *   display = round(1000 + 40 * (mu - 3 * sigma))      (a new player shows 1000)
 * A player is provisional until PROVISIONAL_GAMES rated games AND sigma <= PROVISIONAL_SIGMA.
 */
import { ordinal, rate, rating } from "openskill";

export const RATING_MODEL = "openskill-plackett-luce";
export const DEFAULT_MU = 25;
export const DEFAULT_SIGMA = 25 / 3;
export const DISPLAY_BASE = 1000;
export const DISPLAY_SCALE = 40;
export const PROVISIONAL_GAMES = 10;
export const PROVISIONAL_SIGMA = 7.5;

export interface Skill {
  mu: number;
  sigma: number;
}

export const DEFAULT_SKILL: Readonly<Skill> = Object.freeze({ mu: DEFAULT_MU, sigma: DEFAULT_SIGMA });

export function displayRating(s: Skill): number {
  return Math.round(DISPLAY_BASE + DISPLAY_SCALE * ordinal(rating({ mu: s.mu, sigma: s.sigma })));
}

export function isProvisional(games: number, s: Skill): boolean {
  return games < PROVISIONAL_GAMES || s.sigma > PROVISIONAL_SIGMA;
}

export class RatingInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RatingInputError";
  }
}

/**
 * New skills after one match: `skills[i]` and `ranks[i]` belong to the same seat (rank 1 is
 * best, equal ranks tie). Needs at least two seats. Returns a new array, in the same order.
 */
export function rateMatch(skills: readonly Skill[], ranks: readonly number[]): Skill[] {
  if (skills.length < 2) throw new RatingInputError("a rated match needs at least two players");
  if (ranks.length !== skills.length) throw new RatingInputError("one rank per player is needed");
  for (const s of skills) {
    if (!Number.isFinite(s.mu) || !Number.isFinite(s.sigma) || s.sigma <= 0) throw new RatingInputError(`bad skill ${JSON.stringify(s)}`);
  }
  for (const r of ranks) if (!Number.isInteger(r) || r < 1) throw new RatingInputError(`bad rank ${r}`);
  const teams = skills.map((s) => [rating({ mu: s.mu, sigma: s.sigma })]);
  const result = rate(teams, { rank: [...ranks] });
  return result.map((team) => ({ mu: team[0]!.mu, sigma: team[0]!.sigma }));
}
