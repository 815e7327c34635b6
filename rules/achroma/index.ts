/**
 * Achroma (Canvas rules 2.1.0) rules engine, 2-6 players. Pure and deterministic; see RULINGS.md.
 */
import { actionParser, defineEngine, playersConfig, issueLines } from "../core/defineEngine.ts";
import { z } from "zod";
import type { Outcome } from "../core/engine.ts";
import { RuleError } from "../core/errors.ts";
import { pick, randInt, type HasRng } from "../core/rng.ts";
import { CARDS, PALETTES } from "./cards.ts";
import { actors, applyAction, defOf, deployCost, legalActions, setupState } from "./engine.ts";
import type { Action, Config, Seat, SeatConfig, State } from "./types.ts";
import { viewOf, viewsOf, type View } from "./view.ts";
import { achromaCatalog } from "./catalogEntries.ts";
import { describeAction } from "./describe.ts";
import { forcedAction, achromaPassStops } from "./forced.ts";
import { actionConfirm, actionRefs } from "./refs.ts";
import { ACTION_SCHEMAS, protocol } from "./protocol.ts";

export * from "./types.ts";
export type { View, PlayerView, UnitView, CardView } from "./view.ts";
export { CARDS, PALETTES } from "./cards.ts";
export { ACTION_SCHEMAS, ActionSchema, EventSchema, OUTCOME_REASONS, type OutcomeReason, type AchromaEvent } from "./protocol.ts";

export const parseConfig: (input: unknown) => Config = playersConfig("Achroma", 2, 6);

const SeatConfigSchema = z.object({ palette: z.array(z.string()) }).strict();

export const PALETTE_SIZE = 30;

/** Validates a Palette; throws bad_seat_config listing every broken rule, one per line. */
export function parseSeatConfig(input: unknown, _config?: Config): SeatConfig {
  const r = SeatConfigSchema.safeParse(input);
  if (!r.success) throw new RuleError("bad_seat_config", issueLines(r.error.issues, "seat config").join("\n"));
  const ids = r.data.palette;
  const errors: string[] = [];
  if (ids.length !== PALETTE_SIZE) errors.push(`a Palette has exactly ${PALETTE_SIZE} cards, got ${ids.length}`);
  const unknown = [...new Set(ids.filter((id) => !Object.hasOwn(CARDS, id)))];
  if (unknown.length) errors.push(`unknown cards: ${unknown.join(", ")}`);
  const known = ids.filter((id) => Object.hasOwn(CARDS, id));
  const counts = new Map<string, number>();
  for (const id of known) counts.set(id, (counts.get(id) ?? 0) + 1);
  const legendaries = known.filter((id) => CARDS[id].rarity === "legendary").length;
  if (legendaries > 1) errors.push(`at most 1 Legendary card, got ${legendaries}`);
  const rares = known.filter((id) => CARDS[id].rarity === "rare").length;
  if (rares > 4) errors.push(`at most 4 Rare cards, got ${rares}`);
  const dupRares = [...counts].filter(([id, n]) => CARDS[id].rarity === "rare" && n > 1).map(([id]) => id);
  if (dupRares.length) errors.push(`at most 1 of each Rare card: ${dupRares.join(", ")}`);
  const over = [...counts].filter(([id, n]) => (CARDS[id].rarity === "common" || CARDS[id].rarity === "uncommon") && n > 2).map(([id]) => id);
  if (over.length) errors.push(`at most 2 of each Common/Uncommon card: ${over.join(", ")}`);
  const realms = [...new Set(known.map((id) => CARDS[id].realm).filter((x) => x !== null))];
  if (realms.length > 1) errors.push(`all cards must share one Realm (plus Realmless cards), got ${realms.join(", ")}`);
  if (errors.length) throw new RuleError("bad_seat_config", errors.join("\n"));
  return { palette: [...ids] };
}

/** A legal pre-constructed Palette for a seat (cycling through the four). */
export function samplePalette(seat: number): SeatConfig {
  const names = Object.keys(PALETTES);
  return { palette: [...PALETTES[names[((seat % names.length) + names.length) % names.length]]] };
}

/** Checks one action against its type's schema (ACTION_SCHEMAS, in protocol.ts). */
export const parseAction = actionParser<Action>("Achroma", ACTION_SCHEMAS);

