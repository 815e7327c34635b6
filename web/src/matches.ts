/**
 * The stored-match part of the HTTP API (docs/http-api.md, server/http/matches.ts):
 *   GET /api/matches?game=&player=&limit=&before=   finished matches, newest first, keyset paged
 *   GET /api/matches/:id                            one match (players, ranks, outcome)
 *   GET /api/matches/:id/replay                     the replay record (config, seats, seed, steps)
 *   GET /api/matches/:id/replay?step=N[&seat=S]     the view seat S (or a spectator) had after N steps
 * Plus the small step cache the replay viewer reads through.
 */
import type { MatchSummary, StoredReplay } from "../../rooms/client.ts";
import { ApiError } from "./api.ts";

// The server's own types, through the client typings entry point (type-only: nothing from the server is bundled).
export type { MatchPlayer, MatchSummary } from "../../rooms/client.ts";
export interface MatchPage {
  items: MatchSummary[];
  next: string | null;
}

/** The replay record (`GET /api/matches/:id/replay`): config, seats, seed, steps `{ seat, action, at, auto? }`, players. */
export type ReplayRecord = StoredReplay;
export type ReplayStep = StoredReplay["steps"][number];

/** The events one decision (`step`) caused, as a live `events` message carries them. */
export interface StepEvents {
  step: number;
  events: { type: string; seat?: number; [field: string]: unknown }[];
}

export interface StepView {
  matchId: string;
  game: string;
  step: number;
  steps: number;
  seat: number | null;
  view: unknown;
  /** The step as the live table's board draws it (the room state's JSON: public `game`, the seat's `secret`). */
  board?: { game: Record<string, unknown>; secret: Record<string, unknown> | null };
  /** What the viewer was sent up to `step`, per decision that caused any. */
  events: StepEvents[];
}

async function get<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(path, { headers: { accept: "application/json" }, signal });
  const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? "http_error", body?.error?.message ?? `${res.status} ${res.statusText}`);
  return body as T;
}

export function listMatches(q: { game?: string; player?: string; limit?: number; before?: string | null }): Promise<MatchPage> {
  const params = new URLSearchParams();
  if (q.game) params.set("game", q.game);
  if (q.player) params.set("player", q.player);
  params.set("limit", String(q.limit ?? 20));
  if (q.before) params.set("before", q.before);
  return get<MatchPage>(`/api/matches?${params}`);
}

export function fetchMatch(id: string): Promise<MatchSummary> {
  return get<MatchSummary>(`/api/matches/${encodeURIComponent(id)}`);
}

export function fetchReplay(id: string): Promise<ReplayRecord> {
  return get<ReplayRecord>(`/api/matches/${encodeURIComponent(id)}/replay`);
}

/** `null` seat: the spectator's view. */
export function fetchStep(id: string, step: number, seat: number | null): Promise<StepView> {
  const params = new URLSearchParams({ step: String(step) });
  if (seat !== null) params.set("seat", String(seat));
  return get<StepView>(`/api/matches/${encodeURIComponent(id)}/replay?${params}`);
}

export function stepKey(step: number, seat: number | null): string {
  return `${step}:${seat ?? "s"}`;
}

/**
 * The views already fetched for one match, by step and perspective, with at most one request in
 * flight: the newest wish wins (dragging the slider across 300 steps asks for the last one only),
 * and when idle the next step forward is fetched ahead. Kept to `max` entries, oldest dropped.
 */
export class StepCache {
  private readonly done = new Map<string, StepView>();
  private readonly failed = new Map<string, string>();
  private inFlight: string | null = null;
  private wanted: { step: number; seat: number | null } | null = null;
  /** Time of each fetch, ms (shown on the page, for the curious). */
  readonly timings: number[] = [];

  constructor(
    private readonly matchId: string,
    private readonly steps: number,
    private readonly onChange: () => void,
    private readonly max = 400,
  ) {}

  get(step: number, seat: number | null): StepView | undefined {
    return this.done.get(stepKey(step, seat));
  }

  error(step: number, seat: number | null): string | undefined {
    return this.failed.get(stepKey(step, seat));
  }

  loading(): boolean {
    return this.inFlight !== null;
  }

  /** Asks for this step and perspective (and, once it is here, the next one). */
  want(step: number, seat: number | null): void {
    this.failed.delete(stepKey(step, seat)); // asked again: try again
    this.wanted = { step, seat };
    this.pump();
  }

  private pump(): void {
    if (this.inFlight !== null || !this.wanted) return;
    const { step, seat } = this.wanted;
    let target: number | null = null;
    if (!this.has(step, seat)) target = step;
    else if (step < this.steps && !this.has(step + 1, seat)) target = step + 1;
    else if (step > 0 && !this.has(step - 1, seat)) target = step - 1;
    if (target === null) return;
    const key = stepKey(target, seat);
    this.inFlight = key;
    const started = performance.now();
    fetchStep(this.matchId, target, seat)
      .then(
        (v) => {
          this.timings.push(performance.now() - started);
          this.done.set(key, v);
          if (this.done.size > this.max) this.done.delete(this.done.keys().next().value!);
        },
        (e: unknown) => this.failed.set(key, (e as Error).message || String(e)),
      )
      .finally(() => {
        this.inFlight = null;
        this.onChange();
        this.pump();
      });
  }

  private has(step: number, seat: number | null): boolean {
    const key = stepKey(step, seat);
    return this.done.has(key) || this.failed.has(key);
  }
}
