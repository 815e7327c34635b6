/**
 * The SolRei catalog covers every id a client meets, and describe() labels every legal action.
 *
 * Over GAMES (32: all 16 Muse pairings twice; env CATALOG_GAMES) seeded random Shows of 2 seats, at the
 * set-up and after every step: view(0), view(1), view(null), the step's events, and every
 * legal action of every actor. Each id must have a catalog entry (non-empty name and text)
 * in the section of its kind. Which fields are ids, and of which kind (docs/solrei.md):
 *
 *   view      stage→stage · window.timing→timing · acts[].reason, outcome.reason→outcome ·
 *             stack[].source→source* · stack[].card→muse|advantage|art (by its source) ·
 *             stack[].name, resolving[].name→display · prompt.kind→prompt ·
 *             prompt.purpose→purpose · players[].muse→muse · .advantage→advantage ·
 *             .position→position · .arts[].id→art · .arts[].state→art_state ·
 *             .discard[], .damage[].card, .actionCard→card · .damage[].state→damage_state ·
 *             .mulligan→mulligan_state · .used[]→source · you.muse/advantage/arts[] →
 *             muse/advantage/art · you.hand[], .placed, .checking[]→card · keys of you.rei→suit ·
 *             you.prompt.options[]→choice*
 *   events    type→event · card, cards[], out, in→card (activated/triggered: card→muse|advantage|art)
 *             · art→art · suit→suit · source→source* · from→zone · where→ref · keyword→keyword ·
 *             choice→choice · timing→timing · act_over.reason→outcome · block.by→block_by ·
 *             other why/by/name/reason→display
 *   actions   type→action · place.card, take.card→card · activate.source→source ·
 *             rei.source, block.source, filter.sources[]→ref* · take.from→zone · select.choice→choice*
 *   not ids   seats, counts and numbers (seat, to, slot, index, uid, target, n, amount, count,
 *             total, blocked, dealt, act, round, offense, chooser, winner, wins, ranks, power,
 *             damage, order, handCount, ...), flags (changed, bonus, placed, confirmed...), game.
 *
 *   *  a compound "<prefix>:<rest>" (art:2, dmg:0, h:p0-7S, d:1, top:p1-KH) needs its prefix
 *      in `ref` and its rest, unless a number (slot/index), in `card`; a bare choice is a `card`,
 *      a `source` (muse, advantage) or a `choice` (none, ready, draw, keep).
 *   display: already a display name — a Muse/Advantage/Art's name, or an id of `reason`.
 *
 * A field not in this mapping (a new event field, a new view key) fails the test.
 * Labels: every legal action of every actor gets a non-empty label, unique among that seat's
 * legal actions at that step; describe() never throws; a label never names one of the
 * Rival's face-down Arts. Outcome reasons are snake_case ids.
 */
import { describe, expect, it } from "vitest";
import type { GameEvent } from "../core/engine.ts";
import { envInt } from "../core/positions.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { ARTS } from "./cards.ts";
import { seatsFor } from "./fuzzkit.ts";
import { solreiEngine as E } from "./index.ts";
import type { Action, Seat, State } from "./types.ts";
import type { View } from "./view.ts";

const GAMES = envInt("CATALOG_GAMES", 32);
const CAT = E.catalog!();
const S = CAT.sections;
const SNAKE = /^[a-z0-9]+(_[a-z0-9]+)*$/;
const NAMES = new Set([...Object.values(S.muse), ...Object.values(S.advantage), ...Object.values(S.art)].map((e) => e.name));

const missing = new Map<string, string>(); // "kind id" -> where first seen
const seen = new Map<string, Set<string>>(); // kind -> ids met
const problems: string[] = [];

