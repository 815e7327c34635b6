/**
 * Seeded randomness kept inside the game state, so the same seed and the same actions
 * give the same game. The generator is pure-rand's xoroshiro128+; only its 4-word state
 * is stored (plain numbers: JSON-safe, hashable, cheap to copy).
 */
import { xoroshiro128plus, xoroshiro128plusFromState } from "pure-rand/generator/xoroshiro128plus";
import { uniformInt } from "pure-rand/distribution/uniformInt";
import { sha256Hex } from "./hash.ts";

export type RngState = readonly number[];

/** Anything that carries its RNG state in a mutable `rng` field (an engine's draft state). */
export interface HasRng {
  rng: RngState;
}

/** Derives a full 128-bit generator state from a seed string (sha256 of the seed). */
export function seedRng(seed: string): RngState {
  const hex = sha256Hex(seed);
  const words = [0, 1, 2, 3].map((i) => parseInt(hex.slice(i * 8, i * 8 + 8), 16) | 0);
  // An all-zero state would emit zeros forever; the hash makes that practically impossible, but be exact.
  if (words.every((w) => w === 0)) return xoroshiro128plus(1).getState();
  return words;
}

/** Uniform integer in [min, max], advancing `holder.rng`. */
export function randInt(holder: HasRng, min: number, max: number): number {
  if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
    throw new RangeError(`randInt: bad range [${min}, ${max}]`);
  }
  const gen = xoroshiro128plusFromState(holder.rng);
  const value = uniformInt(gen, min, max);
  holder.rng = gen.getState();
  return value;
}

/** Picks one element uniformly; throws on an empty list. */
export function pick<T>(holder: HasRng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError("pick: empty list");
  return items[randInt(holder, 0, items.length - 1)];
}

/** Fisher–Yates shuffle in place, advancing `holder.rng`. */
export function shuffleInPlace<T>(holder: HasRng, items: T[]): T[] {
  if (items.length < 2) return items;
  const gen = xoroshiro128plusFromState(holder.rng);
  for (let i = items.length - 1; i > 0; i--) {
    const j = uniformInt(gen, 0, i);
    [items[i], items[j]] = [items[j], items[i]];
  }
  holder.rng = gen.getState();
  return items;
}
