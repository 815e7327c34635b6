/**
 * The room state as the table reads it (`room.state.toJSON()`), and the small readings of it the
 * table's parts share: the result, JSON lists sent as strings, status and time in words.
 */

export interface SeatView {
  seat: number;
  name?: string;
  occupied?: boolean;
  connected?: boolean;
  acting?: boolean;
  deadline?: number;
  bank?: number;
  bot?: boolean;
  /** A bot seat's level (`easy`, `normal`); absent on people's seats. */
  botLevel?: string;
  you?: boolean;
  legal?: string;
  labels?: string;
  stops?: string;
  rematch?: boolean;
  refs?: string;
  confirms?: string;
  secret?: unknown;
}

export interface StateView {
  status?: string;
  matchId?: string;
  step?: number;
  result?: unknown;
  game?: unknown;
  seats?: SeatView[];
  spectators?: number;
}

export interface Outcome {
  ranks: number[];
  reason?: string;
}

export function parseList<T>(json: string | undefined): T[] {
  try {
    const v = JSON.parse(json ?? "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

/** The result from the state, before or after it became a schema child (JSON string then). */
export function resultOf(state: StateView): Outcome | null {
  let r = state.result;
  if (typeof r === "string") {
    try {
      r = r ? JSON.parse(r) : null;
    } catch {
      r = null;
    }
  }
  const ranks = (r as Outcome | null)?.ranks;
  return Array.isArray(ranks) && ranks.length > 0 ? (r as Outcome) : null;
}

export const STATUS_WORDS: Record<string, string> = { waiting: "Waiting for players", playing: "Playing", finished: "Match over" };

export function seconds(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}` : `${s} s`;
}
