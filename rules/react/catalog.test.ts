/**
 * The Re;ACT catalog covers every id a client meets, and describe() labels every legal action.
 *
 * Over seeded random self-play (GAMES per ordered pair of Artists, 12 pairs; some games use the
 * first-game opening, some a short turn limit so every outcome reason shows up), at every step:
 * the views of both seats and of a spectator, the events of the step, every legal action of
 * every actor and the outcome are read field by field. Each field is either an id (an extractor
 * names its catalog kind) or a plain number/flag; an unknown view key, event type, event field or
 * action field FAILS the test, so a new field must be classified here (and in docs/react.md).
 *
 * The mapping (field -> catalog kind; "#" = a number, not an id):
 *   view.players[].artist -> artist;  .discard[] -> card_copy;  .mpUnplaced[] part p -> masterpiece
 *     `<that player's artist>:<p>`;  damage, handCount, deckCount, ascended #
 *   view.units[].id -> the section named by units[].kind ("artist" | "summon");  .owner, .pos
 *     (zone index), .exhausted, .inked #;  .armament -> direction (or null)
 *   view.tiles[zone].kind -> zone_tile;  .owner #      view.scales[zone], view.blocks[zone] #
 *   view.mpZone[slot] {seat, part} -> masterpiece `<artist of seat>:<part>`
 *   view.chain[]: .def -> card;  .card -> card_copy (source "hand") or card (source "ability");
 *     .source -> source;  .effect e -> effect `<def>:<e>`;  .dir -> direction;  .target (zone),
 *     .seat #;  .name = the effect entry's name
 *   view.prompt.kind -> prompt;  view.outcome.reason -> outcome;  view.you.hand[].id -> card_copy;
 *     view.you.pending[] -> as actions;  turn, turnPlayer, reactor, passes #
 *   action.type -> action;  play: .card -> card_copy ("<def>#<n>") or card;  .effect e -> effect
 *     `<def>:<e>`;  .dir -> direction;  .target (zone) #;  mp_place .part p -> masterpiece
 *     `<actor's artist>:<p>`, .slot #;  mp_swap .a/.b (slots) #;  swap_pick .zone #
 *   event.type -> event;  .card -> card_copy or card;  .unit, swap/swap_failed .a/.b -> artist or
 *     summon;  .dir -> direction;  fizzle .reason -> fizzle;  draw_skipped .reason -> draw_skip;
 *     tile .kind -> zone_tile;  mp_place .part, .replaced -> masterpiece;  start_of_turn /
 *     end_of_turn .name = a passive entry's name;  intention/reaction/resolve .name = the name of
 *     an effect of .card;  seat, to, turn, slot, zone, from, into, target, total, count, mp_swap
 *     .a/.b #
 *   outcome().reason -> outcome
 *
 * Labels: every legal action of every actor gets a non-empty label, unique among that seat's legal
 * actions at that step, describe never throws, and (every few steps) re-dealing what the seat
 * cannot see (testkit.permuteHidden) leaves its labels unchanged.
 * Size: env CATALOG_GAMES (default 10) games per ordered pair.
 */
import { describe, expect, it } from "vitest";
import type { Catalog } from "../core/catalog.ts";
import type { GameEvent } from "../core/engine.ts";
import { envInt } from "../core/positions.ts";
import { pick, seedRng } from "../core/rng.ts";
import { ARTISTS, CARDS } from "./cards.ts";
import { ARTIST_IDS, reactEngine } from "./index.ts";
import { newGameWith, permuteHidden } from "./testkit.ts";
import type { Action, State } from "./types.ts";
import type { View } from "./view.ts";

const GAMES = envInt("CATALOG_GAMES", 10);

/** A (kind, id) a client must find in the catalog, and where it was seen. */
type Need = { kind: string; id: string; where: string };

class Collector {
  needs = new Map<string, Need>();
  problems: string[] = [];
  need(kind: string, id: unknown, where: string): void {
    if (typeof id !== "string" || id === "") {
      this.problems.push(`${where}: expected a ${kind} id, got ${JSON.stringify(id)}`);
      return;
    }
    const k = `${kind}\u0000${id}`;
    if (!this.needs.has(k)) this.needs.set(k, { kind, id, where });
  }
  num(v: unknown, where: string, nullable = false): void {
    if (nullable && (v === null || v === undefined)) return;
    if (typeof v !== "number" && typeof v !== "boolean") this.problems.push(`${where}: expected a number, got ${JSON.stringify(v)}`);
  }
  keys(o: object, allowed: readonly string[], where: string): void {
    for (const k of Object.keys(o)) if (!allowed.includes(k)) this.problems.push(`${where}: unclassified field "${k}" (add it to catalog.test.ts and docs/react.md)`);
  }
}

