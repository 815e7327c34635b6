/**
 * Resonance rules engine (2–4 players). Pure and deterministic; see RULINGS.md.
 */
import { actionParser, defineEngine, playersConfig, issueLines } from "../core/defineEngine.ts";
import { z } from "zod";
import type { Outcome } from "../core/engine.ts";
import { RuleError } from "../core/errors.ts";
import { pick, randInt, type HasRng } from "../core/rng.ts";
import { CODEX_BY_ID, COLORS } from "./catalog.ts";
import { COLOR_NAMES } from "./data/codex.ts";
import { actors, applyAction, legalActions, setupState } from "./engine.ts";
import type { Action, Color, Config, SeatConfig, State } from "./types.ts";
import { viewOf, viewsOf, type View } from "./view.ts";
import { resonanceCatalog } from "./catalogEntries.ts";
import { describeAction } from "./describe.ts";
import { forcedAction, resonancePassStops } from "./forced.ts";
import { actionConfirm, actionRefs } from "./refs.ts";
import { ACTION_SCHEMAS, protocol } from "./protocol.ts";

export * from "./types.ts";
export type { View } from "./view.ts";
export { ACTION_SCHEMAS, ActionSchema, EventSchema, OUTCOME_REASONS, type OutcomeReason, type ResonanceEvent } from "./protocol.ts";

// ---------------------------------------------------------------- config

export const parseConfig: (input: unknown) => Config = playersConfig("Resonance", 2, 4);

const SeatConfigSchema = z
  .object({
    primary: z.number(),
    secondary: z.array(z.number()),
    codex: z.array(z.string()),
  })
  .strict();

const isColor = (c: number): c is Color => Number.isInteger(c) && c >= 0 && c <= 9;

/** The 14 Codex cards a seat may choose from (3.3.3): primary Types 2–5, both secondaries' Types 1–5. */
export function allowedCodex(primary: Color, secondary: readonly Color[]): string[] {
  const out: string[] = [];
  for (const t of [2, 3, 4, 5]) out.push(`codex-${primary}-${t}`);
  for (const c of secondary) for (const t of [1, 2, 3, 4, 5]) out.push(`codex-${c}-${t}`);
  return out;
}

/** Validates a seat (3.3); throws bad_seat_config with one line per broken rule. */
export function parseSeatConfig(input: unknown, _config?: Config): SeatConfig {
  const r = SeatConfigSchema.safeParse(input);
  if (!r.success) throw new RuleError("bad_seat_config", issueLines(r.error.issues, "seat config").join("\n"));
  const { primary, secondary, codex } = r.data;
  const errors: string[] = [];
  if (!isColor(primary)) errors.push(`primary colour must be an integer 0..9, got ${primary}`);
  if (secondary.length !== 2) errors.push(`exactly two secondary colours are needed, got ${secondary.length}`);
  for (const c of secondary) if (!isColor(c)) errors.push(`secondary colour must be an integer 0..9, got ${c}`);
  if (secondary.length === 2 && secondary[0] === secondary[1]) errors.push(`the two secondary colours must differ (both are ${secondary[0]})`);
  for (const c of secondary) if (c === primary) errors.push(`secondary colour ${c} is the primary colour`);
  if (codex.length !== 10) errors.push(`the Personal Codex Deck must have exactly 10 cards, got ${codex.length}`);
  const seen = new Set<string>();
  for (const id of codex) {
    if (seen.has(id)) errors.push(`Codex card ${id} is chosen twice`);
    seen.add(id);
  }
  const colorsOk = isColor(primary) && secondary.every(isColor);
  const allowed = colorsOk ? new Set(allowedCodex(primary as Color, secondary as Color[])) : null;
  for (const id of new Set(codex)) {
    if (!CODEX_BY_ID.has(id)) errors.push(`unknown Codex card ${id} (ids look like codex-<colour>-<block type>)`);
    else if (colorsOk && id === `codex-${primary}-1`) errors.push(`${id} is the primary colour's Block Type 1, already active; it cannot be in the deck`);
    else if (allowed && !allowed.has(id)) errors.push(`${id} is not among the 14 allowed blocks (primary Types 2-5, secondary Types 1-5)`);
  }
  if (errors.length) throw new RuleError("bad_seat_config", errors.join("\n"));
  return { primary: primary as Color, secondary: [secondary[0] as Color, secondary[1] as Color], codex: [...codex] };
}

/** Join options for bots and tests: a different colour trio per seat, the first 10 allowed blocks. */
export function sampleSeatConfig(seat: number): unknown {
  const i = ((seat % 10) + 10) % 10;
  const primary = COLORS[(i * 3) % 10];
  const secondary = [COLORS[(i * 3 + 1) % 10], COLORS[(i * 3 + 2) % 10]] as Color[];
  return { primary, secondary, codex: allowedCodex(primary, secondary).slice(0, 10) };
}