/** R11: what the room applies when a seat's timer runs out. */
export function timeoutAction(s: State, seat: number): Action | null {
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  const find = (t: string) => legal.find((a) => a.type === t);
  if (s.phase === "mulligan") return { type: "keep" };
  if (s.prompt?.kind === "prevent") return { type: "prevent", amount: s.prompt.max };
  if (s.prompt?.kind === "react") return { type: "react", option: "pass" };
  if (s.prompt?.kind === "choose" && s.prompt.optional) return { type: "choose", option: "pass" };
  if (s.prompt) return legal[0];
  return find("draw") ?? find("skip") ?? find("trade") ?? find("proceed") ?? find("pass_turn") ?? legal[0];
}

/** A random bot biased towards progress, so random games end. */
export function botAction(s: State, seat: number, rng: HasRng): Action {
  // R3: paying the bank down to 0 is legal but puts the payer out; the bot does it only when nothing else is possible.
  const bank = s.players[seat].bank;
  const cost = (a: Action): number =>
    a.type === "deploy"
      ? deployCost(s, seat, a.card, a.target)
      : a.type === "mount" && s.players[seat].hand.includes(a.rider)
        ? deployCost(s, seat, a.rider)
        : a.type === "activate"
          ? (defOf(s, a.card).paid?.cost ?? 0)
          : a.type === "choose" && s.prompt?.kind === "research" && !s.prompt.ordering && a.option !== "done"
            ? 1
            : 0;
  const all = legalActions(s, seat);
  const safe = all.filter((a) => cost(a) < bank);
  const legal = safe.length > 0 ? safe : all;
  if (s.phase === "mulligan" || s.prompt) return pick(rng, legal);
  const chance = (x: number) => randInt(rng, 0, 999) < x * 1000;
  const of = (t: string) => legal.filter((a) => a.type === t);
  const resolves = [...of("resolve"), ...of("resolve_given")];
  if (resolves.length) return pick(rng, resolves);
  const disposes = of("dispose");
  if (disposes.length && chance(0.05)) return pick(rng, disposes);
  const deploys = of("deploy");
  if (s.phase === "start" || s.phase === "end") {
    const unveils = of("unveil");
    if (unveils.length && chance(0.7)) return pick(rng, unveils);
    if (deploys.length && chance(0.1)) return pick(rng, deploys);
    const draws = [...of("draw"), ...of("skip")];
    if (draws.length && chance(0.7)) return draws[0];
    return pick(rng, [...draws, ...of("trade")]);
  }
  if (s.phase === "main") {
    if (deploys.length && chance(0.6)) return pick(rng, deploys);
    const extras = [...of("activate"), ...of("menagerie"), ...of("mount")];
    if (extras.length && chance(0.4)) return pick(rng, extras);
    const hunts = of("hunt");
    if (hunts.length && chance(0.5)) return pick(rng, hunts);
    const attacks = of("attack");
    if (attacks.length && chance(0.6)) return pick(rng, attacks);
  }
  if (s.phase === "post" && deploys.length && chance(0.1)) return pick(rng, deploys);
  return legal.find((a) => a.type === "proceed" || a.type === "pass_turn") ?? pick(rng, legal);
}

export const achromaEngine = defineEngine<Config, SeatConfig, State, Action, View>({
  game: "achroma",
  version: "0.5.0",
  parseConfig,
  seatCount: (c) => c.players,
  parseSeatConfig,
  setup: setupState,
  parseAction,
  actors,
  legal: (s, seat) => legalActions(s, seat as Seat),
  forced: (s, seat) => forcedAction(s, seat as Seat),
  passStops: achromaPassStops,
  apply: (s, seat, action) => applyAction(s, seat as Seat, action),
  sampleSeat: (seat) => samplePalette(seat),
  timeoutAction,
  view: (s, viewer) => viewOf(s, viewer),
  views: (s, viewers) => viewsOf(s, viewers),
  outcome: (s): Outcome | null => (s.outcome ? { ranks: [...s.outcome.ranks], reason: s.outcome.reason } : null),
  botAction: (s, seat, rng) => botAction(s, seat, rng),
  presets: () => Object.fromEntries(Object.entries(PALETTES).map(([name, palette]) => [name, { palette: [...palette] }])),
  catalog: () => achromaCatalog(),
  describe: (s, seat, action) => describeAction(s, seat as Seat, action),
  refs: (s, seat, action) => actionRefs(s, seat as Seat, action),
  confirm: (s, seat, action) => actionConfirm(s, seat as Seat, action),
  protocol: () => protocol,
});

export default achromaEngine;
