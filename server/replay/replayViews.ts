/**
 * Views of stored matches at any step (`GET /api/matches/:id/replay?step=&seat=`), answered
 * from a ReplayIndex per match: one simulation when a match is first viewed, then the nearest
 * checkpoint plus at most 31 decisions per step (rules/core/replayIndex.ts).
 *
 * This module is the part that runs wherever the indexes live: inside a worker thread
 * (server/replay/replayPool.ts) so that building an index never blocks the rooms' event loop,
 * or in the calling thread when REPLAY_WORKERS=0.
 */
import type { AnyEngine } from "../../rules/core/engine.ts";
import { ReplayIndex } from "../../rules/core/replayIndex.ts";
import type { ReplayRecord } from "../../rules/core/replay.ts";

/** What a viewer asked for: a seat's view, the spectators' view (seat null), or everything. */
export interface ViewRequest {
  id: string;
  step: number;
  seat: number | null;
  reveal: boolean;
}

/**
 * A game's views projected as its live room state's JSON (`game`: the public part, `secret`: the
 * seat's private part, null for a spectator), so a client draws a step with its table's boards.
 * Supplied by a game-aware caller (rooms/boardViews.ts): server/ knows no game.
 */
export type BoardOf = (spectatorView: unknown, seatView: unknown | null) => { game: unknown; secret: unknown | null };

/** The JSON answer, exactly as the HTTP route sends it. */
export type ViewAnswer =
  | { matchId: string; game: string; step: number; steps: number; reveal: "all"; state: unknown; events: unknown[] }
  | { matchId: string; game: string; step: number; steps: number; seat: number | null; view: unknown; events: unknown[]; board?: { game: unknown; secret: unknown | null } };

export type IndexedReplay = Omit<ReplayRecord, "finalHash">;

/** The indexes this holder keeps, by match id; which to keep is the caller's choice (see `drop`). */
export class ReplayViews {
  private readonly indexes = new Map<string, { game: string; index: ReplayIndex }>();

  constructor(
    private readonly engines: ReadonlyMap<string, AnyEngine>,
    private readonly boards?: ReadonlyMap<string, BoardOf>,
  ) {}

  has(id: string): boolean {
    return this.indexes.has(id);
  }

  /** Answers `request`; `replay` is needed only when this holder has no index for the match yet. */
  answer(request: ViewRequest, replay?: IndexedReplay): ViewAnswer {
    let held = this.indexes.get(request.id);
    if (!held) {
      if (!replay) throw new Error(`no index for match ${request.id} and no replay to build one`);
      const engine = this.engines.get(replay.game);
      if (!engine) throw new Error(`no engine for ${replay.game}`);
      held = { game: replay.game, index: ReplayIndex.build(engine, replay) };
      this.indexes.set(request.id, held);
    }
    const { index, game } = held;
    const step = Math.max(0, Math.min(request.step, index.steps));
    const base = { matchId: request.id, game, step, steps: index.steps };
    // Stored matches are over and their seed is public, so the full state hides nothing any more.
    if (request.reveal) return { ...base, reveal: "all", state: index.stateAt(step), events: index.eventsUpTo(step) };
    const at = index.viewAt(step, request.seat);
    const boardOf = this.boards?.get(game);
    const board = boardOf ? boardOf(request.seat === null ? at.view : index.viewAt(step, null).view, request.seat === null ? null : at.view) : undefined;
    return { ...base, seat: request.seat, view: at.view, events: at.events, ...(board ? { board } : {}) };
  }

  drop(id: string): void {
    this.indexes.delete(id);
  }
}
