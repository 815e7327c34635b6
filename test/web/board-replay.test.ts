/**
 * Replays drawn with the live table's boards: the replay API's step answer carries `board`, the
 * step's views projected as the room state's JSON (rooms/boardViews.ts), and each game's board
 * draws it, for a seat (its own hand face up) and for a spectator (no hand), at any step.
 */
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import type { AnyEngine } from "../../rules/core/engine.ts";
import type { Catalog } from "../../web/src/api.ts";
import { playRandomGame } from "../../rules/core/selfPlay.ts";
import { seatsFor as achromaSeats } from "../../rules/achroma/fuzzkit.ts";
import { seatsFor as resonanceSeats } from "../../rules/resonance/fuzzkit.ts";
import { seatsFor as solreiSeats } from "../../rules/solrei/fuzzkit.ts";
import { boardProjections } from "../../rooms/boardViews.ts";
import { gameBindings } from "../../rooms/registry.ts";
import { ReplayViews } from "../../server/replay/replayViews.ts";
import { indexCatalog } from "../../web/src/catalog.tsx";
import { BOARDS } from "../../web/src/boards/index.ts";

const seatsOf: Record<string, unknown[]> = {
  solrei: solreiSeats(4),
  achroma: achromaSeats(2, 3),
  react: [{ artist: "calligrapher" }, { artist: "dancer" }],
  resonance: resonanceSeats(2, 5),
};
const configOf: Record<string, unknown> = { solrei: {}, achroma: { players: 2 }, react: {}, resonance: { players: 2 } };

describe.each(gameBindings.map((b) => ({ engine: b.engine as AnyEngine, game: b.engine.game })))("$game replay on the board", ({ engine, game }) => {
  it("every few steps, as each seat and as a spectator, the replay answer's board draws with the live board", () => {
    const { replay } = playRandomGame(engine, configOf[game], seatsOf[game], `replay-board-${game}`);
    const views = new ReplayViews(new Map([[game, engine]]), boardProjections(gameBindings));
    const cat = indexCatalog({ game, version: engine.version, sections: engine.catalog!().sections } as Catalog);
    const Board = BOARDS[game];
    const every = Math.max(1, Math.floor(replay.steps.length / 6));
    let drawn = 0;
    for (let step = 0; step <= replay.steps.length; step += every) {
      for (const seat of [0, null]) {
        const answer = views.answer({ id: "m", step, seat, reveal: false }, replay) as { board?: { game: Record<string, any>; secret: Record<string, any> | null } };
        expect(answer.board, `step ${step}`).toBeDefined();
        expect(answer.board!.secret === null).toBe(seat === null);
        const seats = ((answer.board!.game.players as unknown[] | undefined) ?? [0, 1]).map((_, i) => ({ seat: i, name: `P${i + 1}`, connected: true, acting: false }));
        const html = renderToString(h(Board, { game: answer.board!.game, secret: answer.board!.secret, seats, me: seat, cat }));
        expect(html).toContain("data-ref=");
        drawn++;
      }
    }
    expect(drawn).toBeGreaterThan(6);
  });
});
