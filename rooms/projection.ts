/**
 * Projects the engine's views of the authoritative game state into the room's schema state:
 * the public view for all (players and spectators), each seat's own view into its private
 * part, and per seat whether it acts now, its legal decisions and their labels.
 */
import type { Seat } from "../rules/core/engine.ts";
import type { RoomBinding } from "./binding.ts";
import type { GameRoomState } from "./roomState.ts";

/** Writes `game`'s views into `state`, in place; returns the seats that act now. */
export function projectViews(binding: RoomBinding, game: unknown, state: GameRoomState): Set<Seat> {
  const engine = binding.engine;
  const actors = new Set(engine.actors(game));
  const viewers = [null, ...state.seats.map((s) => s.seat)];
  const views = engine.views ? engine.views(game, viewers) : viewers.map((v) => engine.view(game, v));
  binding.projectPublic(views[0], state.game);
  for (const slot of state.seats) {
    binding.projectPrivate(views[slot.seat + 1], slot.secret);
    const actions = actors.has(slot.seat) ? engine.legal(game, slot.seat) : [];
    const legal = JSON.stringify(actions);
    if (slot.legal !== legal) {
      slot.legal = legal;
      const describe = engine.describe;
      slot.labels = JSON.stringify(describe ? actions.map((a: unknown) => describe.call(engine, game, slot.seat, a)) : []);
    }
    if (slot.acting !== actors.has(slot.seat)) slot.acting = actors.has(slot.seat);
  }
  return actors;
}
