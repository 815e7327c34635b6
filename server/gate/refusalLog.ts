/**
 * Refusals, logged without letting a flood write a line per request: refusals are counted per
 * client address and written as one summary line per address per interval (pino fields `ip`,
 * `route` (the most refused one), `refused`, `routes`, `reasons`). At most `maxAddresses`
 * addresses are itemised per interval; the rest are summed into one more line.
 */
import type { Logger } from "../log.ts";

interface Tally {
  refused: number;
  routes: Map<string, number>;
  reasons: Map<string, number>;
}

const MAX_ROUTES_PER_ADDRESS = 8;

export class RefusalLog {
  private tallies = new Map<string, Tally>();
  private others = { addresses: new Set<string>(), refused: 0 };
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly log: Logger,
    private readonly intervalMs = 10_000,
    private readonly maxAddresses = 200,
    /** Also told each refusal's code (the server's metrics). */
    private readonly counted?: (reason: string) => void,
  ) {
    this.timer = setInterval(() => this.flush(), intervalMs);
    this.timer.unref();
  }

  /** Counts one refusal; `route` is e.g. "POST /matchmake/create" or "tcp"; `reason` the error code. */
  record(ip: string, route: string, reason: string): void {
    this.counted?.(reason);
    let tally = this.tallies.get(ip);
    if (!tally) {
      if (this.tallies.size >= this.maxAddresses) {
        if (this.others.addresses.size < 100_000) this.others.addresses.add(ip);
        this.others.refused++;
        return;
      }
      tally = { refused: 0, routes: new Map(), reasons: new Map() };
      this.tallies.set(ip, tally);
    }
    tally.refused++;
    const key = tally.routes.has(route) || tally.routes.size < MAX_ROUTES_PER_ADDRESS ? route : "other";
    tally.routes.set(key, (tally.routes.get(key) ?? 0) + 1);
    tally.reasons.set(reason, (tally.reasons.get(reason) ?? 0) + 1);
  }

  /** Writes the summary lines of the interval so far and starts a new one. */
  flush(): void {
    const intervalS = this.intervalMs / 1000;
    for (const [ip, tally] of this.tallies) {
      const route = [...tally.routes].sort((a, b) => b[1] - a[1])[0]![0];
      this.log.warn({ ip, route, refused: tally.refused, routes: Object.fromEntries(tally.routes), reasons: Object.fromEntries(tally.reasons), intervalS }, "requests refused");
    }
    if (this.others.refused > 0) {
      this.log.warn({ addresses: this.others.addresses.size, refused: this.others.refused, intervalS }, "requests refused from further addresses");
    }
    this.tallies = new Map();
    this.others = { addresses: new Set(), refused: 0 };
  }

  close(): void {
    clearInterval(this.timer);
    this.flush();
  }
}
