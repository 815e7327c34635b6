/**
 * What the decisions involve is on the board: over seeded games of each game, every ref of every
 * legal decision (engine.refs) is drawn by that game's board as an element with the same
 * `data-ref` (web/src/picking.tsx refKey), so a player can click it. The board is drawn from the
 * room state's JSON, projected from the seat's views as a room does (rooms/boardViews.ts).
 */
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import type { AnyEngine } from "../../rules/core/engine.ts";
import { positionsOf } from "../../rules/core/positions.ts";
import type { Ref } from "../../rules/core/refs.ts";
import { seatsFor as achromaSeats } from "../../rules/achroma/fuzzkit.ts";
import { seatsFor as resonanceSeats } from "../../rules/resonance/fuzzkit.ts";
import { seatsFor as solreiSeats } from "../../rules/solrei/fuzzkit.ts";
import { boardProjections } from "../../rooms/boardViews.ts";
import { gameBindings } from "../../rooms/registry.ts";
import type { Catalog } from "../../web/src/api.ts";
import { indexCatalog } from "../../web/src/catalog.tsx";
import { BOARDS } from "../../web/src/boards/index.ts";
import { refKey } from "../../web/src/picking.tsx";

const seatsOf: Record<string, unknown[]> = {
  solrei: solreiSeats(6),
  achroma: achromaSeats(3, 7),
  react: [{ artist: "dancer" }, { artist: "painter" }],
  resonance: resonanceSeats(2, 9),
};
const configOf: Record<string, unknown> = { solrei: {}, achroma: { players: 3 }, react: {}, resonance: { players: 2 } };
const projections = boardProjections(gameBindings);

describe.each(gameBindings.map((b) => ({ engine: b.engine as AnyEngine, game: b.engine.game })))("$game board", ({ engine, game }) => {
  it("draws every card, slot, player and cell the legal decisions involve, as a clickable data-ref", () => {
    const cat = indexCatalog({ game, version: engine.version, sections: engine.catalog!().sections } as Catalog);
    const Board = BOARDS[game];
    const project = projections.get(game)!;
    const missing = new Map<string, number>();
    let refs = 0;
    for (const p of positionsOf(engine, configOf[game], seatsOf[game], `board-refs-${game}`, 3)) {
      for (const seat of engine.actors(p.state) as number[]) {
        const board = project(engine.view(p.state, null), engine.view(p.state, seat)) as { game: Record<string, any>; secret: Record<string, any> };
        const players = (board.game.players as unknown[] | undefined)?.length ?? 2;
        const seats = Array.from({ length: players }, (_, i) => ({ seat: i, name: `P${i + 1}`, connected: true, acting: i === seat }));
        const html = renderToString(h(Board, { game: board.game, secret: board.secret, seats, me: seat, cat }));
        for (const a of engine.legal(p.state, seat)) {
          for (const r of engine.refs!(p.state, seat, a) as Ref[]) {
            refs++;
            if (!html.includes(`data-ref="${refKey(r).replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`)) {
              const what = r.kind === "zone" ? `zone ${r.zone}` : `${r.kind} in ${(a as { type: string }).type}${r.kind === "card" ? ` ${r.id}` : ""}`;
              missing.set(what, (missing.get(what) ?? 0) + 1);
            }
          }
        }
      }
    }
    expect(refs).toBeGreaterThan(50);
    expect(Object.fromEntries(missing)).toEqual({});
  });
});