function need(kind: string, id: unknown, where: string): void {
  if (id === null || id === undefined) return;
  if (typeof id !== "string") {
    problems.push(`${where}: ${kind} id is not a string: ${JSON.stringify(id)}`);
    return;
  }
  if (!seen.has(kind)) seen.set(kind, new Set());
  seen.get(kind)!.add(id);
  const e = S[kind]?.[id];
  if (!e?.name || !e.text) missing.set(`${kind} ${id}`, missing.get(`${kind} ${id}`) ?? where);
}
function needAll(kind: string, ids: unknown, where: string): void {
  for (const id of ids as unknown[]) need(kind, id, where);
}
/** A compound "<prefix>:<rest>" or a bare id among `bare` kinds (first that has it, else the last). */
function compound(v: string, where: string, bare: string[]): void {
  const i = v.indexOf(":");
  if (i >= 0) {
    need("ref", v.slice(0, i), where);
    const rest = v.slice(i + 1);
    if (!/^\d+$/.test(rest)) need("card", rest, where);
    return;
  }
  need(bare.find((k) => S[k]?.[v]) ?? bare[bare.length - 1], v, where);
}
function display(v: unknown, where: string): void {
  if (typeof v !== "string" || !v) return void problems.push(`${where}: display name ${JSON.stringify(v)}`);
  if (NAMES.has(v)) return;
  need("reason", v, where);
}
function noExtraKeys(o: object, keys: string, where: string): void {
  const known = new Set(keys.split(" "));
  for (const k of Object.keys(o)) if (!known.has(k)) problems.push(`${where}: unclassified field ${k}`);
}

const VIEW_KEYS = "game act round wins acts chooser offense stage window stack resolving revealed showdown prompt actors players outcome you";
const PLAYER_KEYS =
  "seat muse advantage position arts handCount deckCount discard damage cultivatedCount checkingCount placed confirmed actionCard power powerBonus incoming canGainDamage grappled mulligan used";
const YOU_KEYS = "seat muse advantage arts hand placed rei checking prompt";
const SOURCE_KIND: Record<string, string> = { muse: "muse", advantage: "advantage", art: "art" };

function viewIds(v: View, w: string): void {
  noExtraKeys(v, VIEW_KEYS, w);
  need("stage", v.stage, `${w}.stage`);
  if (v.window) need("timing", v.window.timing, `${w}.window.timing`);
  for (const a of v.acts) need("outcome", a.reason, `${w}.acts[].reason`);
  for (const x of v.stack) {
    compound(x.source, `${w}.stack[].source`, ["source"]);
    need(SOURCE_KIND[x.source.split(":")[0]] ?? "art", x.card, `${w}.stack[].card`);
    display(x.name, `${w}.stack[].name`);
  }
  for (const x of v.resolving) display(x.name, `${w}.resolving[].name`);
  if (v.prompt) {
    need("prompt", v.prompt.kind, `${w}.prompt.kind`);
    need("purpose", v.prompt.purpose, `${w}.prompt.purpose`);
  }
  for (const p of v.players) {
    noExtraKeys(p, PLAYER_KEYS, `${w}.players[]`);
    need("muse", p.muse, `${w}.players[].muse`);
    need("advantage", p.advantage, `${w}.players[].advantage`);
    need("position", p.position, `${w}.players[].position`);
    for (const a of p.arts) {
      need("art", a.id, `${w}.players[].arts[].id`);
      need("art_state", a.state, `${w}.players[].arts[].state`);
    }
    needAll("card", p.discard, `${w}.players[].discard`);
    for (const d of p.damage) {
      need("card", d.card, `${w}.players[].damage[].card`);
      need("damage_state", d.state, `${w}.players[].damage[].state`);
    }
    need("card", p.actionCard, `${w}.players[].actionCard`);
    need("mulligan_state", p.mulligan, `${w}.players[].mulligan`);
    needAll("source", p.used, `${w}.players[].used`);
  }
  if (v.outcome) need("outcome", v.outcome.reason, `${w}.outcome.reason`);
  const y = v.you;
  if (y) {
    noExtraKeys(y, YOU_KEYS, `${w}.you`);
    need("muse", y.muse, `${w}.you.muse`);
    need("advantage", y.advantage, `${w}.you.advantage`);
    needAll("art", y.arts, `${w}.you.arts`);
    needAll("card", y.hand, `${w}.you.hand`);
    need("card", y.placed, `${w}.you.placed`);
    needAll("suit", Object.keys(y.rei), `${w}.you.rei`);
    needAll("card", y.checking, `${w}.you.checking`);
    if (y.prompt) {
      need("prompt", y.prompt.kind, `${w}.you.prompt.kind`);
      need("purpose", y.prompt.purpose, `${w}.you.prompt.purpose`);
      for (const o of y.prompt.options) compound(o, `${w}.you.prompt.options`, ["card", "source", "choice"]);
    }
  }
}

