/**
 * The admin API (docs/operations.md) as the admin page calls it: the signed-in admin's bearer
 * token on every call; errors as ApiError with the server's code and message.
 */
import type { AuditRow, Ban, LiveRoom, MatchPlayer, MatchSummary, PlayerProfile, PlayerRating, Report } from "../../rooms/client.ts";
import { ApiError, type Identity } from "./api.ts";
import { loadIdentity } from "./session.ts";

export type { AuditRow, Ban, LiveRoom, Report };

export type Role = "player" | "admin";

/** The signed-in identity's role (the accounts API sends it; older identities have none). */
export function roleOf(identity: Identity | null): Role | null {
  return ((identity?.player as { role?: Role } | undefined)?.role ?? null) as Role | null;
}

/** A match on a player's page: the stored summary, with the ratings the page shows. */
export type PlayerMatch = Omit<MatchSummary, "players"> & {
  players: (Omit<MatchPlayer, "ratingBefore" | "ratingAfter"> & { ratingBefore?: { display: number }; ratingAfter?: { display: number } })[];
};

/** `GET /api/admin/players/:playerId` (server/http/admin.ts view_player). */
export interface PlayerPage {
  player: PlayerProfile & { role: Role | null; lastAddress: string | null };
  ban: Ban | null;
  bans: Ban[];
  ratings: (PlayerRating & { game: string })[];
  matches: { items: PlayerMatch[]; next: string | null };
  reports: { about: Report[]; by: Report[] };
}

async function admin<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const token = loadIdentity()?.token;
  const res = await fetch(path, {
    method,
    headers: { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!res.ok) throw new ApiError(res.status, answer?.error?.code ?? "http_error", answer?.error?.message ?? `${res.status} ${res.statusText}`);
  return answer as T;
}

export const adminApi = {
  live: () => admin<{ rooms: LiveRoom[] }>("GET", "/api/admin/live"),
  abort: (roomId: string, reason: string) => admin("POST", `/api/admin/live/${encodeURIComponent(roomId)}/abort`, { reason }),
  remove: (roomId: string, playerId: string, reason: string) => admin("POST", `/api/admin/live/${encodeURIComponent(roomId)}/remove`, { playerId, reason }),
  player: (id: string) => admin<PlayerPage>("GET", `/api/admin/players/${encodeURIComponent(id)}`),
  findPlayers: (name: string) => admin<{ players: { id: string; name: string; kind: string; role: Role | null }[] }>("GET", `/api/admin/players?name=${encodeURIComponent(name)}`),
  ban: (id: string, reason: string, forS: number | null) => admin("POST", `/api/admin/players/${encodeURIComponent(id)}/ban`, forS ? { reason, forS } : { reason }),
  unban: (id: string, reason: string) => admin("POST", `/api/admin/players/${encodeURIComponent(id)}/unban`, { reason }),
  voidMatch: (matchId: string, reason: string) => admin("POST", `/api/admin/matches/${encodeURIComponent(matchId)}/void`, { reason }),
  reports: () => admin<{ items: Report[]; next: string | null }>("GET", "/api/admin/reports?open=true&limit=50"),
  resolve: (id: number, resolution: string) => admin("POST", `/api/admin/reports/${id}/resolve`, { resolution }),
  audit: (before?: string) => admin<{ items: AuditRow[]; next: string | null }>("GET", `/api/admin/audit?limit=50${before ? `&before=${encodeURIComponent(before)}` : ""}`),
};
