/**
 * Login rate limiting, in memory, per (lower-cased username, client IP): after `maxFailures`
 * failed logins within `windowMs` (counted from the first failure), further attempts for that
 * pair are refused without checking the password until the window ends. A successful login
 * clears the pair. Memory is bounded: expired entries are pruned, and past `maxEntries` the
 * oldest entries go first. Per process: several server processes each count on their own.
 */
export interface LoginLimiterOptions {
  maxFailures: number;
  windowMs: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  failures: number;
  resetAt: number;
}

export class LoginLimiter {
  private readonly entries = new Map<string, Entry>();
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(opts: LoginLimiterOptions) {
    this.maxFailures = opts.maxFailures;
    this.windowMs = opts.windowMs;
    this.maxEntries = opts.maxEntries ?? 100_000;
    this.now = opts.now ?? Date.now;
  }

  static key(username: string, ip: string): string {
    return `${username.toLowerCase()}\u0000${ip}`;
  }

  /** 0 when an attempt is allowed now, else the seconds until it is. */
  retryAfterS(key: string): number {
    const e = this.entries.get(key);
    if (!e) return 0;
    const now = this.now();
    if (now >= e.resetAt) {
      this.entries.delete(key);
      return 0;
    }
    return e.failures >= this.maxFailures ? Math.max(1, Math.ceil((e.resetAt - now) / 1000)) : 0;
  }

  recordFailure(key: string): void {
    const now = this.now();
    const e = this.entries.get(key);
    if (e && now < e.resetAt) {
      e.failures++;
      return;
    }
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.prune(now);
    this.entries.set(key, { failures: 1, resetAt: now + this.windowMs });
  }

  recordSuccess(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  private prune(now: number): void {
    for (const [k, e] of this.entries) if (now >= e.resetAt) this.entries.delete(k);
    // Still full: drop the oldest (Map keeps insertion order).
    for (const k of this.entries.keys()) {
      if (this.entries.size < this.maxEntries) break;
      this.entries.delete(k);
    }
  }
}
