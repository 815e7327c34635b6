/**
 * What a room is set up from: a client's (or the matchmaker's) create options, checked here,
 * or the header of a journaled match being resumed; and the schema state it starts with.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { BotLevel } from "../rules/core/botMatch.ts";
import type { AnyEngine, Seat } from "../rules/core/engine.ts";
import { sha256Hex } from "../rules/core/hash.ts";
import { guestDisplayName } from "../match/names.ts";
import { RuleError } from "../rules/core/errors.ts";
import type { MatchHeader } from "../match/journalTypes.ts";
import { unsafeTextIn } from "../match/text.ts";
import type { RankedSeat } from "./rankedSeats.ts";
import { configKey, createOptionsSchema } from "./roomInput.ts";
import type { RoomBinding } from "./binding.ts";
import type { RankedRoomHooks } from "./roomServices.ts";
import { roomStateClasses, type GameRoomState, type SeatSlotState } from "./roomState.ts";

/** What a new room and a resumed one are both set up from. */
export interface RoomPlan {
  mode: "casual" | "ranked";
  /** Ranked rooms: the matchmaker's group and the reserved players by seat. */
  ranked: { group: number; players: RankedSeat[] } | null;
  /** The engine's parsed config. */
  config: unknown;
  /** Casual rooms: how many seats (the last ones) server-side bots take. */
  botCount: number;
  /** The level of each bot seat, in seat order (botCount entries). */
  botLevels: BotLevel[];
  /** Which seats the bots take, ascending; absent: the last `botCount` (a resumed match says which: bots that filled a room may sit anywhere). */
  botSeats?: Seat[];
  /** Casual rooms created with `fillBotsAfterMs`: bots of `level` take the seats still empty after `afterMs` (rooms/botFill.ts). */
  fill: { afterMs: number; level: BotLevel } | null;
  matchId: string;
  seed: string;
  /** What joinOrCreate filters by, with `mode` (server/app.ts). */
  configKey: string;
}

/**
 * A new room from its create options. Throws RuleError "bad_config" for options a client may
 * not give: a resume (the server resumes matches itself), a ranked room without the
 * matchmaker's ticket, bots in a ranked room, more bots than seats.
 */
export function planNewRoom(engine: AnyEngine, options: unknown, rankedHooks: RankedRoomHooks | undefined): RoomPlan {
  if ((options as { resume?: unknown } | null)?.resume !== undefined) {
    throw new RuleError("bad_config", "matches are resumed by the server itself from its journal, not by clients");
  }
  const unsafe = unsafeTextIn(options);
  if (unsafe) throw new RuleError("bad_config", `bad room options: ${unsafe}`);
  const parsed = createOptionsSchema.safeParse(options ?? {});
  if (!parsed.success) throw new RuleError("bad_config", `bad room options: ${parsed.error.issues[0]?.message}`);
  let ranked: RoomPlan["ranked"] = null;
  if (parsed.data.mode === "ranked") {
    if (!rankedHooks || !parsed.data.ranked || parsed.data.ranked.ticket !== rankedHooks.ticket) {
      throw new RuleError("bad_config", "ranked rooms are created by the matchmaker, not by clients");
    }
    ranked = { group: parsed.data.ranked.group, players: parsed.data.ranked.players };
  }
  const config = engine.parseConfig(parsed.data.config ?? {});
  const seatCount = engine.seatCount(config);
  if (ranked && ranked.players.length !== seatCount) {
    throw new RuleError("bad_config", `a ranked room for ${seatCount} seats got ${ranked.players.length} players`);
  }
  const botCount = parsed.data.bots ?? 0;
  if (botCount > 0 && ranked) throw new RuleError("bad_config", "ranked rooms have no bots");
  if (botCount > seatCount) throw new RuleError("bad_config", `bots: this configuration has ${seatCount} seats, not ${botCount}`);
  const level = parsed.data.botLevel ?? "easy";
  if (Array.isArray(level) && level.length !== botCount) throw new RuleError("bad_config", `botLevel: ${botCount} bot seat(s), ${level.length} level(s)`);
  const botLevels = Array.from({ length: botCount }, (_, i) => (Array.isArray(level) ? level[i]! : level));
  const { fillBotsAfterMs, fillBotLevel } = parsed.data;
  if (fillBotLevel !== undefined && fillBotsAfterMs === undefined) throw new RuleError("bad_config", "fillBotLevel goes with fillBotsAfterMs");
  if (fillBotsAfterMs !== undefined && ranked) throw new RuleError("bad_config", "ranked rooms have no bots: fillBotsAfterMs is for casual rooms");
  const fill = fillBotsAfterMs === undefined ? null : { afterMs: fillBotsAfterMs, level: fillBotLevel ?? "easy" };
  return { mode: parsed.data.mode, ranked, config, botCount, botLevels, fill, matchId: randomUUID(), seed: randomBytes(32).toString("hex"), configKey: configKey(engine, parsed.data.config) };
}

/** A room for a journaled match, as its header says it was set up. */
export function planResumedRoom(engine: AnyEngine, matchId: string, header: MatchHeader): RoomPlan {
  return {
    mode: header.mode,
    ranked: header.ranked ?? null,
    config: engine.parseConfig(header.config),
    botCount: header.bots.length,
    botSeats: [...header.bots].sort((a, b) => a - b),
    // Headers written before bot levels were recorded: their bots were all `easy`.
    botLevels: [...header.bots].sort((a, b) => a - b).map((seat) => header.players.find((p) => p.seat === seat)?.level ?? "easy"),
    fill: null,
    matchId,
    seed: header.seed,
    configKey: configKey(engine, header.config),
  };
}

/**
 * The schema state a room starts with: its seats empty, but for the ranked players' names and
 * the bots, who sit in `plan.botSeats` (by default the last `plan.botCount` seats). The room
 * publishes the seed's sha256 only.
 */
export function newRoomState(binding: RoomBinding, plan: RoomPlan, seatCount: number): { state: GameRoomState; bots: Set<Seat> } {
  const { Root, SeatSlot } = roomStateClasses(binding);
  const root = new Root();
  root.gameId = binding.engine.game;
  root.matchId = plan.matchId;
  root.seedHash = sha256Hex(plan.seed);
  root.game = new binding.PublicState();
  for (let i = 0; i < seatCount; i++) {
    const slot = new SeatSlot();
    slot.seat = i;
    slot.secret = new binding.PrivateState();
    root.seats.push(slot);
  }
  const bots = new Set<Seat>();
  const botSeats = plan.botSeats ?? Array.from({ length: plan.botCount }, (_, i) => seatCount - plan.botCount + i);
  botSeats.forEach((seat, i) => {
    sitBot(root.seats[seat]!, plan.botLevels[i] ?? "easy");
    bots.add(seat);
  });
  plan.ranked?.players.forEach((p, seat) => {
    root.seats[seat]!.playerId = p.playerId;
    root.seats[seat]!.name = p.username;
  });
  return { state: root, bots };
}

/** A server-side bot of `level` takes this seat (at the room's creation, or filling it: rooms/botFill.ts). */
export function sitBot(slot: SeatSlotState, level: BotLevel): void {
  slot.occupied = true;
  slot.connected = true;
  slot.bot = true;
  slot.botLevel = level;
  slot.playerId = randomUUID();
  slot.name = guestDisplayName(`Bot ${slot.seat + 1}`);
}
