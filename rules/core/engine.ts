/**
 * The rules-engine contract. Every game implements `Engine`; rooms, bots, replays,
 * benchmarks and tests speak only to it.
 *
 * Engines are pure and deterministic: no I/O, no clock, no Math.random. All randomness
 * comes from the seeded generator kept in the state (see rng.ts). Same config + seats +
 * seed + actions => same states, hashes and events, always.
 */
export type Seat = number;

/**
 * One human-readable line of the game log. Events go to clients and into the replay viewer.
 * `to` restricts who may see the event (e.g. "you drew 7♥" for the drawer only): absent means
 * public; spectators see only public events. Engines must never put hidden information in a
 * public event.
 */
export interface GameEvent {
  type: string;
  seat?: Seat;
  to?: readonly Seat[];
  [field: string]: unknown;
}

/** One "pass until ..." stop of a game (Engine.passStops). */
export interface PassStop<State, Action> {
  /** In words, for players: "Pass every priority window until the end of the round". */
  readonly label: string;
  /** The moment the stop lasts for (the round, the turn): it ends when this key changes. */
  until(state: State): string;
  /** The pass the stop makes for `seat` now (one of its legal decisions), or null when it covers none. */
  pass(state: State, seat: Seat): Action | null;
}

/** Final result. `ranks[seat]`: 1 is best; equal ranks are ties (a draw gives every seat 1). */
export interface Outcome {
  ranks: number[];
  reason: string;
}

export interface ApplyResult<State> {
  state: State;
  events: GameEvent[];
}

export interface Engine<Config, SeatConfig, State, Action, View = unknown> {
  /** Its id in the games list (rules/games.ts): the room name and the `game` of its replays. */
  readonly game: string;
  /** Stored with every replay; bump when a rule change would alter re-simulation. */
  readonly version: string;

  /** Room-level options (e.g. seat count, mode variants). Throws RuleError('bad_config'). */
  parseConfig(input: unknown): Config;
  /** How many seats this configuration needs before the game can start. */
  seatCount(config: Config): number;
  /**
   * One seat's join options (deck, palette, muse set-up...). Throws RuleError('bad_seat_config')
   * whose message lists every broken deck-building rule, one per line.
   */
  parseSeatConfig(input: unknown, config: Config): SeatConfig;
  /** The initial state; the RNG state derived from `seed` lives inside it. */
  setup(config: Config, seats: readonly SeatConfig[], seed: string): State;

  /** Validates the shape of an action (zod). Throws RuleError('bad_action'). */
  parseAction(input: unknown): Action;
  /** Who may act right now (turn player, reactor, or several in a simultaneous step). Empty once over. */
  actors(state: State): Seat[];
  /** Every legal action for `seat` now (empty when it is not among the actors). */
  legal(state: State, seat: Seat): Action[];
  /**
   * Applies one decision. Throws RuleError(code, message) when it is not legal; the input
   * state is never modified (engines work on a copy).
   */
  apply(state: State, seat: Seat, action: Action): ApplyResult<State>;
  /**
   * Optional: `seat`'s one decision now, when that it has no other follows from what every other
   * seat and a spectator may see (public facts alone). The room makes it at once, without asking
   * and without think time, recorded as `auto: "forced"`. Null when the seat has a real choice,
   * or when its lack of one could follow from its hidden cards (no answer in hand): then it is
   * asked, as at a real table, or the others would learn what it holds. The strong leak check
   * (strongLeakCheck.ts) holds every engine to this.
   */
  forced?(state: State, seat: Seat): Action | null;
  /**
   * Optional: this game's natural "pass until ..." stops, by name ("until_end_of_round"). A seat
   * that asks for one has the room pass for it, whenever `pass` offers a pass, until the moment
   * `until` names changes (the stop then ends by itself).
   */
  readonly passStops?: Readonly<Record<string, PassStop<State, Action>>>;
  /** What the room applies for `seat` when its prompt timer runs out (null: nothing to do). */
  timeoutAction(state: State, seat: Seat): Action | null;