// ---------------------------------------------------------------- actions

export const parseAction = actionParser<Action>("Resonance", ACTION_SCHEMAS);

// ---------------------------------------------------------------- timeouts and bot

/** The default for a seat whose timer ran out (RULINGS R24): the most passive legal choice. */
export function timeoutAction(s: State, seat: number): Action | null {
  if (!actors(s).includes(seat)) return null;
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  const passive = legal.find(
    (a) =>
      a.type === "end" ||
      a.type === "augment_done" ||
      (a.type === "defend" && !a.card && !a.sacrifice) ||
      (a.type === "defend_extra" && !a.card) ||
      (a.type === "gamble" && !a.reveal) ||
      (a.type === "slow" && !a.pay) ||
      (a.type === "choose" && (a.option === "none" || a.option === "no")),
  );
  return passive ?? legal[0];
}

const WEIGHTS: Partial<Record<Action["type"], number>> = {
  attack: 40,
  deploy: 25,
  equip: 6,
  karma: 8,
  charge: 4,
  support: 2,
  purge: 2,
  tag: 5,
  end: 3,
};

/** The bot's answer to a choice whose options include a dominant one (a human may still decline). */
const DOMINANT: Record<string, (options: readonly string[]) => string | undefined> = {
  reckless: (o) => o[0], // the higher Power is listed first
  attuned: (o) => o[0], // the highest Focus is listed first
  "0.2:specialist": () => "yes",
  "8.3:insightful": () => "yes",
  stubborn: () => "yes",
  aware: () => "yes",
  bless: () => "use",
};

/** A random bot that prefers attacking and deploying, so random games end. */
export function botAction(s: State, seat: number, rng: HasRng): Action {
  const legal = legalActions(s, seat);
  if (legal.length === 0) throw new Error(`resonance bot: seat ${seat} has no legal action`);
  const choice = s.combat?.choice;
  if (choice && choice.seat === seat && randInt(rng, 0, 3) > 0) {
    // "May" decisions with a dominant option (RULINGS R11, R13, R26, R47): the bot mostly takes it
    // (one time in four it answers at random, so self-play also walks the declined branches).
    const best = DOMINANT[choice.purpose]?.(choice.options);
    if (best !== undefined && choice.options.includes(best)) return { type: "choose", option: best };
  }
  if (s.combat || s.phase !== "action") {
    // Inside an action: mostly sensible, sometimes random.
    if (s.combat?.step === "augment" && randInt(rng, 0, 2) === 0 && legal.some((a) => a.type === "augment_done")) return { type: "augment_done" };
    return pick(rng, legal);
  }
  const total = legal.reduce((n, a) => n + (WEIGHTS[a.type] ?? 1), 0);
  let r = randInt(rng, 0, total - 1);
  for (const a of legal) {
    r -= WEIGHTS[a.type] ?? 1;
    if (r < 0) return a;
  }
  return legal[legal.length - 1];
}

// ---------------------------------------------------------------- the engine

export const resonanceEngine = defineEngine<Config, SeatConfig, State, Action, View>({
  game: "resonance",
  version: "0.5.0", // 0.5.0: a Bane colour is dropped when its source leaves play; 0.4.0: outcome reasons are snake_case ids (last_player, turn_limit); 0.3.0: the rulebook departures fixed (RULINGS R15, R18, R20, R21, R31, R40, R49)
  parseConfig,
  seatCount: (c) => c.players,
  parseSeatConfig,
  setup: setupState,
  parseAction,
  actors,
  legal: (s, seat) => legalActions(s, seat),
  forced: (s, seat) => forcedAction(s, seat),
  passStops: resonancePassStops,
  apply: (s, seat, action) => applyAction(s, seat, action),
  sampleSeat: (seat) => sampleSeatConfig(seat),
  timeoutAction,
  view: (s, viewer) => viewOf(s, viewer),
  views: (s, viewers) => viewsOf(s, viewers),
  outcome: (s): Outcome | null => (s.outcome ? { ranks: [...s.outcome.ranks], reason: s.outcome.reason } : null),
  botAction: (s, seat, rng) => botAction(s, seat, rng),
  catalog: () => resonanceCatalog(),
  describe: (s, seat, action) => describeAction(s, seat, action),
  refs: (s, seat, action) => actionRefs(s, seat, action),
  confirm: (s, seat, action) => actionConfirm(s, seat, action),
  protocol: () => protocol,
  presets: () =>
    Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => {
        const seat = sampleSeatConfig(i) as SeatConfig;
        return [[seat.primary, ...seat.secondary].map((c) => COLOR_NAMES[c]!.toLowerCase()).join("-"), seat];
      }),
    ),
});

export default resonanceEngine;
