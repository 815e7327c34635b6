/**
 * The schema root every game room shares. Built once per game from its binding, because
 * the public and private parts are that game's own schema classes.
 *
 *   status, matchId, seedHash, seed (revealed when finished), step
 *   result          Result { ranks, reason }: absent (undefined) until the match is finished
 *   game            the game's public schema: everyone sees it
 *   seats[i]        public seat facts (player, connected, acting, bot and its level, deadline, bank) and, visible
 *                   only to the client in that seat: `legal` (JSON list of its legal actions),
 *                   `labels` (a label in words for each of them), `refs` (what each involves:
 *                   cards, slots, players, cells) and `confirms` (why one asks to confirm, or null)
 *                   and `secret` (the game's private schema)
 *
 * `legal` and `labels` stay JSON strings on purpose: an action's shape is per game (each engine's
 * own Action union, documented by its protocol()), so no one schema class fits; a client parses
 * `legal` and sends an entry back unchanged as the `act` request's `action`.
 * Optional fields are absent (undefined) when there is no value; no field uses a sentinel number.
 */
import { schema, t, type Schema, type ArraySchema } from "@colyseus/schema";
import type { Outcome } from "../rules/core/engine.ts";
import type { MatchStatus } from "../match/matchRoom.ts";
import type { RoomBinding } from "./binding.ts";
import { setIfChanged, syncPrimitiveArray } from "./sync.ts";

export type { MatchStatus };

export interface SeatSlotState extends Schema {
  seat: number;
  playerId: string;
  name: string;
  occupied: boolean;
  connected: boolean;
  acting: boolean;
  /** A server-side bot sits here (casual rooms created with `bots`). */
  bot: boolean;
  /** A bot's seat: its level (`easy`, `normal`: docs/bots.md); absent on people's seats. */
  botLevel?: string;
  /** This seat's player accepted a rematch (casual, once the match is over; rooms/rematch.ts). */
  rematch: boolean;
  /** Epoch ms when this seat's time runs out in its running prompt (0: it owes nothing, or no clock). */
  deadline: number;
  /** Ms left in this seat's time bank, as of the start (or end) of its latest prompt. */
  bank: number;
  /** True on the client's own seat only (a view field): how a client finds its seat in the first state it gets. */
  you: boolean;
  /** JSON array of this seat's legal actions (the game's own Action shapes; "[]" when it owes nothing). */
  legal: string;
  /** JSON array of strings: a player-readable label for each entry of `legal`, same order (empty when the engine has none). */
  labels: string;
  /** JSON array of the stops this seat asked for ("no_choice"); on its own seat only. */
  stops: string;
  /** JSON array parallel to `legal`: for each, the Refs (rules/core/refs.ts) it involves ("[]" when the engine has none). */
  refs: string;
  /** JSON array parallel to `legal`: for each, why to ask the player to confirm it (words), or null ("[]" when the engine has none). */
  confirms: string;
  secret: Schema;
}

export interface GameRoomState extends Schema {
  gameId: string;
  status: MatchStatus;
  matchId: string;
  seedHash: string;
  seed: string;
  step: number;
  /** Spectators watching now (clients that joined with `spectate: true`). */
  spectators: number;
  /** The match result; absent (undefined) until the match is finished. */
  result?: ResultState;
  game: Schema;
  seats: ArraySchema<SeatSlotState>;
}

/**
 * A finished match's result, shared by every game: `ranks[seat]` is that seat's place (1 = best,
 * equal ranks tie; seats that abandoned a ranked match rank below the others), `reason` the
 * engine's reason code (or the room's, e.g. "abandoned").
 */
export const Result = schema(
  {
    ranks: t.array("uint8"),
    reason: t.string().default(""),
  },
  "Result",
);
export type ResultState = InstanceType<typeof Result>;

/** Writes an Outcome into a Result, in place. */
export function writeResult(target: ResultState, outcome: Outcome): void {
  syncPrimitiveArray(target.ranks, outcome.ranks);
  setIfChanged(target, "reason", outcome.reason);
}

export interface RoomStateClasses {
  Root: new () => GameRoomState;
  SeatSlot: new () => SeatSlotState;
}

const cache = new WeakMap<RoomBinding, RoomStateClasses>();

export function roomStateClasses(binding: RoomBinding): RoomStateClasses {
  const known = cache.get(binding);
  if (known) return known;
  const prefix = binding.engine.game;
  const SeatSlot = schema(
    {
      seat: t.uint8().default(0),
      playerId: t.string().default(""),
      name: t.string().default(""),
      occupied: t.boolean().default(false),
      connected: t.boolean().default(false),
      acting: t.boolean().default(false),
      bot: t.boolean().default(false),
      botLevel: t.string().optional(),
      rematch: t.boolean().default(false),
      deadline: t.float64().default(0),
      bank: t.uint32().default(0),
      you: t.boolean().default(false).view(),
      legal: t.string().default("[]").view(),
      labels: t.string().default("[]").view(),
      stops: t.string().default("[]").view(),
      refs: t.string().default("[]").view(),
      confirms: t.string().default("[]").view(),
      secret: t.ref(binding.PrivateState).view(),
    },
    `${prefix}.Seat`,
  );
  const Root = schema(
    {
      gameId: t.string().default(prefix),
      status: t.string().default("waiting"),
      matchId: t.string().default(""),
      seedHash: t.string().default(""),
      seed: t.string().default(""),
      step: t.uint32().default(0),
      spectators: t.uint16().default(0),
      result: t.ref(Result).optional(),
      game: t.ref(binding.PublicState),
      seats: t.array(SeatSlot),
    },
    `${prefix}.Room`,
  );
  const classes = { Root, SeatSlot } as unknown as RoomStateClasses;
  cache.set(binding, classes);
  return classes;
}
