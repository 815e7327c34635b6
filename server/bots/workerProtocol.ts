/** Messages between the rooms' thread and a bot worker (server/bots/botPool.ts; the worker: rooms/botWorker.ts). */

export interface BotRequest {
  ticket: number;
  game: string;
  /** The whole game state: the search reads only what `seat` may see (rules/core/search.ts). */
  state: unknown;
  seat: number;
  /** The bot's own randomness for this decision (never the game's generator). */
  seed: string;
}

export type FromBotWorker =
  /** Sent once, when the worker has loaded its games: request time limits start from here. */
  { ready: true } | { ticket: number; ok: true; action: unknown; ms: number } | { ticket: number; ok: false; error: { name: string; message: string } };
