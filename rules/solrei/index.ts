/**
 * SolRei (Arcade Mode) rules engine. Pure and deterministic; see RULINGS.md.
 */
import { actionParser, defineEngine, issueLines } from "../core/defineEngine.ts";
import { z } from "zod";
import type { Outcome } from "../core/engine.ts";
import { RuleError } from "../core/errors.ts";
import { pick, randInt, type HasRng } from "../core/rng.ts";
import { ADVANTAGES, ARTS, MUSES, SUITS, meetsRequirements, serialLetters, type Suit } from "./cards.ts";
import { activationBlocker, actors, allSources, applyAction, canActivate, legalActions, payRei, reiSources, selectOptions, setupState, sourceInfo, cardSuit, attackPower } from "./engine.ts";
import type { Action, Config, Seat, SeatConfig, State } from "./types.ts";
import { viewOf, viewsOf, type View } from "./view.ts";
import { solreiCatalog } from "./catalogEntries.ts";
import { describeAction } from "./describe.ts";
import { forcedAction, solreiPassStops } from "./forced.ts";
import { actionRefs } from "./refs.ts";
import { ACTION_SCHEMAS } from "./actionSchemas.ts";
import { protocol } from "./protocol.ts";

export * from "./types.ts";
export type { View, PlayerView, YouView, PromptView, ArtView } from "./view.ts";
export { MUSES, ADVANTAGES, ARTS } from "./cards.ts";

// ---------------------------------------------------------------- config

const ConfigSchema = z
  .object({
    mode: z.literal("arcade").optional(),
    format: z.enum(["arcade", "open"]).optional(),
  })
  .strict();

export function parseConfig(input: unknown): Config {
  const r = ConfigSchema.safeParse(input ?? {});
  if (!r.success) {
    throw new RuleError("bad_config", `SolRei config must be {} or { mode: "arcade" } (optionally format "arcade" | "open"): ${r.error.issues.map((i) => i.message).join("; ")}`);
  }
  return { format: r.data.format ?? "arcade" };
}

const SeatConfigSchema = z
  .object({
    muse: z.string(),
    advantage: z.string().optional(),
    arts: z.array(z.string()).optional(),
  })
  .strict();

/** The Arcade Mode default set-up of a Muse (serials sharing its letters). */
export function defaultSetUp(museId: string): SeatConfig {
  const m = MUSES[museId];
  return { muse: m.id, advantage: m.defaultAdvantage, arts: [...m.defaultArts] };
}

/** Validates a set-up; throws bad_seat_config listing every broken rule, one per line. */
export function parseSeatConfig(input: unknown, config: Config): SeatConfig {
  const r = SeatConfigSchema.safeParse(input);
  if (!r.success) {
    throw new RuleError("bad_seat_config", issueLines(r.error.issues, "seat config").join("\n"));
  }
  const { muse: museId, advantage, arts } = r.data;
  const errors: string[] = [];
  const muse = MUSES[museId];
  if (!muse) errors.push(`unknown muse "${museId}" (known: ${Object.keys(MUSES).join(", ")})`);
  if (advantage === undefined && arts === undefined) {
    if (errors.length) throw new RuleError("bad_seat_config", errors.join("\n"));
    return defaultSetUp(museId);
  }
  if (advantage === undefined) errors.push("a custom set-up needs an advantage");
  if (arts === undefined) errors.push("a custom set-up needs exactly 4 arts");
  const adv = advantage !== undefined ? ADVANTAGES[advantage] : undefined;
  if (advantage !== undefined && !adv) errors.push(`unknown advantage "${advantage}"`);
  const artList = arts ?? [];
  if (arts !== undefined && artList.length !== 4) errors.push(`exactly 4 arts are needed, got ${artList.length}`);
  const names = new Map<string, string>();
  for (const id of artList) {
    const art = ARTS[id];
    if (!art) {
      errors.push(`unknown art "${id}"`);
      continue;
    }
    const prev = names.get(art.name);
    if (prev !== undefined) errors.push(`arts "${prev}" and "${id}" share the name "${art.name}"`);
    else names.set(art.name, id);
    if (muse && art.signature && art.signature !== muse.id) {
      errors.push(`art "${id}" is a SIGNATURE MOVE of ${MUSES[art.signature].name}, not of ${muse.name}`);
    }
  }
  if (muse && adv && !meetsRequirements(muse, adv.requires)) {
    const req = [...(adv.requires.skills ?? []).map((s) => `Skill:${s}`), ...(adv.requires.type ? [`TYPE-${adv.requires.type}`] : [])];
    errors.push(`advantage "${adv.id}" requires ${req.join(" and ")}, which ${muse.name} lacks`);
  }
  if (config.format === "arcade" && muse) {
    const letters = serialLetters(muse.serial);
    if (adv && serialLetters(adv.serial) !== letters) {
      errors.push(`Arcade Mode: advantage "${adv.id}" (${adv.serial}) is not in ${muse.name}'s default set-up (serial ${letters})`);
    }
    for (const id of artList) {
      const art = ARTS[id];
      if (art && serialLetters(art.serial) !== letters) {
        errors.push(`Arcade Mode: art "${id}" (${art.serial}) is not in ${muse.name}'s default set-up (serial ${letters})`);
      }
    }
  }
  if (errors.length) throw new RuleError("bad_seat_config", errors.join("\n"));
  return { muse: museId, advantage: advantage!, arts: [...artList] };
}

