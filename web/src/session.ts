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
  /** From `welcome`: a match resumed by a restarted server may not mark the seat's `you` again. */
  seat?: number;
}

let current: Room | null = null;
let currentGame = "";

/** What the room said before the table was drawn is kept, so no message is missed. */
export interface RoomFeed {
  events: unknown[];
  finished: unknown;
  /** This client's seat, from `welcome` (or carried over from the seat's previous Room). */
  seat: number | null;
  listeners: Set<() => void>;
}
const feeds = new WeakMap<Room, RoomFeed>();

export function feedOf(room: Room): RoomFeed {
  let feed = feeds.get(room);
  if (!feed) {
    const created: RoomFeed = { events: [], finished: null, seat: null, listeners: new Set() };
    const notify = () => created.listeners.forEach((l) => l());
    room.onMessage("events", (m: { events?: unknown[] }) => {
      created.events.push(...(m.events ?? []));
      if (created.events.length > 500) created.events.splice(0, created.events.length - 500);
      notify();
    });
    room.onMessage("welcome", (w: { seat?: number }) => {
      if (typeof w?.seat === "number") created.seat = w.seat;
      notify();
    });
    room.onMessage("finished", (f: unknown) => {
      created.finished = f;
      notify();
    });
    room.onMessage("*", () => {}); // welcome, stored, rejected...: the state says all the page needs
    feed = created;
    feeds.set(room, feed);
  }
  return feed;
}

export function currentRoom(): { room: Room; game: string } | null {
  return current ? { room: current, game: currentGame } : null;
}

/**
 * How the seat's connection stands, for the table to say in words. The server journals live
 * matches: after a crash or a deploy it (or another process of a cluster) resumes the match with
 * the same room id, and the seat's last reconnection token works again.
 * - `connected`: playing.
 * - `dropped`: the connection broke; the SDK is retrying by itself (same address).
 * - `restarting`: the server closed with 4010 (MAY_TRY_RECONNECT: a graceful stop); the SDK retries.
 * - `rejoining`: the SDK gave up; the page retries `client.reconnect(token)` through its own
 *   origin until `until` (ms), since another process may resume the match meanwhile.
 * - `lost`: no way back: the reason in words.
 */
export type SeatLink = { state: "connected" } | { state: "dropped" } | { state: "restarting" } | { state: "rejoining"; until: number; attempts: number } | { state: "lost"; why: string };

let link: SeatLink = { state: "connected" };
const seatListeners = new Set<() => void>();

function setLink(next: SeatLink): void {
  link = next;
  seatListeners.forEach((l) => l());
}

/** The seat's room (null while none is connected) and its link. */
export function seatStatus(): { room: Room | null; game: string; link: SeatLink } {
  return { room: current, game: currentGame, link };
}

/** Called on every change of the seat's room or link; returns the unsubscribe. */
export function onSeatChange(listener: () => void): () => void {
  seatListeners.add(listener);
  return () => seatListeners.delete(listener);
}

/**
 * The SDK's own retries (same address): about 19 s (0.2, 0.4, 0.8, 1.6 s, then every 2 s), so a
 * restart of 5–15 s is picked up within 2 s of the server listening again (the SDK's default
 * waits up to 5 s between tries). Not longer: in a cluster the room's address may be a dead
 * process, and the page's own retries through its origin must reach the process that took the
 * match over within its reconnection window (RECONNECT_GRACE_S, 30 s, from the takeover).
 */
const SDK_RETRIES = 12;
const SDK_MAX_DELAY_MS = 2_000;
/** The page's own retries through its origin once the SDK gave up (a match taken over elsewhere). */
const REJOIN_FOR_MS = 60_000;
const REJOIN_MAX_DELAY_MS = 5_000;
/** Closes after which the seat may come back: abnormal, going away, no status, retries exhausted, restart. */
const RETRYABLE_CLOSES = new Set([1001, 1005, 1006, 4003, 4010]);

/** Bumped by every new seat and by leave(): a rejoin loop of an older one stops. */
let seatGeneration = 0;

function remember(room: Room, game: string, carried?: { events: unknown[]; seat: number | null }): void {
  current = room;
  currentGame = game;
  const generation = ++seatGeneration;
  const feed = feedOf(room);
  if (carried) {
    if (feed.events.length === 0) feed.events.push(...carried.events);
    feed.seat ??= carried.seat;
  }
  room.reconnection.maxRetries = SDK_RETRIES;
  room.reconnection.maxDelay = SDK_MAX_DELAY_MS;
  // The token changes on every (re)connection: the saved one is always the latest.
  const save = () => {
    if (generation !== seatGeneration || !room.reconnectionToken) return;
    const seat = feed.seat ?? undefined;
    sessionStorage.setItem(SEAT_KEY, JSON.stringify({ game, roomId: room.roomId, token: room.reconnectionToken, seat } satisfies SavedSeat));
  };
  save();
  feed.listeners.add(save); // the seat number arrives with `welcome`, after the join
  let dropped = false;
  room.onDrop((code: number) => {
    dropped = true;
    // Each failed SDK retry drops again (1006): a restart announced by 4010 stays "restarting".
    if (link.state !== "restarting" || code === 4010) setLink({ state: code === 4010 ? "restarting" : "dropped" });
  });
  room.onReconnect(() => {
    dropped = false;
    // The SDK sets the new reconnectionToken just after calling onReconnect: save it right after.
    queueMicrotask(save);
    setLink({ state: "connected" });
  });
  room.onLeave((code: number) => {
    if (generation !== seatGeneration) return; // left on purpose, or another seat was taken since
    if (current === room) current = null;
    const saved = savedSeat();
    const mine = saved?.roomId === room.roomId ? saved : null;
    const over = !!feed.finished || (room.state as { status?: string } | undefined)?.status === "finished";
    if (mine && !over && (dropped || RETRYABLE_CLOSES.has(code))) {
      console.info(`[tabletop] room ${room.roomId}: connection gone (${code}), taking the seat back through this page's server`);
      void rejoin(mine, feed, generation);
      return;
    }
    if (mine) forgetSeat();
    setLink(over ? { state: "connected" } : { state: "lost", why: code === 4000 ? "You left the table." : `The server closed the connection (${code}).` });
  });
  setLink({ state: "connected" });
}

