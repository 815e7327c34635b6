/**
 * What a game supplies to the generic GameRoom: its engine, the schema classes its views are
 * projected into, and the two projections. The room owns the root state:
 *
 *   root.game           PublicState   everyone (players and spectators) sees it
 *   root.seats[i].secret PrivateState only the client in seat i sees it (Colyseus StateView)
 *
 * Deck order and any other seat's private facts must never reach either schema.
 */
import type { Schema } from "@colyseus/schema";
import type { AnyEngine, ViewOf } from "../rules/core/engine.ts";
import type { SearchHooks } from "../rules/core/search.ts";

// biome-ignore lint/suspicious/noExplicitAny: the registry lists every game's binding in one array, each with its own schema classes (as AnyEngine erases the engines' types)
export interface RoomBinding<E extends AnyEngine = AnyEngine, Pub extends Schema = any, Priv extends Schema = any> {
  readonly engine: E;
  /** The `normal` bot's game knowledge (rules/<game>/bot.ts); absent: the game's bots are all `easy`. */
  readonly bot?: SearchHooks;
  readonly PublicState: new () => Pub;
  readonly PrivateState: new () => Priv;
  /** Writes the spectator view (`engine.view(state, null)`) into the public schema, in place. */
  projectPublic(view: ViewOf<E>, target: Pub): void;
  /** Writes the private part of seat i's own view (`engine.view(state, i)`) into its private schema. */
  projectPrivate(view: ViewOf<E>, target: Priv): void;
}