const unitKind = (id: string) => (id in ARTISTS ? "artist" : "summon");
const cardKind = (id: string) => (id.includes("#") ? "card_copy" : "card");
const defOfId = (id: string) => (id.includes("#") ? id.slice(0, id.indexOf("#")) : id);
const artistOf = (s: State, seat: number) => s.players[seat]?.artist;

function collectAction(c: Collector, s: State, seat: number, a: Action, where: string): void {
  const x = a as unknown as Record<string, unknown>;
  c.need("action", a.type, `${where}.type`);
  switch (a.type) {
    case "play":
      c.keys(x, ["type", "card", "effect", "target", "dir"], where);
      c.need(cardKind(a.card), a.card, `${where}.card`);
      c.need("effect", `${defOfId(a.card)}:${a.effect}`, `${where}.effect`);
      if (a.dir !== undefined) c.need("direction", a.dir, `${where}.dir`);
      c.num(a.target, `${where}.target`, true);
      break;
    case "mp_place":
      c.keys(x, ["type", "part", "slot"], where);
      c.need("masterpiece", `${artistOf(s, seat)}:${a.part}`, `${where}.part`);
      c.num(a.slot, `${where}.slot`);
      break;
    case "mp_swap":
      c.keys(x, ["type", "a", "b"], where);
      break;
    case "swap_pick":
      c.keys(x, ["type", "zone"], where);
      c.num(a.zone, `${where}.zone`);
      break;
    default:
      c.keys(x, ["type"], where);
  }
}

const VIEW_KEYS = ["turn", "turnPlayer", "units", "scales", "tiles", "blocks", "mpZone", "chain", "reactor", "passes", "prompt", "players", "you", "outcome"];

function collectView(c: Collector, s: State, v: View, where: string, catalog: Catalog): void {
  c.keys(v, VIEW_KEYS, where);
  v.players.forEach((p, i) => {
    c.keys(p, ["artist", "damage", "ascended", "handCount", "deckCount", "discard", "mpUnplaced"], `${where}.players[${i}]`);
    c.need("artist", p.artist, `${where}.players[${i}].artist`);
    for (const d of p.discard) c.need("card_copy", d, `${where}.players[${i}].discard`);
    for (const part of p.mpUnplaced) c.need("masterpiece", `${p.artist}:${part}`, `${where}.players[${i}].mpUnplaced`);
  });
  for (const u of v.units) {
    c.keys(u, ["id", "owner", "kind", "pos", "exhausted", "inked", "armament"], `${where}.units`);
    if (u.kind !== "artist" && u.kind !== "summon") c.problems.push(`${where}.units: kind ${u.kind}`);
    c.need(u.kind, u.id, `${where}.units[].id`);
    if (u.armament !== null) c.need("direction", u.armament, `${where}.units[].armament`);
  }
  for (const t of v.tiles) if (t) c.need("zone_tile", t.kind, `${where}.tiles[].kind`);
  for (const m of v.mpZone) if (m) c.need("masterpiece", `${v.players[m.seat].artist}:${m.part}`, `${where}.mpZone`);
  for (const e of v.chain) {
    c.keys(e, ["seat", "source", "card", "def", "effect", "target", "dir", "name"], `${where}.chain`);
    c.need("card", e.def, `${where}.chain[].def`);
    c.need(e.source === "hand" ? "card_copy" : "card", e.card, `${where}.chain[].card`);
    c.need("source", e.source, `${where}.chain[].source`);
    c.need("effect", `${e.def}:${e.effect}`, `${where}.chain[].effect`);
    if (e.dir !== null) c.need("direction", e.dir, `${where}.chain[].dir`);
    if (catalog.sections.effect?.[`${e.def}:${e.effect}`]?.name !== e.name) c.problems.push(`${where}.chain[].name ${e.name} is not effect ${e.def}:${e.effect}'s name`);
  }
  if (v.prompt) c.need("prompt", v.prompt.kind, `${where}.prompt.kind`);
  if (v.outcome) c.need("outcome", v.outcome.reason, `${where}.outcome.reason`);
  if (v.you) {
    c.keys(v.you, ["seat", "hand", "pending"], `${where}.you`);
    for (const h of v.you.hand) c.need("card_copy", h.id, `${where}.you.hand[].id`);
    for (const a of v.you.pending) collectAction(c, s, v.you.seat, a, `${where}.you.pending[]`);
  }
}