  /** What `viewer` may see (null: a spectator). Must not depend on anything hidden from it. */
  view(state: State, viewer: Seat | null): View;
  /**
   * Optional: `view` for several viewers at once, equal to mapping `view` over them, for engines
   * that can share the work (the room asks for every seat and a spectator after each decision).
   * The views may share their public parts: treat them as read-only.
   */
  views?(state: State, viewers: readonly (Seat | null)[]): View[];
  /** The result once the game is over, else null. */
  outcome(state: State): Outcome | null;

  /**
   * Named ready-made seat set-ups (ready decks, characters) a client may send as its join
   * `seat` option as they are; served by `GET /api/games`.
   */
  presets?(): Readonly<Record<string, unknown>>;

  /**
   * A valid join `seat` option for seat `seat` (bots, tests and benchmarks), different per seat
   * where the game has choices, so a table of samples is a varied, legal match.
   */
  sampleSeat(seat: Seat): unknown;

  /** Optional bot better than a uniform pick among `legal()`; must use only `rng` for chance. */
  botAction?(state: State, seat: Seat, rng: import("./rng.ts").HasRng): Action;

  /**
   * Every id a client may meet in this game's state, events and actions, with names and rules
   * text for players (see catalog.ts). Static: the same for every match of this version.
   */
  catalog?(): import("./catalog.ts").Catalog;
  /**
   * A short label for one of `seat`'s legal actions, in words a player reads ("Deploy Blaze
   * Raider (3 Shards)", "Block with 7♠"), built from the catalog. Only from what `seat` may see.
   */
  describe?(state: State, seat: Seat, action: Action): string;
  /**
   * What one of `seat`'s legal actions involves (its cards, slots, players, board cells: see
   * refs.ts), so a client can offer it when the player clicks one of them. Only from the action
   * and what `seat` may see.
   */
  refs?(state: State, seat: Seat, action: Action): import("./refs.ts").Ref[];
  /**
   * Why one of `seat`'s legal actions deserves a confirmation (it harms the seat's own side, or
   * is bound to fail), in words ("Iron Buckler goes on Player 2's card"); null for an ordinary
   * decision. Only from the action and what `seat` may see.
   */
  confirm?(state: State, seat: Seat, action: Action): string | null;
  /**
   * The zod schemas of every action, event and outcome reason (see protocol.ts): served as JSON
   * Schema, the source of the client typings and of the docs' action and event tables.
   */
  protocol?(): import("./protocol.ts").Protocol;
}

// Engines are stored in heterogeneous registries (rooms, replay API, benchmarks). `any` (not
// `unknown`) is what lets every Engine<C, SC, S, A, V> be assigned to AnyEngine and lets the
// conditional types below infer one parameter whatever the others are.
// biome-ignore-start lint/suspicious/noExplicitAny: heterogeneous registry type and conditional-type inference
export type AnyEngine = Engine<any, any, any, any, any>;

export type ConfigOf<E> = E extends Engine<infer C, any, any, any, any> ? C : never;
export type SeatConfigOf<E> = E extends Engine<any, infer SC, any, any, any> ? SC : never;
export type StateOf<E> = E extends Engine<any, any, infer S, any, any> ? S : never;
export type ActionOf<E> = E extends Engine<any, any, any, infer A, any> ? A : never;
export type ViewOf<E> = E extends Engine<any, any, any, any, infer V> ? V : never;
// biome-ignore-end lint/suspicious/noExplicitAny: heterogeneous registry type and conditional-type inference

/** The events `viewer` may see (null: spectator, public events only). */
export function eventsFor(events: readonly GameEvent[], viewer: Seat | null): GameEvent[] {
  return events.filter((e) => e.to === undefined || (viewer !== null && e.to.includes(viewer)));
}
