/**
 * The one error type the rules layer throws. `code` is stable and machine-readable
 * (clients switch on it); `message` is for humans.
 */
export class RuleError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
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
