/**
 * Achroma catalog and describe(): over seeded random self-play games (2, 3, 4 and 6 players),
 * every id a client meets in view(seat) for every seat and view(null), in every event it may see,
 * and in every legal action must have a catalog entry with a name and text; every legal action
 * of every actor gets a non-empty label, unique among that seat's legal actions, and describe
 * never throws.
 *
 * WHICH FIELDS ARE IDS (one extractor per field; docs/achroma.md says the same to clients):
 *  - kind "card" (definition ids, CARDS keys): CardView.def, UnitView.copy, lastReveal.defs[],
 *    the options of a choose prompt whose step is "find", and the events' `def` / `defs[]` /
 *    unveil `cards[].def`.
 *  - card INSTANCE ids ("p<seat>c<i>"): CardView.uid, combat.attacker/defender, hunts[].hunter/target,
 *    the card fields of actions (card, target, attacker, defender, hunter, rider, steed, keeper),
 *    the other choose/research/order options, "<reaction>:<uid>" react options, and the event
 *    fields listed in EVENT_FIELDS. An instance resolves to a card id by the documented mapping:
 *    p<s>c<i> is entry i of seat s's Palette as sent at join (so a seat knows its own), and every
 *    face-up card a view shows is a CardView {uid, def}; events that move a card carry `def` beside
 *    `card` (except "copy", whose `def` is the copied card's). A client keeps that uid -> def map
 *    (instance ids never change owner's definition during a match). The test requires, per viewer
 *    and without any history: every instance in a view or a legal action to resolve from that view
 *    alone (plus the seat's own Palette); every instance in an event to resolve from that event's
 *    `def` fields or the view after the step. A per-viewer history checks that no instance is ever
 *    shown with two definitions.
 *  - other kinds: phase (View.phase, step event `phase`, skip event `step`), mulligan
 *    (players[].mulligan), keyword (UnitView.gifts[], give `keyword`), effect (UnitView.given[].kind,
 *    resolve `given`), prompt (prompt.kind), step (prompt.step of choose/research prompts; pass,
 *    fizzle, divert `step`), trigger (prompt.step of react prompts, reaction.trigger), option
 *    ("pass"/"do"/"done"/"canvas" among choose/research options), reaction (react options, before
 *    the ":"), action (action `type`, reaction.action, declare `action`, fizzle `declared`), event
 *    (event `type`), outcome (outcome.reason, game_over `reason`).
 *  - NOT ids: seat numbers (seat, active, first, you, owner, from/target of bank events, winner,
 *    canvas, palette, drain/steal/secret choose options), counts and amounts (bank, turn, shards,
 *    cost, damage, strength, value, prevent amounts, ranks...), booleans.
 */
import { describe, expect, it } from "vitest";
import { lookup } from "../core/catalog.ts";
import { eventsFor, type GameEvent } from "../core/engine.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { seedRng } from "../core/rng.ts";
import { seatsFor } from "./fuzzkit.ts";
import { achromaEngine } from "./index.ts";
import { permuteHidden } from "./testkit.ts";
import type { Action, SeatConfig, State } from "./types.ts";
import type { CardView, UnitView, View } from "./view.ts";

let catalog = achromaEngine.catalog!();
/** Games per player count (env CATALOG_GAMES overrides). */
// A view per viewer per step is the cost (about 1.3 s of CPU per 6-player game): defaults keep the file
// near 20 s on a shared machine; CATALOG_GAMES=30 (say) runs a deeper pass.
const GAMES: Record<number, number> = { 2: 20, 3: 10, 4: 6, 6: 4 };
const gamesFor = (players: number) => Number(process.env.CATALOG_GAMES ?? GAMES[players]);

