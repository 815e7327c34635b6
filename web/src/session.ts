/**
 * The player's session in this tab: guest identity (localStorage), the Colyseus client, the
 * room being played and its reconnection token (sessionStorage, so a reload keeps the seat).
 */
import { Client, type Room } from "@colyseus/sdk";
import type { Identity } from "./api.ts";

/** Same origin when the game server serves the page; under Vite's dev server, the game server directly. */
function endpoint(): string {
  const configured = import.meta.env.VITE_GAME_SERVER as string | undefined;
  if (configured) return configured;
  if (__GAME_SERVER_PORT__) return `${location.protocol}//${location.hostname}:${__GAME_SERVER_PORT__}`;
  return location.origin;
}

export const client = new Client(endpoint());

const IDENTITY_KEY = "tabletop.identity";
const SEAT_KEY = "tabletop.seat";

export function loadIdentity(): Identity | null {
  try {
    const identity = JSON.parse(localStorage.getItem(IDENTITY_KEY) ?? "null") as Identity | null;
    if (!identity?.token) return null;
    const expires = typeof identity.expiresAt === "string" ? Date.parse(identity.expiresAt) : Number(identity.expiresAt ?? 0) * (Number(identity.expiresAt) < 1e12 ? 1000 : 1);
    if (expires && expires < Date.now()) return null;
    return identity;
  } catch {
    return null;
  }
}

export function saveIdentity(identity: Identity | null): void {
  if (identity) localStorage.setItem(IDENTITY_KEY, JSON.stringify(identity));
  else localStorage.removeItem(IDENTITY_KEY);
}

/** What a reload needs to take its seat back. */
interface SavedSeat {
  game: string;
  roomId: string;
  token: string;
}

let current: Room | null = null;
let currentGame = "";

/** What the room said before the table was drawn is kept, so no message is missed. */
export interface RoomFeed {
  events: unknown[];
  finished: unknown;
  listeners: Set<() => void>;
}
const feeds = new WeakMap<Room, RoomFeed>();

export function feedOf(room: Room): RoomFeed {
  let feed = feeds.get(room);
  if (!feed) {
    const created: RoomFeed = { events: [], finished: null, listeners: new Set() };
    const notify = () => created.listeners.forEach((l) => l());
    room.onMessage("events", (m: { events?: unknown[] }) => {
      created.events.push(...(m.events ?? []));
      if (created.events.length > 500) created.events.splice(0, created.events.length - 500);
      notify();
    });
    room.onMessage("finished", (f: unknown) => {
      created.finished = f;
      notify();
    });
    room.onMessage("*", () => {}); // welcome, stored, rejected...: the state says all the page needs
    feeds.set(room, (feed = created));
  }
  return feed;
}

export function currentRoom(): { room: Room; game: string } | null {
  return current ? { room: current, game: currentGame } : null;
}

function remember(room: Room, game: string): void {
  current = room;
  currentGame = game;
  feedOf(room);
  const save = () => {
    if (room.reconnectionToken) sessionStorage.setItem(SEAT_KEY, JSON.stringify({ game, roomId: room.roomId, token: room.reconnectionToken } satisfies SavedSeat));
  };
  save();
  room.onReconnect(save); // the SDK reconnected by itself: its token may have changed
  room.onLeave(() => {
    if (current === room) current = null;
    const saved = savedSeat();
    if (saved?.roomId === room.roomId) sessionStorage.removeItem(SEAT_KEY);
  });
}

export function savedSeat(): SavedSeat | null {
  try {
    return JSON.parse(sessionStorage.getItem(SEAT_KEY) ?? "null") as SavedSeat | null;
  } catch {
    return null;
  }
}

export function forgetSeat(): void {
  sessionStorage.removeItem(SEAT_KEY);
}

export interface JoinOptions {
  game: string;
  name: string;
  seat: unknown;
  config?: Record<string, unknown>;
  /** Casual create only: the last n seats are the server's bots. */
  bots?: number;
}