/**
 * The SDK gave up (its retries go to the address the room was on, which may be a dead process):
 * retry the saved token through the page's own origin, with backoff, for up to REJOIN_FOR_MS.
 * On success the seat's room is the new Room object (same room id).
 */
async function rejoin(saved: SavedSeat, feed: RoomFeed, generation: number): Promise<void> {
  const until = Date.now() + REJOIN_FOR_MS;
  let lastError = "";
  for (let attempt = 1; Date.now() < until; attempt++) {
    setLink({ state: "rejoining", until, attempts: attempt });
    try {
      const room = await client.reconnect(saved.token);
      if (generation !== seatGeneration) {
        void room.leave(true).catch(() => {});
        return;
      }
      remember(room, saved.game, { events: feed.events, seat: feed.seat ?? saved.seat ?? null });
      return;
    } catch (error) {
      lastError = String((error as Error)?.message ?? error);
      if (generation !== seatGeneration) return;
    }
    const wait = Math.min(REJOIN_MAX_DELAY_MS, 500 * 2 ** (attempt - 1), until - Date.now());
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (generation !== seatGeneration) return;
  }
  if (generation !== seatGeneration) return;
  forgetSeat();
  setLink({ state: "lost", why: `Your seat could not be taken back within ${REJOIN_FOR_MS / 1000} s${lastError ? ` (${lastError})` : ""}.` });
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
  /** With `bots`: how well they play (docs/protocol.md, `botLevel`). */
  botLevel?: BotLevel;
  /** Quick match: bots take the seats still empty this long (ms) after the first person sat (docs/bots.md). */
  fillBotsAfterMs?: number;
  /** With `fillBotsAfterMs`: the level of those bots. */
  fillBotLevel?: BotLevel;
}

export type BotLevel = "easy" | "normal";

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
  const room = await client.create(o.game, { config: o.config ?? {}, name: o.name, seat: o.seat, ...(o.bots ? { bots: o.bots, botLevel: o.botLevel ?? "normal" } : {}) });
  remember(room, o.game);
  return room;
}

/**
 * Watching: no seat, public state and events only. Nothing is saved for a reload: the watch
 * page simply joins again as a spectator (spectators have no reconnection token to keep).
 */
let watching: { room: Room; game: string } | null = null;

/** Creates a match of bots only and watches it (`bots` = every seat, `spectate: true`). */
export async function createBotMatch(game: string, config: Record<string, unknown>, bots: number, botLevel: BotLevel = "normal"): Promise<Room> {
  authenticate();
  const room = await client.create(game, { config, bots, botLevel, spectate: true });
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
  const fill = o.fillBotsAfterMs ? { fillBotsAfterMs: o.fillBotsAfterMs, fillBotLevel: o.fillBotLevel ?? "normal" } : {};
  const room = await client.joinOrCreate(o.game, { config: o.config ?? {}, name: o.name, seat: o.seat, ...fill });
  remember(room, o.game);
  return room;
}

export async function joinRoom(roomId: string, o: JoinOptions): Promise<Room> {
  authenticate();
  const room = await client.joinById(roomId, { name: o.name, seat: o.seat });
  remember(room, o.game);
  return room;
}

/**
 * The seat at `roomId`: the one being played, one being taken back (`room` null until then), or
 * after a reload the saved token (each token works once). Null: no seat at this table.
 */
export async function reconnect(roomId: string): Promise<{ room: Room | null; game: string } | null> {
  if (current?.roomId === roomId) return { room: current, game: currentGame };
  const saved = savedSeat();
  if (!saved || saved.roomId !== roomId) return null;
  if (link.state === "rejoining") return { room: null, game: saved.game };
  // Right after a reload the server may not have seen the old socket close yet, and refuses the
  // token until it does: try again for a few seconds before giving the seat up.
  const generation = seatGeneration;
  for (let attempt = 0; ; attempt++) {
    try {
      const room = await client.reconnect(saved.token);
      if (generation !== seatGeneration && current) {
        void room.leave(true).catch(() => {}); // another seat was taken meanwhile
        return null;
      }
      remember(room, saved.game, { events: [], seat: saved.seat ?? null });
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
  seatGeneration++; // its onLeave and any rejoin in progress stand down
  forgetSeat();
  setLink({ state: "connected" });
  await leaveIfOpen(room);
}