type Kind = "card" | "instance" | "phase" | "mulligan" | "keyword" | "effect" | "prompt" | "step" | "trigger" | "option" | "reaction" | "action" | "event" | "outcome";
type FieldKind = Kind | "seat" | "count" | "flag" | "seats" | "instances" | "cards" | "unveiled";
/** Every field of every event type, classified. An unlisted type or field fails the test. */
const EVENT_FIELDS: Record<string, Record<string, FieldKind>> = {
  activate: { card: "instance", shards: "count" },
  attack: { attacker: "instance", defender: "instance" },
  claim: { card: "instance", from: "seat" },
  combat: { attacker: "instance", defender: "instance", attackerStrength: "count", defenderStrength: "count" },
  copy: { card: "instance", copies: "instance", def: "card" },
  curse: { card: "instance" },
  damage: { card: "instance", shards: "count", hunt: "instance" },
  declare: { action: "action" },
  defend: { card: "instance", instead: "instance" },
  deferred: { card: "instance", def: "card" },
  deploy: { card: "instance", def: "card", cost: "count", target: "instance", free: "flag", infest: "flag", mount: "instance" },
  dig: { card: "instance", def: "card" },
  dispose: { card: "instance", def: "card", reaction: "flag" },
  divert: { card: "instance", from: "instance", step: "step" },
  drain: { target: "seat", shards: "count", prevented: "count" },
  draw: {},
  drew: { card: "instance", def: "card" },
  erase_trigger: { card: "instance", erased: "instance" },
  erased: { card: "instance", def: "card", owner: "seat" },
  find: {},
  fizzle: { step: "step", frozen: "instance", declared: "action" },
  found: { card: "instance", def: "card" },
  freeze: { card: "instance" },
  gain: { shards: "count", source: "instance" },
  game_over: { winner: "seat", reason: "outcome", ranks: "count" },
  give: { card: "instance", keyword: "keyword" },
  hand: { cards: "instances" },
  hunt: { hunter: "instance", target: "instance" },
  hunt_lost: { hunter: "instance", target: "instance", protection: "flag" },
  keep: {},
  kept: { card: "instance", def: "card" },
  left: {},
  looked: { cards: "instances" },
  menagerie: { card: "instance" },
  mount: { rider: "instance", steed: "instance" },
  mulligan: {},
  pass: { step: "step" },
  pass_turn: {},
  rage: { card: "instance" },
  released: { card: "instance", def: "card", owner: "seat" },
  replace: { card: "instance", def: "card", canvas: "seat" },
  research: { count: "count" },
  research_done: {},
  research_keep: { shards: "count" },
  resolve: { card: "instance", given: "effect" },
  restrain: { card: "instance", def: "card", by: "instance", from: "seat" },
  reveal: { defs: "cards", found: "flag" },
  sacrifice: { card: "instance" },
  secret: { keeper: "instance", palette: "seat" },
  shield_wall: { card: "instance", shards: "count" },
  skip: { step: "phase" },
  splat: { card: "instance", shards: "count" },
  squish: { card: "instance", shards: "count" },
  steal: { target: "seat", shards: "count", prevented: "count" },
  step: { phase: "phase" },
  swap: { card: "instance", with: "instance" },
  trade: { card: "instance", def: "card", shards: "count" },
  turn: { turn: "count" },
  unveil: { keeper: "instance", cards: "unveiled" },
};
const SEATLIKE_OPTION_STEPS = new Set(["drain", "steal", "secret"]);
const CARD_FIELDS_OF_ACTIONS = ["card", "target", "attacker", "defender", "hunter", "rider", "steed", "keeper"] as const;

/** One viewer's knowledge: instance -> definition, fed only by what it saw. */
class Viewer {
  readonly defs = new Map<string, string>();
  constructor(
    readonly seat: number | null,
    palettes: SeatConfig[],
  ) {
    // The documented mapping: p<s>c<i> is entry i of seat s's Palette as sent at join; a seat knows its own.
    if (seat !== null) palettes[seat].palette.forEach((def, i) => this.defs.set(`p${seat}c${i}`, def));
  }
  learn(uid: string, def: string, where: string): void {
    const had = this.defs.get(uid);
    if (had !== undefined && had !== def) throw new Error(`${where}: ${uid} shown as ${def}, known as ${had}`);
    this.defs.set(uid, def);
  }
}

