/**
 * The one error type the rules layer throws. `code` is stable and machine-readable
 * (clients switch on it); `message` is for humans.
 *
 * It carries no stack trace: it is a refused move, expected and answered with its code, never a
 * bug to trace, and engines throw it while probing candidate moves (legal moves, hostile clients'
 * floods), where capturing a stack was a measurable share of the time.
 */
export class RuleError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.name = "RuleError";
  }
}

/** Throws `RuleError(code, message)` unless `condition` holds. */
export function ensure(condition: unknown, code: string, message: string): asserts condition {
  if (!condition) throw new RuleError(code, message);
}

/** Codes shared by every engine; games add their own (e.g. `not_enough_rei`). */
export const ErrorCodes = {
  badConfig: "bad_config",
  badSeatConfig: "bad_seat_config",
  badAction: "bad_action",
  notYourTurn: "not_your_turn",
  illegalMove: "illegal_move",
  gameOver: "game_over",
} as const;