/** Join options for bots and tests: a different Muse per seat (cycling through all four). */
export function sampleSeatConfig(seat: number): unknown {
  const ids = Object.keys(MUSES);
  return { muse: ids[((seat % ids.length) + ids.length) % ids.length] };
}

// ---------------------------------------------------------------- actions

export { ACTION_SCHEMAS };

export const parseAction = actionParser<Action>("SolRei", ACTION_SCHEMAS);

// ---------------------------------------------------------------- timeouts and bot

/** The default for a seat whose timer ran out (R14). */
export function timeoutAction(s: State, seat: number): Action | null {
  if (!actors(s).includes(seat as Seat)) return null;
  const pr = s.prompt;
  const p = s.players[seat];
  if (pr) {
    switch (pr.kind) {
      case "choose_first":
        return { type: "choose_first", seat: seat as Seat };
      case "mulligan":
        return { type: "keep" };
      case "open": {
        if (p.placed !== null) return { type: "confirm" };
        const lowest = [...p.hand].sort((a, b) => rankOrder(a) - rankOrder(b) || a.localeCompare(b))[0];
        return { type: "place", card: lowest };
      }
      case "damage":
        return { type: "take", from: "deck" };
      case "select": {
        const options = selectOptions(s);
        if (pr.purpose === "sor_ready") return { type: "select", choice: "none" };
        if (pr.purpose === "charge_choice") return { type: "select", choice: "draw" };
        return { type: "select", choice: options[0] };
      }
    }
  }
  return { type: "pass" };
}

function rankOrder(card: string): number {
  const p = attackPower(card);
  return p ?? 11;
}