/**
 * The signed-in identity's bearer token goes with every join: the server seats that player
 * (the match is then in their history). Without one the seat is a fresh guest's.
 */
function authenticate(): void {
  const token = loadIdentity()?.token;
  if (token) client.auth.token = token;
  else client.auth.token = undefined as unknown as string;
}

export async function createRoom(o: JoinOptions): Promise<Room> {
  authenticate();
  const room = await client.create(o.game, { config: o.config ?? {}, name: o.name, seat: o.seat, ...(o.bots ? { bots: o.bots } : {}) });
  remember(room, o.game);
  return room;
}

/**
 * Watching: no seat, public state and events only. Nothing is saved for a reload: the watch
 * page simply joins again as a spectator (spectators have no reconnection token to keep).
 */
let watching: { room: Room; game: string } | null = null;

/** Creates a match of bots only and watches it (`bots` = every seat, `spectate: true`). */
export async function createBotMatch(game: string, config: Record<string, unknown>, bots: number): Promise<Room> {
  authenticate();
  const room = await client.create(game, { config, bots, spectate: true });
  feedOf(room);
  watching = { room, game };
  return room;
}

/** Watch a started match by its room id (errors: not_started, spectators_full, match gone). */
export async function watchRoom(roomId: string, game?: string): Promise<{ room: Room; game: string }> {
  if (watching?.room.roomId === roomId) return watching;
  await stopWatching();
  authenticate();
  const room = await client.joinById(roomId, { spectate: true });
  feedOf(room);
  watching = { room, game: game ?? room.name };
  return watching;
}

export async function stopWatching(): Promise<void> {
  const w = watching;
  watching = null;
  await leaveIfOpen(w?.room);
}

/** Leaves a room whose connection is still open (the browser logs an error for a send on a closed socket: a finished room's is). */
async function leaveIfOpen(room: Room | null | undefined): Promise<void> {
  if (room?.connection.isOpen) await room.leave(true).catch(() => {});
}

/** A seat reserved by the ranked queue (`matched`): take it, then it is the current seat. */
export async function takeReservedSeat(game: string, reservation: unknown): Promise<Room> {
  authenticate();
  const room = await client.consumeSeatReservation(reservation as never);
  remember(room, game);
  return room;
}

/** The ranked queue room: needs an account's token (guests are refused). */
export async function joinQueue(game: string, seats: number, seat: unknown): Promise<Room> {
  authenticate();
  return client.joinOrCreate("queue", { game, seats, seat: seat ?? {} });
}

export async function quickMatch(o: JoinOptions): Promise<Room> {
  authenticate();
  const room = await client.joinOrCreate(o.game, { config: o.config ?? {}, name: o.name, seat: o.seat });
  remember(room, o.game);
  return room;
}

export async function joinRoom(roomId: string, o: JoinOptions): Promise<Room> {
  authenticate();
  const room = await client.joinById(roomId, { name: o.name, seat: o.seat });
  remember(room, o.game);
  return room;
}

/** After a reload: take the seat back with the saved token (each token works once). */
export async function reconnect(roomId: string): Promise<{ room: Room; game: string } | null> {
  if (current?.roomId === roomId) return { room: current, game: currentGame };
  const saved = savedSeat();
  if (!saved || saved.roomId !== roomId) return null;
  // Right after a reload the server may not have seen the old socket close yet, and refuses the
  // token until it does: try again for a few seconds before giving the seat up.
  for (let attempt = 0; ; attempt++) {
    try {
      const room = await client.reconnect(saved.token);
      remember(room, saved.game);
      return { room, game: saved.game };
    } catch (error) {
      if (attempt >= RECONNECT_TRIES - 1) {
        forgetSeat();
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }
}

/** Reconnection attempts after a reload (waits 0.25, 0.5, 1, 2, 4 s between them). */
const RECONNECT_TRIES = 6;

export async function leave(): Promise<void> {
  const room = current;
  current = null;
  forgetSeat();
  await leaveIfOpen(room);
}