const NUM_FIELDS = ["seat", "turn", "slot", "zone", "from", "into", "target", "total", "count"];

function collectEvent(c: Collector, s: State, ev: GameEvent, catalog: Catalog): void {
  const where = `event ${ev.type}`;
  c.need("event", ev.type, `${where}.type`);
  for (const [k, v] of Object.entries(ev)) {
    if (k === "type" || v === undefined) continue;
    const at = `${where}.${k}`;
    if (NUM_FIELDS.includes(k)) c.num(v, at, k === "from");
    else if (k === "to") (v as unknown[]).forEach((x) => c.num(x, at));
    else if (k === "card") c.need(cardKind(v as string), v, at);
    else if (k === "unit") c.need(unitKind(v as string), v, at);
    else if (k === "dir") c.need("direction", v, at);
    else if ((k === "a" || k === "b") && (ev.type === "swap" || ev.type === "swap_failed")) c.need(unitKind(v as string), v, at);
    else if ((k === "a" || k === "b") && ev.type === "mp_swap") c.num(v, at);
    else if (k === "reason" && ev.type === "fizzle") c.need("fizzle", v, at);
    else if (k === "reason" && ev.type === "draw_skipped") c.need("draw_skip", v, at);
    else if (k === "kind" && ev.type === "tile") c.need("zone_tile", v, at);
    else if (k === "part" && ev.type === "mp_place") c.need("masterpiece", `${artistOf(s, ev.seat!)}:${v}`, at);
    else if (k === "replaced" && ev.type === "mp_place") {
      const r = v as { seat: number; part: number };
      c.need("masterpiece", `${artistOf(s, r.seat)}:${r.part}`, at);
    } else if (k === "name" && (ev.type === "start_of_turn" || ev.type === "end_of_turn")) {
      if (!Object.values(catalog.sections.passive ?? {}).some((p) => p.name === v)) c.problems.push(`${at}: no passive entry named ${v}`);
    } else if (k === "name" && (ev.type === "intention" || ev.type === "reaction" || ev.type === "resolve")) {
      const def = CARDS[defOfId(ev.card as string)];
      if (!def?.effects.some((e, i) => e.name === v && catalog.sections.effect?.[`${def.id}:${i}`]?.name === v)) c.problems.push(`${at}: ${v} is no effect of ${ev.card}`);
    } else c.problems.push(`${at}: unclassified event field (add it to catalog.test.ts and docs/react.md)`);
  }
}

interface Totals {
  games: number;
  steps: number;
  labels: number;
}

function playAndCollect(c: Collector, pair: [string, string], seed: string, config: object, totals: Totals, catalog: Catalog): void {
  const cfg = reactEngine.parseConfig(config);
  let s = reactEngine.setup(
    cfg,
    pair.map((artist) => reactEngine.parseSeatConfig({ artist }, cfg)),
    seed,
  );
  const rng = { rng: seedRng(`bot:${seed}`) };
  const redealRng = { rng: seedRng(`redeal:${seed}`) };
  for (let step = 0; ; step++) {
    for (const viewer of [0, 1, null] as const) collectView(c, s, reactEngine.view(s, viewer), `view(${viewer})`, catalog);
    const actors = reactEngine.actors(s);
    if (actors.length === 0) break;
    if (step > 20_000) throw new Error(`${seed}: no end`);
    for (const seat of actors) {
      const legal = reactEngine.legal(s, seat);
      const labels = legal.map((a) => reactEngine.describe!(s, seat, a));
      const seen = new Map<string, Action>();
      legal.forEach((a, i) => {
        collectAction(c, s, seat, a, "legal[]");
        const label = labels[i];
        if (typeof label !== "string" || label.trim() === "") c.problems.push(`${seed} step ${step}: empty label for ${JSON.stringify(a)}`);
        else if (seen.has(label)) c.problems.push(`${seed} step ${step}: "${label}" for both ${JSON.stringify(seen.get(label))} and ${JSON.stringify(a)}`);
        else seen.set(label, a);
      });
      totals.labels += labels.length;
      if (step % 7 === 0) {
        // Labels use only what `seat` may see: re-dealing its hidden cards changes none.
        const alt = permuteHidden(s, seat, redealRng) as State;
        const again = legal.map((a) => reactEngine.describe!(alt, seat, a));
        if (again.join("\n") !== labels.join("\n")) c.problems.push(`${seed} step ${step}: labels depend on hidden cards`);
      }
    }
    const seat = pick(rng, actors);
    const r = reactEngine.apply(s, seat, pick(rng, reactEngine.legal(s, seat)));
    for (const ev of r.events) collectEvent(c, r.state, ev, catalog);
    s = r.state;
    totals.steps++;
  }
  c.need("outcome", reactEngine.outcome(s)!.reason, "outcome().reason");
  totals.games++;
}