interface Tally {
  checked: Map<Kind, Set<string>>;
  missing: string[];
}
function need(t: Tally, kind: Exclude<Kind, "instance">, id: unknown, where: string): void {
  if (typeof id !== "string") return void t.missing.push(`${where}: ${kind} id is not a string (${JSON.stringify(id)})`);
  const e = catalog.sections[kind]?.[id];
  if (!e?.name.trim() || !e.text.trim() || e.id !== id || e.kind !== kind) t.missing.push(`${where}: no ${kind} "${id}" with a name and text`);
  (t.checked.get(kind) ?? t.checked.set(kind, new Set()).get(kind)!).add(id);
}
function needInstance(t: Tally, v: Viewer, uid: unknown, where: string): void {
  if (typeof uid !== "string" || !/^p[0-5]c\d{1,2}$/.test(uid)) return void t.missing.push(`${where}: not an instance id: ${JSON.stringify(uid)}`);
  const def = v.defs.get(uid);
  if (def === undefined) return void t.missing.push(`${where}: viewer ${v.seat} cannot resolve ${uid}`);
  (t.checked.get("instance") ?? t.checked.set("instance", new Set()).get("instance")!).add(uid);
  need(t, "card", def, `${where} (${uid})`);
}

/** Learns every CardView of the view first (a view explains its own instances), then checks every id field. */
function checkView(t: Tally, v: Viewer, view: View, where: string): void {
  const cards: CardView[] = [];
  const unit = (u: UnitView) => {
    cards.push(u);
    u.objects.forEach(unit);
    if (u.rider) unit(u.rider);
    if (u.parasite) unit(u.parasite);
    cards.push(...u.restrained);
    if (u.copy !== null) need(t, "card", u.copy, `${where} copy`);
    for (const g of u.gifts) need(t, "keyword", g, `${where} gifts`);
    for (const g of u.given) need(t, "effect", g.kind, `${where} given`);
  };
  for (const p of view.players) {
    need(t, "mulligan", p.mulligan, `${where} mulligan`);
    [...p.characters, ...p.locations].forEach(unit);
    cards.push(...p.dregs);
  }
  cards.push(...view.hand, ...view.resolving, ...view.unveiling, ...view.looking, ...view.deferred);
  if (view.reaction?.declared) cards.push(view.reaction.declared);
  for (const c of cards) v.learn(c.uid, c.def, where);
  for (const c of cards) needInstance(t, v, c.uid, `${where} CardView`);
  need(t, "phase", view.phase, `${where} phase`);
  if (view.combat) for (const u of [view.combat.attacker, view.combat.defender]) needInstance(t, v, u, `${where} combat`);
  for (const h of view.hunts) for (const u of [h.hunter, h.target]) needInstance(t, v, u, `${where} hunts`);
  for (const d of view.lastReveal?.defs ?? []) need(t, "card", d, `${where} lastReveal`);
  if (view.reaction) {
    need(t, "trigger", view.reaction.trigger, `${where} reaction.trigger`);
    checkAction(t, v, view.reaction.action, null, `${where} reaction.action`);
  }
  if (view.outcome) need(t, "outcome", view.outcome.reason, `${where} outcome`);
  const pr = view.prompt;
  if (pr) {
    need(t, "prompt", pr.kind, `${where} prompt.kind`);
    if (pr.step !== undefined) need(t, pr.kind === "react" ? "trigger" : "step", pr.step, `${where} prompt.step`);
    for (const o of pr.options ?? []) checkOption(t, v, pr.kind, pr.step, o, `${where} prompt.options`);
  }
}

function checkOption(t: Tally, v: Viewer, kind: string, step: string | undefined, o: string, where: string): void {
  if (kind === "react") {
    if (o === "pass") {
      need(t, "reaction", o, where);
      return;
    }
    const [how, uid] = o.split(":");
    need(t, "reaction", how, where);
    needInstance(t, v, uid, where);
  } else if (kind === "choose" && step === "find") need(t, "card", o, where);
  else if (kind === "choose" && SEATLIKE_OPTION_STEPS.has(step ?? "") && o !== "pass") {
    if (!/^[0-5]$/.test(o)) t.missing.push(`${where}: not a seat: ${o}`);
  } else if (catalog.sections.option[o]) need(t, "option", o, where);
  else needInstance(t, v, o, where);
}

