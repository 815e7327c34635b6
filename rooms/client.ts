/**
 * The one entry point a TypeScript client imports. Every import below is type-only, so importing
 * this file brings no server code into a client bundle (the two helpers at the end are all that
 * runs). With @colyseus/sdk 0.18, pass a room's state type to `joinOrCreate`:
 *
 *   import { legalOf, type RoomState, type ServerMessages } from "<this repo>/rooms/client.ts";
 *   const room = await client.joinOrCreate<RoomState<"solrei">>("solrei", options);
 *   room.state.game.stage;                         // typed: the game's public schema
 *   const legal = legalOf<"solrei">(room.state.seats[mySeat]);  // SolRei.Action[]
 *   room.onMessage("events", (m: ServerMessages<"solrei">["events"]) => m.events[0]?.type);
 *
 * What each type is, field by field: docs/protocol.md and docs/<game>.md; the same
 * shapes as JSON Schema: GET /api/games/:game/protocol.
 */
import type { ArraySchema } from "@colyseus/schema";
import type { AchromaPrivateState, AchromaPublicState } from "./achroma/schema.ts";
import type { ReactPrivateState, ReactPublicState } from "./react/schema.ts";
import type { ResonancePrivateState, ResonancePublicState } from "./resonance/schema.ts";
import type { SolReiPrivateState, SolReiPublicState } from "./solrei/schema.ts";
import type { GameRoomState, SeatSlotState } from "./roomState.ts";
import type { AbortedMessage, ActReply, RejectedMessage, RematchMessage, RematchReady, RematchReply, StopsMessage, StopsReply, StoredMessage, WelcomeMessage } from "./messages.ts";
import type { Action as SolReiAction } from "../rules/solrei/types.ts";
import type { View as SolReiView } from "../rules/solrei/view.ts";
import type { SolReiEvent, OutcomeReason as SolReiReason } from "../rules/solrei/protocol.ts";
import type { Action as AchromaAction } from "../rules/achroma/types.ts";
import type { View as AchromaView } from "../rules/achroma/view.ts";
import type { AchromaEvent, OutcomeReason as AchromaReason } from "../rules/achroma/protocol.ts";
import type { Action as ReactAction } from "../rules/react/types.ts";
import type { View as ReactView } from "../rules/react/view.ts";
import type { ReactEvent, OutcomeReason as ReactReason } from "../rules/react/protocol.ts";
import type { Action as ResonanceAction } from "../rules/resonance/types.ts";
import type { View as ResonanceView } from "../rules/resonance/view.ts";
import type { ResonanceEvent, OutcomeReason as ResonanceReason } from "../rules/resonance/protocol.ts";
import type { CatalogEntry } from "../rules/core/catalog.ts";
import type { GameId } from "../rules/games.ts";
import type { Ref } from "../rules/core/refs.ts";
import type { MatchPlayer, MatchSummary, StoredReplay } from "../server/store/matches.ts";
import type { ListedRoom } from "../server/http/rooms.ts";
import type { QueueStatus } from "../server/matchmaking/core.ts";
import type { AuditRow } from "../server/admin/audit.ts";
import type { Ban } from "../server/admin/bans.ts";
import type { LiveRoom } from "../server/admin/moderation.ts";
import type { Report } from "../server/admin/reports.ts";
import type { PlayerProfile } from "../server/store/players.ts";
import type { PlayerRating } from "../server/store/ratings.ts";

/** Everything one game adds to the common protocol. */
interface GameTypes<Public, Private, Action, Event, Reason, View> {
  /** `room.state.game`: what every client and spectator sees. */
  Public: Public;
  /** `room.state.seats[you].secret`: your seat's private part (only your client receives it). */
  Private: Private;
  /** One entry of `legal`, and what you send as `act.action`. */
  Action: Action;
  /** One entry of an `events` message. */
  Event: Event;
  /** `outcome.reason` (the room may also give "abandoned"). */
  Reason: Reason | "abandoned";
  /** A plain view as the replay API serves it (`GET /api/matches/:id/replay?step=&seat=`). */
  View: View;
}

export type SolRei = GameTypes<SolReiPublicState, SolReiPrivateState, SolReiAction, SolReiEvent, SolReiReason, SolReiView>;
export type Achroma = GameTypes<AchromaPublicState, AchromaPrivateState, AchromaAction, AchromaEvent, AchromaReason, AchromaView>;
export type React = GameTypes<ReactPublicState, ReactPrivateState, ReactAction, ReactEvent, ReactReason, ReactView>;
export type Resonance = GameTypes<ResonancePublicState, ResonancePrivateState, ResonanceAction, ResonanceEvent, ResonanceReason, ResonanceView>;

/** The games by room name. */
export interface Games {
  solrei: SolRei;
  achroma: Achroma;
  react: React;
  resonance: Resonance;
}
export type GameName = keyof Games;

/** Fails to compile until `Games` has exactly the games of the list (rules/games.ts). */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type MustBeTrue<T extends true> = T;
export type EveryGameTyped = MustBeTrue<Exactly<GameName, GameId>>;

