/** Re;ACT rules engine (1v1, board + React Chain). Pure and deterministic; see RULINGS.md. */
import { defineEngine, issueLines } from "../core/defineEngine.ts";
import { z } from "zod";
import type { Outcome } from "../core/engine.ts";
import { RuleError } from "../core/errors.ts";
import { actors, applyAction, legalActions, setupState } from "./engine.ts";
import { ARTISTS } from "./cards.ts";
import type { Action, Config, Seat, SeatConfig, State } from "./types.ts";
import { viewOf, viewsOf, type View } from "./view.ts";
import { reactCatalog } from "./catalogEntries.ts";
import { describeAction } from "./describe.ts";
import { forcedAction, reactPassStops } from "./forced.ts";
import { actionConfirm, actionRefs } from "./refs.ts";
import { ActionSchema, protocol } from "./protocol.ts";

export * from "./types.ts";
export type { View, PlayerView } from "./view.ts";
export { CARDS, ARTISTS } from "./cards.ts";
export { ActionSchema, EventSchema, OUTCOME_REASONS, type OutcomeReason, type ReactEvent } from "./protocol.ts";

const DEFAULT_MAX_TURNS = 200;

const ConfigSchema = z.object({ maxTurns: z.number().int().min(1).max(10_000).optional(), firstGame: z.boolean().optional() }).strict();

export function parseConfig(input: unknown): Config {
  const r = ConfigSchema.safeParse(input ?? {});
  if (!r.success) throw new RuleError("bad_config", `Re;ACT config must be {} or { maxTurns?, firstGame? }: ${r.error.issues.map((i) => i.message).join("; ")}`);
  return { maxTurns: r.data.maxTurns ?? DEFAULT_MAX_TURNS, firstGame: r.data.firstGame ?? false };
}

const SeatConfigSchema = z.object({ artist: z.string() }).strict();

export function parseSeatConfig(input: unknown): SeatConfig {
  const r = SeatConfigSchema.safeParse(input);
  if (!r.success) throw new RuleError("bad_seat_config", issueLines(r.error.issues, "seat config").join("\n"));
  if (!(r.data.artist in ARTISTS)) {
    throw new RuleError("bad_seat_config", `unknown artist "${r.data.artist}" (known: ${Object.keys(ARTISTS).join(", ")})`);
  }
  return { artist: r.data.artist as SeatConfig["artist"] };
}

/** Every Artist id, in a fixed order. */
export const ARTIST_IDS = Object.keys(ARTISTS) as SeatConfig["artist"][];

/** Every ordered pair of different Artists (for fuzzing). */
export function artistPairs(): unknown[][] {
  const out: unknown[][] = [];
  for (const a of ARTIST_IDS) for (const b of ARTIST_IDS) if (a !== b) out.push([{ artist: a }, { artist: b }]);
  return out;
}

/** Join options for bots and tests: seat 0 the Calligrapher, seat 1 the Dancer (or swapped when `flip`). */
export function sampleSeatConfigs(flip = false): unknown[] {
  return flip ? [{ artist: "dancer" }, { artist: "calligrapher" }] : [{ artist: "calligrapher" }, { artist: "dancer" }];
}

export function parseAction(input: unknown): Action {
  const r = ActionSchema.safeParse(input);
  if (!r.success) throw new RuleError("bad_action", `bad Re;ACT action: ${r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return r.data as Action;
}

/** Timer default (R11): pass on the chain, end the turn in MAIN, pass (or the first placement) on a progression, the first swap choice. */
export function timeoutAction(s: State, seat: number): Action | null {
  const legal = legalActions(s, seat as Seat);
  if (legal.length === 0) return null;
  return legal.find((a) => a.type === "pass" || a.type === "end_turn" || a.type === "mp_pass") ?? legal[0];
}

export const reactEngine = defineEngine<Config, SeatConfig, State, Action, View>({
  game: "react",
  version: "0.4.0",
  parseConfig,
  seatCount: () => 2,
  parseSeatConfig: (input) => parseSeatConfig(input),
  setup: setupState,
  parseAction,
  actors: (s) => actors(s),
  legal: (s, seat) => legalActions(s, seat as Seat),
  forced: (s, seat) => forcedAction(s, seat as Seat),
  passStops: reactPassStops,
  apply: (s, seat, a) => applyAction(s, seat as Seat, a),
  sampleSeat: (seat) => sampleSeatConfigs()[seat % 2],
  timeoutAction,
  view: (s, viewer) => viewOf(s, viewer as Seat | null),
  views: (s, viewers) => viewsOf(s, viewers as readonly (Seat | null)[]),
  outcome: (s): Outcome | null => (s.outcome ? { ranks: [...s.outcome.ranks], reason: s.outcome.reason } : null),
  presets: () => Object.fromEntries(ARTIST_IDS.map((artist) => [artist, { artist }])),
  catalog: () => reactCatalog(),
  describe: (s, seat, a) => describeAction(s, seat as Seat, a),
  refs: (s, seat, a) => actionRefs(s, seat as Seat, a),
  confirm: (s, seat, a) => actionConfirm(s, seat as Seat, a),
  protocol: () => protocol,
});

export default reactEngine;
