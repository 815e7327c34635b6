/**
 * A match played by random legal decisions and journaled as a room journals it (header, one
 * entry per decision, a state hash every `every`): the input of resume tests and benchmarks.
 */
import type { AnyEngine } from "../../rules/core/engine.ts";
import { stateHash } from "../../rules/core/hash.ts";
import { pick, seedRng, type HasRng } from "../../rules/core/rng.ts";
import type { JournalEntry, MatchHeader } from "../../match/journalTypes.ts";

export interface JournaledPlay {
  header: MatchHeader;
  entries: JournalEntry[];
  /** The state after the last journaled decision. */
  state: unknown;
  finished: boolean;
}

export function playJournaled(
  engine: AnyEngine,
  config: unknown,
  seatConfigs: readonly unknown[],
  decisions: number,
  options: {
    seed?: string;
    /** Seeds the random choice of each decision. */
    choices?: string;
    every?: number;
    /** Journal wrong hashes (a journal that must not resume). */
    tamper?: boolean;
    startedAt?: number;
    /** The journaled time of decision n (default n * 1000). */
    at?: (n: number) => number;
    clock?: MatchHeader["clock"];
  } = {},
): JournaledPlay {
  const parsedConfig = engine.parseConfig(config);
  const seats = seatConfigs.map((s) => engine.parseSeatConfig(s, parsedConfig));
  const seed = options.seed ?? "journal-seed";
  const every = options.every ?? 5;
  const at = options.at ?? ((n: number) => n * 1000);
  let state = engine.setup(parsedConfig, seats, seed);
  const rng: HasRng = { rng: seedRng(options.choices ?? "choices") };
  const entries: JournalEntry[] = [];
  for (let n = 1; n <= decisions && !engine.outcome(state); n++) {
    const seat = engine.actors(state)[0]!;
    const action = pick(rng, engine.legal(state, seat));
    state = engine.apply(state, seat, action).state;
    const hash = n % every === 0 ? (options.tamper ? "f".repeat(64) : stateHash(state)) : undefined;
    entries.push({ n, kind: "act", seat, action, at: at(n), ...(hash ? { hash } : {}) });
  }
  const header: MatchHeader = {
    game: engine.game,
    version: engine.version,
    mode: "casual",
    config: parsedConfig,
    seats,
    seed,
    seedHash: "not-checked-here",
    startedAt: options.startedAt ?? 0,
    players: seats.map((_, seat) => ({ seat, playerId: `20000000-0000-4000-8000-00000000000${seat}`, name: `~P${seat}`, kind: "guest" as const })),
    bots: [],
    clock: options.clock ?? null,
  };
  return { header, entries, state, finished: engine.outcome(state) !== null };
}