/** Event fields that are not ids: seats, counts, numbers and flags. */
const NOT_IDS = new Set("seat to slot index uid target n amount count total blocked dealt act round offense chooser winner wins ranks power damage order changed bonus".split(" "));

function eventIds(e: GameEvent): void {
  const w = `event ${e.type}`;
  need("event", e.type, w);
  for (const [k, v] of Object.entries(e)) {
    if (k === "type") continue;
    const f = `${w}.${k}`;
    if (NOT_IDS.has(k)) {
      const ok = (x: unknown) => x === null || typeof x === "number" || typeof x === "boolean";
      if (!(ok(v) || (Array.isArray(v) && v.every(ok)))) problems.push(`${f}: expected a number, got ${JSON.stringify(v)}`);
      continue;
    }
    switch (k) {
      case "card":
        if (e.type === "activated" || e.type === "triggered") need(SOURCE_KIND[String(e.source).split(":")[0]] ?? "art", v, f);
        else need("card", v, f);
        break;
      case "cards":
        needAll("card", v, f);
        break;
      case "out":
      case "in":
        need("card", v, f);
        break;
      case "art":
        need("art", v, f);
        break;
      case "suit":
        need("suit", v, f);
        break;
      case "source":
        compound(String(v), f, ["source"]);
        break;
      case "from":
        need("zone", v, f);
        break;
      case "where":
        need("ref", v, f);
        break;
      case "keyword":
        need("keyword", v, f);
        break;
      case "choice":
        need("choice", v, f);
        break;
      case "timing":
        need("timing", v, f);
        break;
      case "reason":
        if (e.type === "act_over") need("outcome", v, f);
        else display(v, f);
        break;
      case "by":
        if (e.type === "block") need("block_by", v, f);
        else display(v, f);
        break;
      case "why":
      case "name":
        display(v, f);
        break;
      default:
        problems.push(`${f}: unclassified event field`);
    }
  }
}

function actionIds(a: Action, w: string): void {
  need("action", a.type, w);
  switch (a.type) {
    case "place":
      need("card", a.card, `${w}.card`);
      break;
    case "activate":
      need("source", a.source, `${w}.source`);
      break;
    case "rei":
    case "block":
      compound(a.source, `${w}.source`, ["ref"]);
      break;
    case "filter":
      for (const x of a.sources) compound(x, `${w}.sources`, ["ref"]);
      break;
    case "take":
      need("zone", a.from, `${w}.from`);
      if (a.from === "hand") need("card", a.card, `${w}.card`);
      break;
    case "select":
      compound(a.choice, `${w}.choice`, ["card", "source", "choice"]);
      break;
    default:
      break;
  }
}

