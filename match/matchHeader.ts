/** The header a match starts with: everything a replay or a resume needs besides the decisions. */
import type { AnyEngine, Seat } from "../rules/core/engine.ts";
import type { MatchHeader } from "./journalTypes.ts";

export function matchHeader(
  engine: AnyEngine,
  match: {
    mode: "casual" | "ranked";
    config: unknown;
    seatConfigs: unknown[];
    seed: string;
    seedHash: string;
    startedAt: number;
    players: MatchHeader["players"];
    bots: Seat[];
    clock: MatchHeader["clock"];
    ranked: { group: number; players: readonly { playerId: string; username: string }[] } | null;
  },
): MatchHeader {
  return {
    game: engine.game,
    version: engine.version,
    mode: match.mode,
    config: match.config,
    seats: match.seatConfigs,
    seed: match.seed,
    seedHash: match.seedHash,
    startedAt: match.startedAt,
    players: match.players,
    bots: match.bots,
    clock: match.clock,
    ...(match.ranked ? { ranked: { group: match.ranked.group, players: [...match.ranked.players] } } : {}),
  };
}
