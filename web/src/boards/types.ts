/**
 * A game's board: the table drawn the way the game is laid out (zones, cards, counters), from
 * the decoded room state and the catalog. Decisions are not made here: the table's decision
 * panel lists the seat's `legal` decisions with their labels for every game alike.
 *
 * Props are plain JSON (`schema.toJSON()`), so a board is a pure function of what the client
 * was sent. Field by field, each game's state is documented in docs/<game>.md ("## State").
 */
import type { CatalogIndex } from "../catalog.tsx";

export interface BoardSeat {
  seat: number;
  name: string;
  connected: boolean;
  acting: boolean;
  bot?: boolean;
}

export interface BoardProps {
  /** `room.state.game.toJSON()`: the game's public state (everyone sees it). */
  game: Record<string, unknown>;
  /** `room.state.seats[me].secret.toJSON()`: your seat's private part; null for a spectator. */
  secret: Record<string, unknown> | null;
  seats: BoardSeat[];
  /** Your seat, or null when watching. */
  me: number | null;
  cat: CatalogIndex | null;
  /** What a seat just did, in words, by seat: the board shows it inside that seat's area (SeatSaid). */
  said?: ReadonlyMap<number, string>;
}