let labelChecks = 0;
function labels(s: State, where: string): void {
  for (const seat of [0, 1] as Seat[]) {
    const legal = E.legal(s, seat);
    const hiddenArts = s.players[1 - seat].arts
      .filter((a) => a.state === "down")
      .map((a) => ARTS[a.id].name)
      .filter((n) => !s.players[seat].arts.some((m) => ARTS[m.id].name === n));
    const seenLabels = new Map<string, string>();
    for (const a of legal) {
      actionIds(a, `${where} action ${a.type}`);
      let label = "";
      try {
        label = E.describe!(s, seat, a);
      } catch (err) {
        problems.push(`${where}: describe threw for ${JSON.stringify(a)}: ${String(err)}`);
        continue;
      }
      labelChecks++;
      if (typeof label !== "string" || label.trim() === "") problems.push(`${where}: empty label for ${JSON.stringify(a)}`);
      const dup = seenLabels.get(label);
      if (dup !== undefined) problems.push(`${where}: seat ${seat}: "${label}" labels both ${dup} and ${JSON.stringify(a)}`);
      seenLabels.set(label, JSON.stringify(a));
      for (const n of hiddenArts) if (label.includes(n)) problems.push(`${where}: seat ${seat}'s label "${label}" names the Rival's face-down ${n}`);
    }
  }
}

function position(s: State, events: readonly GameEvent[], where: string): void {
  for (const viewer of [0, 1, null] as const) viewIds(E.view(s, viewer), `${where} view(${viewer})`);
  for (const e of events) eventIds(e);
  labels(s, where);
  const out = E.outcome(s);
  if (out) need("outcome", out.reason, `${where} outcome()`);
}

describe("SolRei catalog and labels", () => {
  it("catalog entries are well formed (kind, name, text, keywords listed)", () => {
    for (const [kind, entries] of Object.entries(S)) {
      for (const [id, e] of Object.entries(entries)) {
        expect(e.id, `${kind} ${id}`).toBe(id);
        expect(e.kind, `${kind} ${id}`).toBe(kind);
        expect(e.name.trim(), `${kind} ${id} name`).not.toBe("");
        expect(e.text.trim(), `${kind} ${id} text`).not.toBe("");
        for (const k of e.keywords ?? []) expect(S.keyword[k], `${kind} ${id} keyword ${k}`).toBeDefined();
      }
    }
    expect(Object.keys(S.card)).toHaveLength(104);
    for (const id of Object.keys(S.outcome)) expect(id, "outcome reasons are snake_case ids").toMatch(SNAKE);
  });

  it(`over ${GAMES} random Shows (2 seats): every id in views, events and legal actions is in the catalog; every legal action has a unique label`, { timeout: 120_000 }, () => {
    const outcomeReasons = new Set<string>();
    for (let i = 0; i < GAMES; i++) {
      const seed = `catalog-${i}`;
      const seats = seatsFor(i);
      const cfg = E.parseConfig({});
      const first = E.setup(
        cfg,
        seats.map((x) => E.parseSeatConfig(x, cfg)),
        seed,
      );
      position(first, [], `${seed} setup`);
      const r = playRandomGame(E, {}, seats, seed, {
        onStep: (state, info) => position(state as State, info.events, `${seed} step ${info.step}`),
      });
      outcomeReasons.add(r.outcome.reason);
      for (const a of (r.state as State).acts) outcomeReasons.add(a.reason);
    }
    if (process.env.CATALOG_DEBUG) {
      // Which ids the Shows met, and which catalog entries they never met.
      for (const [k, ids] of seen) console.log(k, ids.size, [...ids].slice(0, 12).join(" "));
      for (const [k, es] of Object.entries(S))
        console.log(
          "unseen",
          k,
          Object.keys(es)
            .filter((id) => !seen.get(k)?.has(id))
            .join(" "),
        );
    }
    expect(problems.slice(0, 20)).toEqual([]);
    expect([...missing].map(([k, w]) => `${k} (first at ${w})`).slice(0, 40)).toEqual([]);
    expect([...outcomeReasons].filter((r) => !SNAKE.test(r))).toEqual([]);
    expect(labelChecks).toBeGreaterThan(1000 * GAMES);
    // The self-play really met the id kinds it checks.
    for (const kind of ["card", "muse", "advantage", "art", "stage", "timing", "prompt", "purpose", "event", "outcome", "action", "ref", "source"]) {
      expect(seen.get(kind)?.size ?? 0, `ids of kind ${kind} met`).toBeGreaterThan(0);
    }
  });
});