/** A random bot that prefers finishing decisions, so random Shows end in reasonable time. */
export function botAction(s: State, seat: number, rng: HasRng): Action {
  const me = seat as Seat;
  const p = s.players[me];
  const pr = s.prompt;
  const chance = (x: number) => randInt(rng, 0, 999) < x * 1000;
  if (pr) {
    if (pr.kind === "open") {
      if (p.placed !== null && (p.hand.length === 0 || chance(0.85))) return { type: "confirm" };
      return { type: "place", card: pick(rng, p.hand) };
    }
    if (pr.kind === "mulligan") return chance(0.2) ? { type: "mulligan" } : { type: "keep" };
    return pick(rng, legalActions(s, me));
  }
  // An ability window where we hold priority.
  const activatable = allSources(p).filter((src) => canActivate(s, me, src));
  if (activatable.length > 0 && chance(0.85)) {
    const src = pick(rng, activatable);
    return src.startsWith("art:") ? { type: "activate", source: "art", slot: Number(src.slice(4)) } : { type: "activate", source: src as "muse" | "advantage" };
  }
  // Work towards paying for something usable now.
  const timing = s.window!.timing;
  const wanted = allSources(p).filter((src) => activationBlocker(s, me, src, timing) === null);
  if (wanted.length > 0 && chance(0.35)) {
    const target = sourceInfo(p, pick(rng, wanted))!.ability.cost;
    // Keep two cards in hand for the OPEN phase.
    const sources = reiSources(p).filter((src) => !src.startsWith("h:") || p.hand.length > 2);
    const useful = sources.filter((src) => {
      const suit = suitOfSource(p, src);
      const pool = { ...p.rei, [suit]: p.rei[suit] + 1 };
      return reiDeficit(pool, target) < reiDeficit(p.rei, target);
    });
    if (useful.length > 0) return { type: "rei", source: pick(rng, useful) };
    if (sources.length >= 2 && chance(0.5)) {
      const a = pick(rng, sources);
      const b = pick(
        rng,
        sources.filter((x) => x !== a),
      );
      // in legal() order, so the same decision has one spelling
      return { type: "filter", sources: sources.indexOf(a) < sources.indexOf(b) ? [a, b] : [b, a] };
    }
  }
  return { type: "pass" };
}

function suitOfSource(p: State["players"][number], src: string): Suit {
  return src.startsWith("h:") ? cardSuit(src.slice(2)) : cardSuit(p.damage[Number(src.slice(2))].card);
}

/** How many Rei are missing to pay `cost` (0: affordable). */
function reiDeficit(pool: Record<Suit, number>, cost: Parameters<typeof payRei>[1]): number {
  if (payRei(pool, cost) !== null) return 0;
  const total = SUITS.reduce((n, s) => n + (cost[s] ?? 0), 0) + (cost.red ?? 0) + (cost.black ?? 0) + (cost.any ?? 0) + (cost.spend ?? 0);
  let covered = 0;
  const p = { ...pool };
  for (const s of SUITS) {
    const use = Math.min(p[s], cost[s] ?? 0);
    covered += use;
    p[s] -= use;
  }
  const red = Math.min(p.H + p.D, cost.red ?? 0);
  covered += red;
  let r = red;
  while (r > 0) {
    if (p.H >= p.D && p.H > 0) p.H--;
    else p.D--;
    r--;
  }
  const black = Math.min(p.S + p.C, cost.black ?? 0);
  covered += black;
  let b = black;
  while (b > 0) {
    if (p.S >= p.C && p.S > 0) p.S--;
    else p.C--;
    b--;
  }
  covered += Math.min(p.S + p.H + p.D + p.C, (cost.any ?? 0) + (cost.spend ?? 0));
  return total - covered;
}

// ---------------------------------------------------------------- the engine

export const solreiEngine = defineEngine<Config, SeatConfig, State, Action, View>({
  game: "solrei",
  version: "1.2.0",
  parseConfig,
  seatCount: () => 2,
  parseSeatConfig,
  setup: setupState,
  parseAction,
  actors,
  legal: (s, seat) => legalActions(s, seat as Seat),
  forced: (s, seat) => forcedAction(s, seat as Seat),
  passStops: solreiPassStops,
  apply: (s, seat, action) => applyAction(s, seat as Seat, action),
  sampleSeat: (seat) => sampleSeatConfig(seat),
  timeoutAction,
  view: (s, viewer) => viewOf(s, viewer as Seat | null),
  views: (s, viewers) => viewsOf(s, viewers as readonly (Seat | null)[]),
  outcome: (s): Outcome | null => (s.outcome ? { ranks: [...s.outcome.ranks], reason: s.outcome.reason } : null),
  botAction: (s, seat, rng) => botAction(s, seat, rng),
  presets: () => Object.fromEntries(Object.keys(MUSES).map((id) => [id, defaultSetUp(id)])),
  catalog: () => solreiCatalog(),
  describe: (s, seat, action) => describeAction(s, seat as Seat, action),
  refs: (s, seat, action) => actionRefs(s, seat as Seat, action),
  protocol: () => protocol,
});

export default solreiEngine;
