/**
 * Password checks (scrypt, ~50 ms of a core each) run through here: at most `concurrency` at a
 * time in the whole process, at most `perAddress` in flight or waiting for one client address,
 * and at most `maxWaiting` waiting in all. Without it, one client logging in with the right
 * password (successes are not counted by the login limits) kept scrypt busy on every core of
 * the libuv pool: other people's logins took seconds and the rooms' replies slowed 50x
 * (red-team pass). A check over a bound is refused at once: AuthError("rate_limited").
 */
import { AuthError } from "./tokens.ts";

export interface HashGateSettings {
  /** Password checks running at once, process-wide. */
  concurrency: number;
  /** Checks in flight or waiting per client address. */
  perAddress: number;
  /** Checks waiting in all; past it, new ones are refused. */
  maxWaiting: number;
}

export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly settings: HashGateSettings) {}

  /** Runs `check` (a password hash or verification) for a client at `address`, in its turn. */
  async run<T>(address: string, check: () => Promise<T>): Promise<T> {
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.settings.perAddress) {
      throw new AuthError("rate_limited", `at most ${this.settings.perAddress} password check(s) at a time from one address: wait for the answer before sending another`, 1);
    }
    if (this.running >= this.settings.concurrency && this.waiting.length >= this.settings.maxWaiting) {
      throw new AuthError("rate_limited", "too many password checks waiting on this server: try again in a moment", 1);
    }
    this.byAddress.set(address, mine + 1);
    try {
      if (this.running >= this.settings.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running++;
      try {
        return await check();
      } finally {
        // Hand the slot straight to the next in line (running stays counted), or free it.
        const next = this.waiting.shift();
        if (next) next();
        else this.running--;
      }
    } finally {
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    }
  }
}
