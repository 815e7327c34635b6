/**
 * Server-side bots in casual seats, so one person can play any game alone. A bot sees what its
 * seat's client would see and nothing more: it chooses among the seat's own `legal` decisions
 * (the list its client would get), never from the full game state, at a human-like pace (a
 * think time drawn between `minMs` and `maxMs` each time it owes a decision).
 *
 * Two levels (rules/core/botMatch.ts): `easy` picks uniformly among the legal decisions;
 * `normal` searches from its seat's view (rules/core/search.ts), asked of the room's `decide`
 * (a worker pool: server/bots/botPool.ts) as soon as it starts thinking, so the search runs
 * during the think time, which stays what it was. A search that fails, comes too late (the pool
 * gave up), or whose decision is no longer legal when the bot's turn comes, falls back to a
 * uniform pick: a bot never holds up its table.
 *
 * The room owns the game; this only keeps one think timer per bot seat and asks the room to
 * act when it fires. Bot randomness is the room's own (not the game's seeded generator), so a
 * replay needs no bot: the decisions are recorded like anyone's.
 */
import type { BotLevel } from "../rules/core/botMatch.ts";
import type { AnyEngine, Seat } from "../rules/core/engine.ts";
import { RuleError } from "../rules/core/errors.ts";
import { canonicalJson } from "../rules/core/hash.ts";
import { seedRng } from "../rules/core/rng.ts";
import { searchAction, type SearchHooks } from "../rules/core/search.ts";

/** `normal` bot decisions off the rooms' thread (the server's pool: server/bots/botPool.ts). */
export interface BotDecisions {
  /** The `normal` decision for `seat` in `state`, or null when none could be had in time. */
  decide(game: string, state: unknown, seat: number, seed: string): Promise<unknown>;
}

export interface BotPace {
  minMs: number;
  maxMs: number;
}

export interface BotHost {
  /** Runs `fn` after `ms` on the room's clock; returns how to cancel it. */
  later(fn: () => void, ms: number): { cancel(): void };
  /**
   * Applies the bot's decision for `seat` as if its client had sent it, `choose` picking among
   * the seat's legal decisions (what its client would be sent) when its turn in the room's
   * queue comes: a choice made earlier could be stale by then (another decision applied first).
   */
  act(seat: Seat, choose: (legal: readonly unknown[]) => unknown): void;
  random(): number;
  /** The `normal` decision for `seat` in the game as it is now; null when none could be had. */
  decide?(seat: Seat): Promise<unknown>;
  /** A bot of `level` chose: at random (`easy`), by its search, or at random because its search gave nothing usable. */
  chose?(level: BotLevel, how: BotChoice): void;
}

/** How a bot's decision was made (the server counts them: tabletop_bot_decisions_total). */
export type BotChoice = "random" | "searched" | "fallback";

export class SeatBots {
  private readonly thinking = new Map<Seat, { cancel(): void }>();
  private readonly seatSet: Set<Seat>;
  private readonly levels: Map<Seat, BotLevel>;

  constructor(
    seats: ReadonlySet<Seat>,
    private readonly pace: BotPace,
    private readonly host: BotHost,
    /** Each bot seat's level (absent: `easy`). */
    levels: ReadonlyMap<Seat, BotLevel> = new Map(),
  ) {
    this.seatSet = new Set(seats);
    this.levels = new Map(levels);
  }

  /** The bots' seats. */
  get seats(): ReadonlySet<Seat> {
    return this.seatSet;
  }

  has(seat: Seat): boolean {
    return this.seatSet.has(seat);
  }

  /**
   * A bot of `level` takes `seat`: a room filling its empty seats before its match starts
   * (rooms/botFill.ts). The match's header lists the bots as they are when it starts.
   */
  add(seat: Seat, level: BotLevel): void {
    this.seatSet.add(seat);
    this.levels.set(seat, level);
  }