describe("Re;ACT catalog and labels", () => {
  const catalog = reactEngine.catalog!();

  it("every section's entries carry their own kind and id, a name and a text", () => {
    for (const [kind, entries] of Object.entries(catalog.sections))
      for (const [id, e] of Object.entries(entries)) {
        expect(e.kind, `${kind}/${id}`).toBe(kind);
        expect(e.id, `${kind}/${id}`).toBe(id);
        expect(e.name.trim(), `${kind}/${id} name`).not.toBe("");
        expect(e.text.trim(), `${kind}/${id} text`).not.toBe("");
        for (const k of e.keywords ?? []) expect(catalog.sections.keyword?.[k], `${kind}/${id} keyword ${k}`).toBeDefined();
      }
  });

  it("is derived from cards.ts: every card, copy, effect, Artist, Summon and Masterpiece card is listed", () => {
    for (const d of Object.values(CARDS)) {
      expect(catalog.sections.card[d.id]?.name).toBe(d.name);
      d.effects.forEach((e, i) => expect(catalog.sections.effect[`${d.id}:${i}`]?.name).toBe(e.name));
      for (let n = 1; n <= (d.quantity ?? 0); n++) expect(catalog.sections.card_copy[`${d.id}#${n}`]?.name).toBe(d.name);
    }
    for (const a of ARTIST_IDS) {
      expect(catalog.sections.artist[a]?.name).toBe(ARTISTS[a].name);
      for (const sm of ARTISTS[a].summons) expect(catalog.sections.summon[sm]?.name).toBe(CARDS[sm].name);
      ARTISTS[a].masterpiece.forEach((m, p) => expect(catalog.sections.masterpiece[`${a}:${p}`]?.name).toBe(m));
    }
  });

  it(`${GAMES} random games per ordered Artist pair: every id in views, events, legal actions and outcomes is in the catalog; every legal action has a unique label`, { timeout: 120_000 }, () => {
    const c = new Collector();
    const totals: Totals = { games: 0, steps: 0, labels: 0 };
    for (const a of ARTIST_IDS)
      for (const b of ARTIST_IDS) {
        if (a === b) continue;
        for (let i = 0; i < GAMES; i++) {
          // Every 5th game the first-game opening (R4); every 10th a 4-turn limit (outcome turn_limit).
          const config = i % 10 === 9 ? { maxTurns: 4 } : i % 5 === 4 ? { firstGame: true } : {};
          playAndCollect(c, [a, b], `catalog-${a}-${b}-${i}`, config, totals, catalog);
        }
      }
    const missing = [...c.needs.values()].filter((n) => {
      const e = catalog.sections[n.kind]?.[n.id];
      return !e?.name.trim() || !e.text.trim();
    });
    expect(missing.map((n) => `${n.kind}/${n.id} (${n.where})`)).toEqual([]);
    expect(c.problems.slice(0, 10)).toEqual([]);
    expect(totals.games).toBe(12 * GAMES);
    // The walk really met the ids (guards against an extractor that silently reads nothing).
    const kinds = new Set([...c.needs.values()].map((n) => n.kind));
    for (const k of ["artist", "summon", "card", "card_copy", "effect", "masterpiece", "direction", "event", "action", "source", "prompt", "outcome", "fizzle", "zone_tile"])
      expect(kinds, k).toContain(k);
    if (process.env.CATALOG_REPORT) {
      const byKind: Record<string, number> = {};
      for (const n of c.needs.values()) byKind[n.kind] = (byKind[n.kind] ?? 0) + 1;
      process.stdout.write(`${JSON.stringify({ ...totals, seenIdsByKind: byKind, outcomes: [...c.needs.values()].filter((n) => n.kind === "outcome").map((n) => n.id) })}\n`);
    }
  });

  it("labels name tiles A1-E5 and explain effects in words", () => {
    const s = newGameWith("calligrapher", "dancer", 0, "labels");
    const labels = reactEngine.legal(s, 0).map((a) => reactEngine.describe!(s, 0, a));
    expect(labels).toContain("End your turn");
    // Seat 0 starts in C1 (zone 22); north of it is C2 (zone 17).
    expect(labels).toContain("Use The Calligrapher · Brush to Life: summon the Sealbrush Spirit in C2 (empty)");
  });
});
