/**
 * Rate limits of the accounts API (rate-limiter-flexible), all by client address:
 *
 *   login, per (username, address)  LOGIN_MAX_FAILURES per LOGIN_WINDOW_S
 *   login, per address               LOGIN_MAX_FAILURES_PER_IP per LOGIN_WINDOW_S (any usernames)
 *   register, per address            REGISTER_PER_IP_PER_HOUR per hour
 *   guest, per address               GUEST_PER_IP_PER_MINUTE per minute
 *
 * A login attempt RESERVES its points before the password is checked (an atomic consume in the
 * store), so concurrent guesses can never outrun the count: at most LOGIN_MAX_FAILURES
 * passwords are ever checked per window for one (username, address). A successful login clears
 * its (username, address) count and gives its per-address point back, so only failures count.
 * Registrations and guest identities count every attempt that passed validation.
 * Windows are fixed, starting at the first counted attempt.
 *
 * The counters live in a rate-limiter-flexible store made by a LimiterFactory: in process
 * memory by default (per process, lost on restart). To share them between processes, pass a
 * factory making e.g. `new RateLimiterRedis({ storeClient, ...spec })`; nothing else changes.
 * A store failure (not a refusal) is thrown as is: the request fails (500) rather than going
 * unlimited.
 *
 * Addresses: an IPv4-mapped IPv6 address counts as its IPv4 address; other IPv6 addresses
 * count by their /64 network (one client usually holds a whole /64).
 */
import { isIPv4, isIPv6 } from "node:net";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AuthError } from "./tokens.ts";

/** What one limiter is: `points` per `duration` seconds, keys under `keyPrefix`. */
export interface LimitSpec {
  keyPrefix: string;
  points: number;
  duration: number;
}

/** The part of a rate-limiter-flexible limiter used here (RateLimiterMemory, RateLimiterRedis...). */
export interface Limiter {
  consume(key: string, points?: number): Promise<RateLimiterRes>;
  reward(key: string, points?: number): Promise<RateLimiterRes>;
  delete(key: string): Promise<boolean>;
}

/** Makes the limiter for one spec; decides where counters are kept. */
export type LimiterFactory = (spec: LimitSpec) => Limiter;

/** Counters in this process's memory (expired keys are dropped on their own). */
export const memoryLimiters: LimiterFactory = (spec) => new RateLimiterMemory(spec);

export interface AuthLimitSettings {
  loginMaxFailures: number;
  loginWindowS: number;
  loginMaxFailuresPerIp: number;
  registerPerIpPerHour: number;
  guestPerIpPerMinute: number;
}

/** A reserved login attempt: call `succeeded()` when the password was right. */
export interface LoginAttempt {
  succeeded(): Promise<void>;
}

export class AuthLimits {
  private readonly loginPair: Limiter;
  private readonly loginIp: Limiter;
  private readonly register: Limiter;
  private readonly guest: Limiter;

  constructor(settings: AuthLimitSettings, factory: LimiterFactory = memoryLimiters) {
    this.loginPair = factory({ keyPrefix: "auth:login:name-ip", points: settings.loginMaxFailures, duration: settings.loginWindowS });
    this.loginIp = factory({ keyPrefix: "auth:login:ip", points: settings.loginMaxFailuresPerIp, duration: settings.loginWindowS });
    this.register = factory({ keyPrefix: "auth:register:ip", points: settings.registerPerIpPerHour, duration: 3600 });
    this.guest = factory({ keyPrefix: "auth:guest:ip", points: settings.guestPerIpPerMinute, duration: 60 });
  }

  /**
   * Reserves one login attempt for `username` from `ip`, before the password is checked.
   * Throws AuthError("rate_limited", ..., retryAfterS) when either limit is spent.
   */
  async beginLogin(username: string, ip: string): Promise<LoginAttempt> {
    const address = addressKey(ip);
    const pairKey = `${address}|${username.toLowerCase()}`;
    await take(this.loginPair, pairKey, (s) => `too many failed logins for this username from your address: try again in ${s} s`);
    try {
      await take(this.loginIp, address, (s) => `too many failed logins from your address: try again in ${s} s`);
    } catch (error) {
      await this.loginPair.reward(pairKey).catch(() => {});
      throw error;
    }
    return {
      succeeded: async () => {
        await Promise.all([this.loginPair.delete(pairKey), this.loginIp.reward(address)]);
      },
    };
  }

  /** Counts one registration attempt from `ip`; throws AuthError("rate_limited") past the limit. */
  async takeRegistration(ip: string): Promise<void> {
    await take(this.register, addressKey(ip), (s) => `too many registrations from your address: try again in ${s} s`);
  }

  /** Counts one guest identity requested from `ip`; throws AuthError("rate_limited") past the limit. */
  async takeGuest(ip: string): Promise<void> {
    await take(this.guest, addressKey(ip), (s) => `too many guest identities requested from your address: try again in ${s} s`);
  }
}

async function take(limiter: Limiter, key: string, message: (retryAfterS: number) => string): Promise<void> {
  try {
    await limiter.consume(key, 1);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      const retryAfterS = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new AuthError("rate_limited", message(retryAfterS), retryAfterS);
    }
    throw error;
  }
}

/**
 * The key an address is counted under: IPv4 as is (also when IPv4-mapped in IPv6), IPv6 by
 * its /64 network; anything else (no address known) as given.
 */
export function addressKey(ip: string): string {
  const bare = ip.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(bare)) return bare;
  const noZone = bare.split("%")[0]!;
  if (!isIPv6(noZone)) return bare;
  const hextets = expandIPv6(noZone);
  return `${hextets.slice(0, 4).join(":")}::/64`;
}

/** The 8 hextets of a valid IPv6 address, lower-case, without leading zeros. */
function expandIPv6(ip: string): string[] {
  let text = ip.toLowerCase();
  // A trailing dotted IPv4 part is two hextets.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? (text.split("::") as [string, string]) : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...fill, ...right].map((h) => Number.parseInt(h, 16).toString(16));
}
