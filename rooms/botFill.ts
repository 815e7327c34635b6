/**
 * "Fill with bots after N seconds" for casual rooms (create option `fillBotsAfterMs`, level
 * `fillBotLevel`; docs/bots.md): a person who would rather play bots than wait long for people.
 * When the room has had a person seated and a seat empty for `afterMs`, bots of that level take
 * the empty seats and the match starts, as if they had been seated at the room's creation: the
 * match's header lists them as bots with their level (history shows them so; a replay needs no
 * bot, their decisions are recorded like anyone's).
 *
 * The wait counts from the moment the first person sat down in a room that had nobody seated: a
 * later join takes a seat the bots would have taken but does not push the deadline back (the
 * people seated asked for bots after N seconds, not after N seconds of quiet). Every person
 * gone, the wait stops; the next person to sit starts it over. Once the match starts (its seats
 * all taken), nothing is filled. A person on the way to a seat when the wait is over (their seat
 * reservation made, their client connecting) is waited for: the fill looks again shortly, and the
 * room's reservation hold bounds how long such a reservation counts.
 */
import type { BotLevel } from "../rules/core/botMatch.ts";
import type { Seat } from "../rules/core/engine.ts";
import { RuleError } from "../rules/core/errors.ts";
import type { Logger } from "../match/log.ts";
import type { GameRoomState } from "./roomState.ts";
import type { TimerHandle } from "./roomTimers.ts";

/** How soon a fill held back by a person on the way to a seat looks again. */
const ARRIVING_RECHECK_MS = 500;

export interface BotFillSettings {
  afterMs: number;
  level: BotLevel;
}

/** What the fill uses of its room (rooms/GameRoom.ts). */
export interface BotFillRoom {
  readonly state: GameRoomState;
  readonly log: Logger;
  /** The match, once started, has a game. */
  readonly match: { readonly game: unknown };
  later(ms: number, fn: () => void): TimerHandle;
  /** Seat reservations not yet used: people on the way to a seat. */
  arriving(): number;
  /** Bots of `level` take `seats` and the match starts; a RuleError (the table cannot play together) leaves the room as it was. */
  fillSeats(seats: readonly Seat[], level: BotLevel): void;
}

export class BotFill {
  private timer: TimerHandle | null = null;

  constructor(
    readonly settings: BotFillSettings,
    private readonly room: BotFillRoom,
  ) {}

  /** After every change of the seats while the room waits for players: starts or stops the wait. */
  update(): void {
    if (!this.due()) {
      this.timer?.cancel();
      this.timer = null;
      return;
    }
    this.timer ??= this.room.later(this.settings.afterMs, () => this.fire());
  }

  /** Waiting, a person seated and a seat empty. */
  private due(): boolean {
    const { state, match } = this.room;
    if (state.status !== "waiting" || match.game !== null) return false;
    let person = false;
    let empty = false;
    for (const slot of state.seats) {
      if (!slot.occupied) empty = true;
      else if (!slot.bot) person = true;
    }
    return person && empty;
  }

  private fire(): void {
    this.timer = null;
    if (!this.due()) return;
    if (this.room.arriving() > 0) {
      this.timer = this.room.later(ARRIVING_RECHECK_MS, () => this.fire());
      return;
    }
    const seats = this.room.state.seats.filter((s) => !s.occupied).map((s) => s.seat);
    try {
      this.room.fillSeats(seats, this.settings.level);
      this.room.log.info({ seats, level: this.settings.level, afterMs: this.settings.afterMs }, "empty seats filled with bots");
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      // The people's set-ups and every draw of the bots' were refused together: the room keeps waiting for people.
      this.room.log.warn({ seats, reason: error.message }, "empty seats could not be filled with bots");
    }
  }
}
