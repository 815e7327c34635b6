/**
 * What the lobby, the registry and the benchmarks know of a game before loading its engine:
 * plain data that imports nothing but this file, so the web client bundles it without any rules
 * code.
 */
export interface GameManifest<Id extends string = string> {
  /** The room name, the `game` of every replay, and the folder name under rules/, rooms/ and web/src/boards/. */
  readonly id: Id;
  /** The name players read. */
  readonly title: string;
  /**
   * Seat counts a room can be created with. A game with more than one takes them as its
   * `players` create option; the lobby offers each.
   */
  readonly players: { readonly min: number; readonly max: number };
  /** The seat count the benchmarks measure this game at (its most played table). */
  readonly benchSeats: number;
  /** A few sentences for players: what the game is and how it is won (our own words). */
  readonly summary: string;
}

export function defineManifest<const Id extends string>(m: GameManifest<Id>): GameManifest<Id> {
  if (!/^[a-z][a-z0-9]*$/.test(m.id)) throw new Error(`game id "${m.id}": lower-case letters and digits only (it names folders and rooms)`);
  if (m.players.min < 1 || m.players.max < m.players.min) throw new Error(`game ${m.id}: players ${m.players.min}..${m.players.max}`);
  if (m.benchSeats < m.players.min || m.benchSeats > m.players.max) throw new Error(`game ${m.id}: benchSeats ${m.benchSeats} outside ${m.players.min}..${m.players.max}`);
  return m;
}

/** A room's create config for `players` seats: `{ players }` for a game with a choice of seat counts, else none. */
export function configFor(m: GameManifest, players: number): Record<string, unknown> {
  return m.players.min === m.players.max ? {} : { players };
}