/** One seat slot as a client decodes it: public facts, and on your own slot `you`, `legal`, `labels`, `refs`, `confirms`, `secret`. */
export type SeatSlot<G extends GameName> = Omit<SeatSlotState, "secret"> & {
  /** Your seat's private part; undefined on every other seat (and for spectators). */
  secret?: Games[G]["Private"];
};

/** `room.state` of a game room. */
export type RoomState<G extends GameName> = Omit<GameRoomState, "game" | "seats" | "gameId"> & {
  gameId: G;
  game: Games[G]["Public"];
  seats: ArraySchema<SeatSlot<G>>;
};

export interface Outcome<G extends GameName> {
  /** `ranks[seat]`: 1 is best; equal ranks tie. */
  ranks: number[];
  reason: Games[G]["Reason"];
}

/** Every message a game room sends, by type (`actReply` is what `room.request("act")` resolves with). */
export interface ServerMessages<G extends GameName> {
  welcome: WelcomeMessage;
  events: { step: number; events: Games[G]["Event"][] };
  rejected: RejectedMessage;
  finished: { matchId: string; outcome: Outcome<G>; seed: string; finalHash: string; stored: boolean };
  stored: StoredMessage;
  aborted: AbortedMessage;
  actReply: ActReply;
  stopsReply: StopsReply;
  rematchReply: RematchReply;
  rematchReady: RematchReady;
}

/** What a client sends: `room.request("act", message)` (or `room.send`). */
export interface ActMessage<G extends GameName> {
  /** Echoed in the reply or the rejection. */
  id?: string | number;
  action: Games[G]["Action"];
  /** If sent, must be your seat. */
  seat?: number;
}

/** Create and join options (docs/protocol.md). */
export interface JoinOptions {
  /** Display name (casual seats are guests', shown as `~name`). */
  name?: string;
  /** Your seat set-up: one of `GET /api/games` presets, or a custom one. */
  seat?: unknown;
  /** Watch the match (by id, once started): the public state and public events only. */
  spectate?: boolean;
  /** Your seat's stops, as the `stops` message sets them (off by default). */
  stops?: StopsMessage["stops"];
  /** Create only: the game's room options (player count...). */
  config?: unknown;
  /** Create only: "casual" (ranked rooms are made by the matchmaker). */
  mode?: "casual";
  /** Create only: how many seats (the last ones) server-side bots take. */
  bots?: number;
  /** Create only, with `bots`: `easy` (uniform random, the default) or `normal` (a search from the seat's view); one per bot seat or one for all. */
  botLevel?: "easy" | "normal" | ("easy" | "normal")[];
  /** Casual: bots take the seats still empty this long (ms, 1000–600000) after the first person sat; the room keeps its creator's choice. */
  fillBotsAfterMs?: number;
  /** With `fillBotsAfterMs`: the level of the bots that fill the room (default `easy`). */
  fillBotLevel?: "easy" | "normal";
}

/** `GET /api/games/:game/catalog`. */
export interface Catalog {
  game: GameName;
  version: string;
  sections: Record<string, Record<string, CatalogEntry>>;
}
export type { CatalogEntry, Ref, RematchMessage, RematchReady, RematchReply, StopsMessage, StopsReply };

/** HTTP answers: `GET /api/matches` items and `/api/matches/:id` (dates as ISO strings in JSON). */
export type { MatchPlayer, MatchSummary, StoredReplay, ListedRoom, QueueStatus };

/** The admin API's rows (`/api/admin/...`; docs/operations.md), as the server answers them. */
export type { AuditRow, Ban, LiveRoom, PlayerProfile, PlayerRating, Report };

/** Your seat's legal decisions (`legal` is a JSON string in the state: its shape is per game and per prompt). */
export function legalOf<G extends GameName>(slot: Pick<SeatSlotState, "legal">): Games[G]["Action"][] {
  return JSON.parse(slot.legal || "[]") as Games[G]["Action"][];
}

/** The label in words of each legal decision, same order (`labels` is a JSON array of strings). */
export function labelsOf(slot: Pick<SeatSlotState, "labels">): string[] {
  return JSON.parse(slot.labels || "[]") as string[];
}

/** What each legal decision involves (cards, slots, players, cells), same order as `legal`. */
export function refsOf(slot: Pick<SeatSlotState, "refs">): Ref[][] {
  return JSON.parse(slot.refs || "[]") as Ref[][];
}

/** For each legal decision, same order: why to ask the player to confirm it, or null. */
export function confirmsOf(slot: Pick<SeatSlotState, "confirms">): (string | null)[] {
  return JSON.parse(slot.confirms || "[]") as (string | null)[];
}

/**
 * A list field kept as a JSON array in a string (SolRei's `hand`, `discard`, `arts`...: the
 * game's state docs say "JSON list"), read as the array: `jsonList<string>(secret.hand)`.
 */
export function jsonList<T>(field: string | undefined): T[] {
  return JSON.parse(field || "[]") as T[];
}
