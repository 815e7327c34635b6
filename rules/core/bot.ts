import type { AnyEngine, Seat } from "./engine.ts";
import { pick, type HasRng } from "./rng.ts";

/** The engine's own bot when it has one, else a uniform pick among the legal actions. */
export function botAction<E extends AnyEngine>(engine: E, state: unknown, seat: Seat, rng: HasRng): unknown {
  if (engine.botAction) return engine.botAction(state, seat, rng);
  const options = engine.legal(state, seat);
  if (options.length === 0) throw new Error(`bot: seat ${seat} has no legal action`);
  return pick(rng, options);
}
