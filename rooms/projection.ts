/**
 * Projects the engine's views of the authoritative game state into the room's schema state:
 * the public view for all (players and spectators), each seat's own view into its private
 * part, and per seat whether it acts now, its legal decisions, their labels,
 * what each involves (refs) and which ask to confirm; and the match's stops and end as the
 * schema shows them (what rooms/roomLink.ts does for the match: match/matchRoom.ts).
 */
import type { Outcome, Seat } from "../rules/core/engine.ts";
import type { RoomBinding } from "./binding.ts";
import { Result, writeResult, type GameRoomState } from "./roomState.ts";
import { setJsonList, syncOptionalChild } from "./sync.ts";

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
      const refs = engine.refs;
      slot.refs = JSON.stringify(refs ? actions.map((a: unknown) => refs.call(engine, game, slot.seat, a)) : []);
      const confirm = engine.confirm;
      slot.confirms = JSON.stringify(confirm ? actions.map((a: unknown) => confirm.call(engine, game, slot.seat, a)) : []);
    }
    if (slot.acting !== actors.has(slot.seat)) slot.acting = actors.has(slot.seat);
  }
  return actors;
}

/** The seat's stops on its slot, as a JSON array of names. */
export function projectStops(state: GameRoomState, seat: Seat, names: readonly string[]): void {
  const slot = state.seats[seat];
  if (slot) setJsonList(slot, "stops", names);
}

/** The match is over: its status, the revealed seed, the result, and no deadline left. */
export function projectEnd(state: GameRoomState, outcome: Outcome, seed: string): void {
  state.status = "finished";
  state.seed = seed;
  syncOptionalChild(state, "result", outcome, () => new Result(), writeResult);
  for (const slot of state.seats) slot.deadline = 0;
}