/** `prompt`: the view's prompt when the action answers it (null: a declared action inside reaction.action). */
function checkAction(t: Tally, v: Viewer, a: Action, prompt: View["prompt"], where: string): void {
  need(t, "action", a.type, `${where} type`);
  for (const f of CARD_FIELDS_OF_ACTIONS) {
    const val = (a as Record<string, unknown>)[f];
    if (val !== undefined) needInstance(t, v, val, `${where} ${f}`);
  }
  if ((a.type === "choose" || a.type === "react") && prompt) checkOption(t, v, prompt.kind, prompt.step, a.option, `${where} option`);
}

function checkEvent(t: Tally, v: Viewer, e: GameEvent, where: string): void {
  need(t, "event", e.type, `${where} type`);
  const spec = EVENT_FIELDS[e.type];
  if (!spec) return void t.missing.push(`${where}: event type ${e.type} not classified in EVENT_FIELDS`);
  // Learn first: the event's own (card, def) pairs explain its instances.
  if (e.type !== "copy" && typeof e.card === "string" && typeof e.def === "string") v.learn(e.card, e.def, where);
  if (e.type === "unveil") for (const c of e.cards as { uid: string; def: string }[]) v.learn(c.uid, c.def, where);
  for (const [field, val] of Object.entries(e)) {
    if (field === "type" || field === "seat" || field === "to") continue;
    const k = spec[field];
    const at = `${where} ${e.type}.${field}`;
    if (!k) t.missing.push(`${at}: field not classified in EVENT_FIELDS`);
    else if (k === "instance") needInstance(t, v, val, at);
    else if (k === "instances") for (const u of val as string[]) needInstance(t, v, u, at);
    else if (k === "cards") for (const d of val as string[]) need(t, "card", d, at);
    else if (k === "unveiled")
      for (const c of val as { uid: string; def: string }[]) {
        needInstance(t, v, c.uid, at);
        need(t, "card", c.def, at);
      }
    else if (k === "seat") {
      if (!(val === null || (typeof val === "number" && Number.isInteger(val)))) t.missing.push(`${at}: not a seat: ${JSON.stringify(val)}`);
    } else if (k === "count" || k === "flag" || k === "seats") continue;
    else need(t, k, val, at);
  }
}

function checkLabels(t: Tally, s: State, seat: number, v: Viewer, view: View, where: string, samples: Set<string>): void {
  const legal = achromaEngine.legal(s, seat);
  const labels = legal.map((a) => {
    checkAction(t, v, a, view.prompt, `${where} legal`);
    let l = "";
    try {
      l = achromaEngine.describe!(s, seat, a);
    } catch (err) {
      t.missing.push(`${where}: describe threw for ${JSON.stringify(a)}: ${String(err)}`);
    }
    if (!l.trim()) t.missing.push(`${where}: empty label for ${JSON.stringify(a)}`);
    if (/hidden card|undefined|NaN/.test(l)) t.missing.push(`${where}: bad label "${l}" for ${JSON.stringify(a)}`);
    return l;
  });
  const dup = labels.filter((l, i) => labels.indexOf(l) !== i);
  if (dup.length) t.missing.push(`${where}: labels not unique: ${[...new Set(dup)].join(" | ")}`);
  if (labels.length) samples.add(labels[labels.length - 1]);
}

function playChecked(players: number, i: number, t: Tally, labelSamples: Set<string>): void {
  const seats = seatsFor(players, i) as SeatConfig[];
  const seed = `catalog-${players}-${i}`;
  const viewers = [...Array.from({ length: players }, (_, k) => new Viewer(k, seats)), new Viewer(null, seats)];
  const check = (s: State, events: GameEvent[], step: number) => {
    if (t.missing.length > 20) return; // enough to report
    const actors = achromaEngine.actors(s);
    for (const v of viewers) {
      const where = `${seed} step ${step} viewer ${v.seat}`;
      const view = achromaEngine.view(s, v.seat);
      // A view explains itself: its instances resolve from that view alone (plus the seat's own
      // Palette), as for a client that just (re)connected; then what it showed joins the history.
      const fresh = new Viewer(v.seat, seats);
      checkView(t, fresh, view, where);
      for (const [uid, def] of fresh.defs) v.learn(uid, def, where);
      // An event's instances resolve from the event itself (its `def`) or the view after the step.
      for (const e of eventsFor(events, v.seat)) {
        const alone = new Viewer(v.seat, seats);
        for (const [uid, def] of fresh.defs) alone.learn(uid, def, where);
        checkEvent(t, alone, e, where);
        for (const [uid, def] of alone.defs) v.learn(uid, def, where); // the history stays consistent
      }
      if (v.seat !== null && actors.includes(v.seat)) checkLabels(t, s, v.seat, fresh, view, where, labelSamples);
    }
  };
  const config = achromaEngine.parseConfig({ players });
  check(
    achromaEngine.setup(
      config,
      seats.map((sc) => achromaEngine.parseSeatConfig(sc, config)),
      seed,
    ),
    [],
    0,
  );
  playRandomGame(achromaEngine, { players }, seats, seed, { onStep: (st, info) => check(st as State, info.events, info.step) });
}

