/**
 * At most one log line per interval for something a client can make happen again and again
 * (an engine failing on the same hostile action, say): the first occurrence is logged at once;
 * later ones within `everyMs` are only counted, and the next line that is let through carries
 * how many were left out (`suppressed`).
 */
export class LogThrottle {
  private loggedAt = Number.NEGATIVE_INFINITY;
  private suppressed = 0;

  constructor(private readonly everyMs: number) {}

  /** The count left out since the last line when a line may be written now, else null (counted). */
  take(now: number): number | null {
    if (now - this.loggedAt < this.everyMs) {
      this.suppressed++;
      return null;
    }
    const left = this.suppressed;
    this.loggedAt = now;
    this.suppressed = 0;
    return left;
  }
}
