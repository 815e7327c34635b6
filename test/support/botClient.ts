/**
 * A bot that plays over the real WebSocket protocol with @colyseus/sdk, exactly as a client
 * would: it reads its own seat's `legal` list from the decoded state and answers with a
 * seeded random pick via `room.request("act", ...)`. Used by integration tests and benchmarks.
 */
import { Client, type Room } from "@colyseus/sdk";
import { pick, seedRng, type HasRng } from "../../rules/core/rng.ts";

export interface Welcome {
  seat: number;
  playerId: string;
  matchId: string;
  seedHash: string;
}

export interface Finished {
  matchId: string;
  outcome: { ranks: number[]; reason: string };
  seed: string;
  finalHash: string;
  stored: boolean;
}

export interface BotOptions {
  /** Seed for the bot's choices. */
  seed: string;
  /** Called with the decoded state after every patch (e.g. to check for leaks). */
  onState?: (state: any, bot: BotPlayer) => void;
  /** Called around every act request (for latency measurements). */
  onActed?: (info: { sentAt: number; repliedAt: number; patchedAt: number | null }) => void;
  /** Stop acting after this many actions (the bot idles afterwards). */
  maxActions?: number;
  /** Join without acting: the test drives the room itself. */
  idle?: boolean;
  /** Every message the room sent this client, by type (`actReply` for a request's reply), as decoded. */
  onMessage?: (type: string, message: unknown) => void;
}

export class BotPlayer {
  welcome: Welcome | null = null;
  finished: Finished | null = null;
  actions = 0;
  rejections: { code: string; message: string }[] = [];
  private rng: HasRng;
  private inFlight = false;
  private done!: Promise<Finished>;
  private resolveDone!: (f: Finished) => void;
  private stopped = false;
  private lastPatchAt = 0;

  constructor(
    readonly room: Room<any, any>,
    private readonly options: BotOptions,
  ) {
    this.rng = { rng: seedRng(options.seed) };
    this.stopped = options.idle ?? false;
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    const seen = (type: string, message: unknown) => options.onMessage?.(type, message);
    room.onMessage("welcome", (w: Welcome) => {
      seen("welcome", w);
      this.welcome = w;
      this.maybeAct();
    });
    room.onMessage("events", (e: unknown) => seen("events", e));
    room.onMessage("stored", (m: unknown) => seen("stored", m));
    room.onMessage("rejected", (r: { code: string; message: string }) => {
      seen("rejected", r);
      this.rejections.push(r);
    });
    room.onMessage("finished", (f: Finished) => {
      seen("finished", f);
      this.finished = f;
      this.resolveDone(f);
    });
    room.onStateChange((state: any) => {
      this.lastPatchAt = performance.now();
      options.onState?.(state, this);
      this.maybeAct();
    });
  }

  /** My seat: from `welcome`, else (a welcome that came before the handler was on) the state's `you`. */
  get seat(): number | null {
    if (this.welcome) return this.welcome.seat;
    const seats = this.room.state?.seats as { you?: boolean }[] | undefined;
    const i = seats ? seats.findIndex((s) => s?.you) : -1;
    return i >= 0 ? i : null;
  }

  /** Resolves when the match is over (the room's `finished` message). */
  untilFinished(): Promise<Finished> {
    return this.done;
  }

  stop(): void {
    this.stopped = true;
  }

  /** Acts again after stop() (or an idle start). */
  play(): void {
    this.stopped = false;
    this.maybeAct();
  }

  /** Whether a decision of this bot is waiting for its reply. */
  get busy(): boolean {
    return this.inFlight;
  }

  /** My seat's legal actions, as the server published them for me alone. */
  legal(): unknown[] {
    const seat = this.seat;
    if (seat === null) return [];
    const slot = this.room.state?.seats?.[seat];
    if (!slot?.acting || typeof slot.legal !== "string") return [];
    return JSON.parse(slot.legal) as unknown[];
  }

  private maybeAct(): void {
    if (this.stopped || this.inFlight || this.finished) return;
    if (this.room.state?.status !== "playing") return;
    if (this.options.maxActions !== undefined && this.actions >= this.options.maxActions) return;
    const options = this.legal();
    if (options.length === 0) return;
    const action = pick(this.rng, options);
    this.inFlight = true;
    const sentAt = performance.now();
    const patchBefore = this.lastPatchAt;
    this.room
      .request("act", { id: this.actions, action })
      .then(
        (reply: unknown) => {
          this.options.onMessage?.("actReply", reply);
          this.actions++;
          const repliedAt = performance.now();
          this.options.onActed?.({ sentAt, repliedAt, patchedAt: this.lastPatchAt > patchBefore ? this.lastPatchAt : null });
        },
        (err: any) => {
          if (err?.reason) this.options.onMessage?.("rejected", err.reason);
          this.rejections.push({ code: err?.reason?.code ?? err?.code ?? "error", message: String(err?.reason?.message ?? err?.message) });
        },
      )
      .finally(() => {
        this.inFlight = false;
        // The state may have changed while the request was in flight.
        setImmediate(() => this.maybeAct());
      });
  }
}

export async function joinBot(url: string, game: string, joinOptions: Record<string, unknown>, options: BotOptions, roomId?: string): Promise<BotPlayer> {
  const client = new Client(url);
  const room = roomId ? await client.joinById(roomId, joinOptions) : await client.joinOrCreate(game, joinOptions);
  return new BotPlayer(room, options);
}
