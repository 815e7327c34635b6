/**
 * The server's public HTTP API, as docs/http-api.md documents it: games, catalogs, guest identities.
 * Same origin in production (the server serves this page); the Vite dev server proxies /api.
 */
import type { ListedRoom } from "../../rooms/client.ts";

export interface GameInfo {
  game: string;
  version: string;
  /** Ready-made join `seat` options, by name. */
  presets: Record<string, unknown>;
  catalog?: string;
  /** Not served yet by every server: shown when present. */
  summary?: string;
  rules?: string;
}

export interface CatalogEntry {
  id: string;
  kind: string;
  name: string;
  text?: string;
  cost?: unknown;
  stats?: Record<string, unknown>;
  keywords?: string[];
  traits?: Record<string, unknown>;
}

export interface Catalog {
  game: string;
  version: string;
  sections: Record<string, Record<string, CatalogEntry>>;
}

export interface Identity {
  token: string;
  expiresAt?: string | number;
  player: { id: string; username: string; guest: boolean };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(path, { ...init, headers: { accept: "application/json", ...(init?.body ? { "content-type": "application/json" } : {}), ...init?.headers } });
  const body = (await res.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
  if (!res.ok) throw new ApiError(res.status, body?.error?.code ?? "http_error", body?.error?.message ?? `${res.status} ${res.statusText}`);
  return body as T;
}

/** An error in words, for the page to show. */
export function errorText(e: unknown): string {
  return (e as Error)?.message || String(e);
}

export async function fetchGames(): Promise<GameInfo[]> {
  return (await call<{ games: GameInfo[] }>("/api/games")).games;
}

const catalogs = new Map<string, Promise<Catalog>>();

/** The game's catalog, fetched once per page (the server also sends an ETag). */
export function fetchCatalog(game: string): Promise<Catalog> {
  let known = catalogs.get(game);
  if (!known) {
    known = call<Catalog>(`/api/games/${encodeURIComponent(game)}/catalog`);
    known.catch(() => catalogs.delete(game));
    catalogs.set(game, known);
  }
  return known;
}

export function signInAsGuest(name?: string): Promise<Identity> {
  return call<Identity>("/api/auth/guest", { method: "POST", body: JSON.stringify(name ? { name } : {}) });
}

export function register(username: string, password: string): Promise<Identity> {
  return call<Identity>("/api/auth/register", { method: "POST", body: JSON.stringify({ username, password }) });
}

export function login(username: string, password: string): Promise<Identity> {
  return call<Identity>("/api/auth/login", { method: "POST", body: JSON.stringify({ username, password }) });
}

/** A live room as `GET /api/rooms` lists it (the server's type, via the client typings). */
export type { ListedRoom } from "../../rooms/client.ts";

export async function fetchRooms(status: "waiting" | "playing", game?: string): Promise<ListedRoom[]> {
  const q = new URLSearchParams({ status, ...(game ? { game } : {}) });
  return (await call<{ rooms: ListedRoom[] }>(`/api/rooms?${q}`)).rooms;
}
