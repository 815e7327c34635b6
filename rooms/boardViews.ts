/**
 * A stored match's step drawn with the live table's boards: the views the replay API computes,
 * projected into each game's room schema exactly as a room does (projection.ts), as the JSON a
 * client decodes from a room (`state.game.toJSON()`, `state.seats[i].secret.toJSON()`).
 */
import type { RoomBinding } from "./binding.ts";

/** One game's step views as its room state's JSON (what server/replay/replayViews.ts calls BoardOf). */
export type BoardOf = (spectatorView: unknown, seatView: unknown | null) => { game: unknown; secret: unknown | null };

export function boardProjections(bindings: readonly RoomBinding[]): Map<string, BoardOf> {
  return new Map(
    bindings.map((b) => [
      b.engine.game,
      (spectatorView: unknown, seatView: unknown | null) => {
        const game = new b.PublicState();
        b.projectPublic(spectatorView, game);
        let secret: unknown = null;
        if (seatView !== null) {
          const priv = new b.PrivateState();
          b.projectPrivate(seatView, priv);
          secret = priv.toJSON();
        }
        return { game: game.toJSON(), secret };
      },
    ]),
  );
}