  level(seat: Seat): BotLevel {
    return this.levels.get(seat) ?? "easy";
  }

  /** After every change: a bot seat that owes a decision starts thinking; one that no longer does stops. */
  update(actors: ReadonlySet<Seat>): void {
    for (const seat of this.seats) {
      const owes = actors.has(seat);
      const timer = this.thinking.get(seat);
      if (owes && !timer) this.think(seat);
      else if (!owes && timer) {
        timer.cancel();
        this.thinking.delete(seat);
      }
    }
  }

  stop(): void {
    for (const t of this.thinking.values()) t.cancel();
    this.thinking.clear();
  }

  private think(seat: Seat): void {
    const { minMs, maxMs } = this.pace;
    const ms = minMs + Math.floor(this.host.random() * Math.max(0, maxMs - minMs));
    const level = this.level(seat);
    const uniform = (legal: readonly unknown[]) => legal[Math.floor(this.host.random() * legal.length)];
    const searched = level === "normal" && this.host.decide ? this.host.decide(seat).catch(() => null) : null;
    let cancelled = false;
    const timer = this.host.later(() => {
      if (!searched) {
        this.thinking.delete(seat);
        this.host.act(seat, (legal) => {
          this.host.chose?.(level, "random");
          return uniform(legal);
        });
        return;
      }
      // Still thinking until the search answers (the pool bounds how long): no second think starts meanwhile.
      void searched.then((choice) => {
        if (cancelled) return;
        this.thinking.delete(seat);
        const key = choice === null || choice === undefined ? null : canonicalJson(choice);
        this.host.act(seat, (legal) => {
          const found = key === null ? undefined : legal.find((a) => canonicalJson(a) === key);
          this.host.chose?.(level, found === undefined ? "fallback" : "searched");
          return found ?? uniform(legal);
        });
      });
    }, ms);
    this.thinking.set(seat, {
      cancel: () => {
        cancelled = true;
        timer.cancel();
      },
    });
  }
}

/**
 * The initial game state for these seat set-ups, the bots' (`botSeats`) drawn now among the
 * engine's ready-made ones so that the whole table is valid (Re;ACT: two different Artists): a
 * few random draws, then the engine's refusal. Throws RuleError when the seats cannot play together.
 */
export function setUpWithBots(
  engine: AnyEngine,
  config: unknown,
  seed: string,
  seatConfigs: readonly unknown[],
  botSeats: ReadonlySet<Seat>,
  random: () => number,
): { game: unknown; seatConfigs: unknown[] } {
  const presets = Object.values(engine.presets?.() ?? {});
  const draws = botSeats.size > 0 && presets.length > 0 ? 24 : 1;
  let lastError: unknown;
  for (let attempt = 0; attempt < draws; attempt++) {
    const configs = [...seatConfigs];
    for (const seat of botSeats) configs[seat] = engine.parseSeatConfig(presets.length > 0 ? presets[Math.floor(random() * presets.length)] : {}, config);
    try {
      return { game: engine.setup(config, configs, seed), seatConfigs: configs };
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      lastError = error;
    }
  }
  throw lastError;
}

/**
 * The room's `decide` for `normal` bots: the server's worker pool when it has one, else the
 * search in this thread (tests and tiny deployments, BOT_WORKERS=0). Null without search hooks or
 * before the game starts. The seed is the room's randomness, never the game's.
 */
export function normalDecider(engine: AnyEngine, hooks: SearchHooks | undefined, pool: BotDecisions | undefined, game: () => unknown, random: () => number): (seat: Seat) => Promise<unknown> {
  return (seat) => {
    const state = game();
    if (!hooks || state === null || state === undefined) return Promise.resolve(null);
    const seed = `bot-${Math.floor(random() * 2 ** 52)}`;
    if (pool) return pool.decide(engine.game, state, seat, seed);
    try {
      return Promise.resolve(searchAction(engine, hooks, state, seat, { rng: seedRng(seed) }));
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
