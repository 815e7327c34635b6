/**
 * A ranked-queue client for tests and benchmarks, speaking the real protocol with
 * @colyseus/sdk: bearer token on the client, `queue` room, `matched` -> consumeSeatReservation
 * -> a BotPlayer plays the match. Keeps every message it got, with arrival times.
 */
import { Client, type Room } from "@colyseus/sdk";
import type { QueueStatus } from "../../server/matchmaking/core.ts";
import { BotPlayer, type BotOptions } from "./botClient.ts";

export interface MatchedMessage {
  game: string;
  seats: number;
  roomId: string;
  seat: number;
  joinBy: number;
  reservation: { name: string; sessionId: string; roomId: string; processId: string };
  players: { seat: number; playerId: string; username: string }[];
  ratingSpread: number;
}

/** The `queue` message: the server's own status type. */
export type QueueStatusMessage = QueueStatus;

export interface QueueBotOptions {
  game: string;
  seats: number;
  seat?: unknown;
  /** Options for the BotPlayer that plays the match; `false`: do not join the match at all (a no-show). */
  bot: (Omit<BotOptions, "seed"> & { seed: string }) | false;
}

export class QueueBot {
  readonly client: Client;
  queue!: Room;
  messages: { type: string; at: number; message: any }[] = [];
  /** performance.now() when the queue join was sent, and when `matched` arrived. */
  enqueuedAt = 0;
  matchedAt = 0;
  matched: MatchedMessage | null = null;
  player: BotPlayer | null = null;
  joinError: Error | null = null;
  private waiters: { type: string; resolve: (m: any) => void; count: number }[] = [];

  constructor(
    readonly wsUrl: string,
    readonly token: string,
    readonly options: QueueBotOptions,
  ) {
    this.client = new Client(wsUrl);
    this.client.auth.token = token;
  }

  async join(): Promise<this> {
    this.enqueuedAt = performance.now();
    this.queue = await this.client.joinOrCreate("queue", { game: this.options.game, seats: this.options.seats, seat: this.options.seat ?? {} });
    for (const type of ["queue", "matched", "started", "requeued", "forfeit", "left"]) {
      this.queue.onMessage(type, (message: any) => this.receive(type, message));
    }
    return this;
  }

  /** Resolves with the n-th (1-based) message of that type, now or when it arrives. */
  next(type: string, n = 1): Promise<any> {
    const have = this.messages.filter((m) => m.type === type);
    if (have.length >= n) return Promise.resolve(have[n - 1]!.message);
    return new Promise((resolve) => this.waiters.push({ type, resolve, count: n }));
  }

  /**
   * Resolves with the BotPlayer once the bot has taken its match seat (after `matched`); rejects
   * if consuming the reservation failed. An event, not a poll: no limit of its own.
   */
  async seated(): Promise<BotPlayer> {
    const error = await Promise.race([this.next("seated").then(() => null), this.next("seat_error") as Promise<{ message: string }>]);
    if (error) throw new Error(`taking the reserved seat failed: ${error.message}`);
    return this.player!;
  }

  count(type: string): number {
    return this.messages.filter((m) => m.type === type).length;
  }

  private receive(type: string, message: any): void {
    this.messages.push({ type, at: performance.now(), message });
    if (type === "matched") {
      this.matched = message;
      this.matchedAt = performance.now();
      if (this.options.bot !== false) void this.takeSeat(message);
    }
    const n = this.count(type);
    this.waiters = this.waiters.filter((w) => {
      if (w.type !== type || w.count > n) return true;
      w.resolve(this.messages.filter((m) => m.type === type)[w.count - 1]!.message);
      return false;
    });
  }

  private async takeSeat(m: MatchedMessage): Promise<void> {
    try {
      const room = await this.client.consumeSeatReservation(m.reservation as never);
      room.onMessage("aborted", (a: unknown) => this.receive("aborted", a));
      this.player = new BotPlayer(room, this.options.bot as BotOptions);
      this.receive("seated", { roomId: room.roomId });
    } catch (error) {
      this.joinError = error as Error;
      this.receive("seat_error", { message: (error as Error).message });
    }
  }
}

/**
 * Registers `n` accounts straight in the store (no password hashing: tests and benches only
 * need identities) and issues each a bearer token signed with `secret`.
 */
export async function registerAccounts(sql: import("postgres").Sql, secret: string, n: number, prefix: string): Promise<{ playerId: string; username: string; token: string }[]> {
  const { createAccount } = await import("../../server/store/players.ts");
  const { issueToken } = await import("../../server/auth/tokens.ts");
  const out: { playerId: string; username: string; token: string }[] = [];
  for (let i = 0; i < n; i++) {
    const username = `${prefix}${i}`.slice(0, 24);
    const account = await createAccount(sql, username, "test-only$not-a-real-hash");
    out.push({ playerId: account.playerId, username, token: await issueToken(secret, { playerId: account.playerId, username, guest: false }, 3600) });
  }
  return out;
}