describe("achroma catalog", () => {
  it("lists every kind with named, explained entries, cards derived from cards.ts", () => {
    for (const [kind, entries] of Object.entries(catalog.sections))
      for (const [id, e] of Object.entries(entries)) {
        expect(e.id, `${kind}/${id}`).toBe(id);
        expect(e.kind).toBe(kind);
        expect(e.name.trim(), `${kind}/${id} name`).not.toBe("");
        expect(e.text.trim(), `${kind}/${id} text`).not.toBe("");
        for (const k of e.keywords ?? []) expect(catalog.sections.keyword[k], `${kind}/${id} keyword ${k}`).toBeDefined();
      }
    expect(Object.keys(catalog.sections.outcome).sort()).toEqual(["30_shards", "last_player", "turn_limit"]);
    expect(lookup(catalog, "blaze-raider")?.name).toBe("Blaze Raider");
  });

  it('sanity: the check fails when an entry is missing (event "drew", mulligan "kept")', () => {
    const full = catalog;
    const { drew: _d, ...events } = full.sections.event;
    const { kept: _k, ...mulligan } = full.sections.mulligan;
    catalog = { sections: { ...full.sections, event: events, mulligan } };
    try {
      const t: Tally = { checked: new Map(), missing: [] };
      playChecked(2, 0, t, new Set());
      expect(t.missing.some((m) => m.includes('no event "drew"'))).toBe(true);
      expect(t.missing.some((m) => m.includes('no mulligan "kept"'))).toBe(true);
    } finally {
      catalog = full;
    }
  });

  it("labels say nothing hidden: re-dealing what a seat cannot see leaves its labels unchanged", { timeout: 60_000 }, () => {
    const rng = { rng: seedRng("catalog-labels") };
    let compared = 0;
    for (const players of [2, 3, 4])
      for (let i = 0; i < 2; i++)
        playRandomGame(achromaEngine, { players }, seatsFor(players, i), `labels-${players}-${i}`, {
          onStep: (st, info) => {
            if (info.step % 3 !== 0) return;
            const s = st as State;
            for (const seat of achromaEngine.actors(s)) {
              const labels = (x: State) => achromaEngine.legal(x, seat).map((a) => achromaEngine.describe!(x, seat, a));
              expect(labels(permuteHidden(s, seat, rng)), `labels-${players}-${i} step ${info.step} seat ${seat}`).toEqual(labels(s));
              compared++;
            }
          },
        });
    expect(compared).toBeGreaterThan(100);
  });

  for (const players of [2, 3, 4, 6])
    it(
      `every id met in ${gamesFor(players)} seeded ${players}-player games resolves, every legal action has a unique label`,
      () => {
        const t: Tally = { checked: new Map(), missing: [] };
        const samples = new Set<string>();
        for (let i = 0; i < gamesFor(players) && t.missing.length === 0; i++) playChecked(players, i, t, samples);
        expect(t.missing.slice(0, 20)).toEqual([]);
        // The games did exercise the extractors.
        for (const k of ["card", "instance", "phase", "event", "action", "prompt", "outcome"] as const) expect(t.checked.get(k)?.size ?? 0, k).toBeGreaterThan(0);
        if (process.env.CATALOG_VERBOSE) process.stdout.write(`${players}p: ${[...t.checked].map(([k, v]) => `${k} ${v.size}`).join(", ")}\n${[...samples].slice(0, 60).join("\n")}\n`);
      },
      60_000 * (process.env.CATALOG_GAMES ? 20 : 1),
    );
});
