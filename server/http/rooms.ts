/**
 * The live rooms a lobby lists: casual rooms waiting for players (join by id) and matches being
 * played (watch with `{ spectate: true }`).
 *   GET /api/rooms?game=&status=waiting|playing&limit=
 *     { rooms: [{ roomId, game, mode, status, seats, open, players, bots, spectators, createdAt }] }
 * Read from the Colyseus room listing (the rooms' metadata), so it covers every process that
 * shares the matchmaker's driver. Newest first, at most `limit` (default 50, max 200).
 *
 * With several processes, a process killed outright leaves its rooms in the shared listing
 * until Colyseus sweeps them (only when a process starts or a call to the dead one times out).
 * Those rooms are left out here: a process is alive while it listens on its IPC channel
 * (`p:<processId>`, the test Colyseus itself uses), and seeing a dead one starts Colyseus' sweep.
 */
import { matchMaker } from "@colyseus/core";
import { Router } from "express";
import { z } from "zod";
import { ClusterUnavailableError, CLUSTER_UNAVAILABLE } from "../cluster/guard.ts";
import { HttpError, parseOrThrow } from "./errors.ts";
import { queryText, wholeNumber } from "./params.ts";

const listQuery = z.object({
  game: queryText(32).optional(),
  status: z.enum(["waiting", "playing"]).optional(),
  limit: wholeNumber(1, 200).default(50),
});

/** What a game room keeps in its listing metadata (rooms/GameRoom.ts). */
interface RoomMetadata {
  game?: string;
  mode?: string;
  status?: string;
  seats?: number;
  players?: string[];
  open?: number;
  bots?: number;
  spectators?: number;
}

export interface ListedRoom {
  roomId: string;
  game: string;
  mode: string;
  status: "waiting" | "playing";
  seats: number;
  /** Seats still free (waiting rooms: join with `joinById`). */
  open: number;
  /** Display names of the seated players, bots included. */
  players: string[];
  bots: number;
  spectators: number;
  createdAt: string;
}

export function roomsRouter(deps: { games: () => Iterable<string> }): Router {
  const router = Router();
  router.get("/api/rooms", async (req, res) => {
    const q = parseOrThrow(listQuery, req.query, "query");
    const games = new Set(deps.games());
    const listings = await liveListings().catch((error: unknown) => {
      throw error instanceof ClusterUnavailableError ? new HttpError(503, "cluster_unavailable", CLUSTER_UNAVAILABLE) : error;
    });
    const rooms: ListedRoom[] = [];
    for (const r of listings) {
      const m = (r.metadata ?? {}) as RoomMetadata;
      if (!games.has(r.name) || (q.game && r.name !== q.game)) continue;
      const status = m.status === "waiting" || m.status === "playing" ? m.status : null;
      if (!status || (q.status && status !== q.status)) continue;
      // A waiting room is listed only while anyone may join it (casual, public, not full).
      if (status === "waiting" && (r.private || r.locked || m.mode !== "casual")) continue;
      rooms.push({
        roomId: r.roomId,
        game: r.name,
        mode: m.mode ?? "casual",
        status,
        seats: m.seats ?? 0,
        open: m.open ?? 0,
        players: m.players ?? [],
        bots: m.bots ?? 0,
        spectators: m.spectators ?? 0,
        createdAt: new Date(r.createdAt ?? Date.now()).toISOString(),
      });
    }
    rooms.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    res.json({ rooms: rooms.slice(0, q.limit) });
  });
  return router;
}

type Listing = Awaited<ReturnType<typeof matchMaker.query>>[number];

/** The shared listing without the rooms of processes that are gone (see the module comment). */
async function liveListings(): Promise<Listing[]> {
  const listings = await matchMaker.query({});
  const self = matchMaker.processId;
  if (listings.every((r) => r.processId === self)) return listings; // one process: nothing to check
  const alive = await liveProcesses();
  const live = listings.filter((r) => r.processId === self || alive.has(r.processId));
  if (live.length < listings.length) sweepDeadProcesses();
  return live;
}

/**
 * The processes holding their IPC channel, asked of Redis at most once a second per process: the
 * lobby polls this route, and PUBSUB CHANNELS scans every channel (one per room, too). A process
 * started within that second may have its rooms left out of one answer.
 */
const LIVENESS_TTL_MS = 1_000;
let liveness: { at: number; ids: Promise<Set<string>> } | null = null;
function liveProcesses(): Promise<Set<string>> {
  if (!liveness || Date.now() - liveness.at > LIVENESS_TTL_MS) {
    const ids = matchMaker.presence.channels("p:*").then((channels) => new Set(channels.map((channel) => channel.slice(2))));
    ids.catch(() => (liveness = null)); // asked again next time
    liveness = { at: Date.now(), ids };
  }
  return liveness.ids;
}

let sweeping: Promise<void> | null = null;
/** Colyseus' own sweep (health-check the silent processes, drop their rooms and counts), one at a time, in the background. */
function sweepDeadProcesses(): void {
  sweeping ??= matchMaker
    .healthCheckAllProcesses()
    .catch(() => {}) // best effort: the listing above is already filtered
    .finally(() => (sweeping = null));
}
