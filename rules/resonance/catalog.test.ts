/**
 * The catalog covers every id a client meets, and describe() labels every legal action.
 *
 * Seeded self-play games (2, 3 and 4 seats). At every step: view(seat) for every seat and
 * view(null), every event of the step (private ones too), and every legal action of every actor
 * go through the field-by-field extractors below; each id found must have a catalog entry (in the
 * section of its kind) with a non-empty name and text. A field nobody mapped fails the test, so a
 * new field must be classified here (and in docs/resonance.md).
 *
 * Field -> kind (ids are looked up as exact strings; numbers become String(n)):
 *   view.phase -> phase; draft.pool / picks[][] / chaos -> module; discard, shown -> card;
 *   players[].primary, secondary[] -> colour; codexActive[] -> codex; immunized[] -> tag;
 *   bane: key -> codex ("codex-…") or card, value -> colour; slowQueue[] -> unit;
 *   unit views (self, animations[]): id -> unit, card -> card, tags[].id -> tag, items[] -> card,
 *   keywords[] -> keyword; combat.kind -> combat, step -> step, actor / source / targets[] -> unit,
 *   innate / augmented / gained[] -> keyword, fuel[], revealed, defendCard, defendExtra,
 *   sacrificed, aimItem -> card ("top" in defendCard -> option), boostTo -> option,
 *   choice.purpose -> choice, choice.options[] -> option ids (below); you.hand[], peek,
 *   looked.cards[] -> card; outcome.reason -> outcome.
 *   Not ids: counts and numbers (turn, en, hp, karma, damage, power, focus, rolls, ranks, ev,
 *   rvBonus, dealt, gambled, current, waitingChoices, seat / turnSeat / of / picker...), booleans,
 *   and combat.resume / combat.flags (engine bookkeeping, never shown).
 * Unit ids: "p<seat>" -> player section; "echo-<n>" -> token "echo"; otherwise the Animation's card id -> card.
 * Option ids (choose.option, combat.choice.options): "card:<id>" -> card; "color:<n>" -> colour;
 *   "<item>><unit>" (Shift) -> card + unit; "C.D" -> tag for purpose immunized, else keyword;
 *   digits (Flux) -> a count, not an id; a word in the option section -> option; else a unit id.
 * Events: type -> event; card, item, cards[] -> card; codex -> codex; keyword -> keyword; tag -> tag
 *   (tag_used.tag -> tag_use); color -> colour; module, modules[] -> module; unit, actor, source,
 *   target, to_unit, from, onto, targets[] -> unit; bane.source -> codex or card; reason -> outcome;
 *   mode -> ev_mode; by -> cause (gained.by -> keyword); why -> cause; put -> option;
 *   numbers and seat lists (seat, to, of, turn, count, en, karma, amount, total, ev, rv, size, focus,
 *   echoes, ranks, success, potent) are not ids.
 * Actions: type -> action; module -> module; actor, target, second, source, unit -> unit; item,
 *   card, cards[], sacrifice -> card (defend.card "top" -> option); keyword -> keyword;
 *   removeTag -> tag; spend -> karma; use -> tag_use; option -> option ids; critical, tag, reveal,
 *   pay -> booleans.
 */
import { describe, expect, it } from "vitest";
import { botAction } from "../core/bot.ts";
import type { GameEvent } from "../core/engine.ts";
import { pick, seedRng, shuffleInPlace, type HasRng } from "../core/rng.ts";
import { seatsFor } from "./fuzzkit.ts";
import { resonanceEngine as E } from "./index.ts";
import type { Action, State } from "./types.ts";
import type { View } from "./view.ts";

const GAMES = Number(process.env.CATALOG_GAMES ?? 10);
type Need = Map<string, Map<string, string>>; // kind -> id -> where first seen

function need(n: Need, kind: string, id: unknown, where: string): void {
  if (id === null || id === undefined) return;
  const key = String(id);
  let m = n.get(kind);
  if (!m) {
    m = new Map();
    n.set(kind, m);
  }
  if (!m.has(key)) m.set(key, where);
}
function unit(n: Need, id: string, where: string): void {
  if (/^p\d+$/.test(id)) need(n, "player", id, where);
  else if (/^echo-\d+$/.test(id)) need(n, "token", "echo", where);
  else need(n, "card", id, where);
}
function source(n: Need, id: string, where: string): void {
  need(n, id.startsWith("codex-") ? "codex" : "card", id, where);
}
function option(n: Need, purpose: string, o: string, where: string): void {
  if (o.startsWith("card:")) need(n, "card", o.slice(5), where);
  else if (o.startsWith("color:")) need(n, "colour", o.slice(6), where);
  else if (o.includes(">")) {
    const [item, to] = o.split(">");
    need(n, "card", item, where);
    unit(n, to, where);
  } else if (/^\d\.\d$/.test(o)) need(n, purpose === "immunized" ? "tag" : "keyword", o, where);
  else if (/^\d+$/.test(o))
    return; // Flux: a number of damage markers
  else if (/^[a-z_]+$/.test(o) && !/^p\d+$/.test(o)) need(n, "option", o, where);
  else unit(n, o, where);
}
function keysOnly(o: object, allowed: readonly string[], where: string): void {
  const extra = Object.keys(o).filter((k) => !allowed.includes(k));
  if (extra.length) throw new Error(`${where}: unmapped field(s) ${extra.join(", ")} — classify them in catalog.test.ts`);
}

const UNIT_KEYS = ["id", "card", "owner", "damage", "power", "focus", "spent", "suppressed", "tags", "items", "keywords", "untargetable", "skipReady"];
function unitView(n: Need, u: View["players"][number]["self"], w: string): void {
  keysOnly(u, UNIT_KEYS, `${w} unit`);
  unit(n, u.id, w);
  need(n, "card", u.card, w);
  for (const t of u.tags) need(n, "tag", t.id, w);
  for (const i of u.items) need(n, "card", i, w);
  for (const k of u.keywords) need(n, "keyword", k, w);
}

function fromView(n: Need, v: View, w: string): void {
  keysOnly(v, ["seat", "phase", "turn", "turnSeat", "playerActions", "actors", "draft", "mainDeckCount", "discard", "shown", "players", "combat", "slowQueue", "you", "outcome"], w);
  need(n, "phase", v.phase, w);
  keysOnly(v.draft, ["rolls", "firstPicker", "picker", "pool", "picks", "chaos"], `${w} draft`);
  for (const m of [...v.draft.pool, ...v.draft.picks.flat(), ...v.draft.chaos]) need(n, "module", m, w);
  for (const c of [...v.discard, ...v.shown]) need(n, "card", c, w);
  for (const p of v.players) {
    keysOnly(
      p,
      ["seat", "primary", "secondary", "hp", "maxHp", "en", "focus", "karma", "handCount", "codexCount", "codexActive", "spentTokens", "immunized", "bane", "eliminated", "self", "animations"],
      `${w} player`,
    );
    for (const c of [p.primary, ...p.secondary]) need(n, "colour", c, w);
    for (const c of p.codexActive) need(n, "codex", c, w);
    for (const t of p.immunized) need(n, "tag", t, w);
    for (const [src, col] of Object.entries(p.bane)) {
      source(n, src, w);
      need(n, "colour", col, w);
    }
    unitView(n, p.self, w);
    for (const u of p.animations) unitView(n, u, w);
  }
  for (const u of v.slowQueue) unit(n, u, w);
  const c = v.combat;
  if (c) {
    keysOnly(
      c,
      [
        "kind",
        "seat",
        "actor",
        "source",
        "targets",
        "current",
        "step",
        "innate",
        "augmented",
        "gained",
        "fuel",
        "revealed",
        "ev",
        "rvBonus",
        "defendCard",
        "defendExtra",
        "sacrificed",
        "gambled",
        "dealt",
        "choice",
        "aimItem",
        "boostTo",
        "karmaGiven",
        "ended",
        "standalone",
        "resume",
        "flags",
        "waitingChoices",
      ],
      `${w} combat`,
    );
    need(n, "combat", c.kind, w);
    need(n, "step", c.step, w);
    for (const u of [c.actor, c.source, ...c.targets]) unit(n, u, w);
    for (const k of [...c.innate, ...c.augmented, ...c.gained]) need(n, "keyword", k, w);
    for (const x of [...c.fuel, c.revealed, c.defendExtra, c.sacrificed, c.aimItem]) need(n, "card", x, w);
    if (c.defendCard === "top") need(n, "option", "top", w);
    else need(n, "card", c.defendCard, w);
    need(n, "option", c.boostTo, w);
    if (c.choice) {
      need(n, "choice", c.choice.purpose, w);
      for (const o of c.choice.options ?? []) option(n, c.choice.purpose, o, w);
    }
  }
  if (v.you) {
    for (const x of [...v.you.hand, v.you.peek, ...(v.you.looked?.cards ?? [])]) need(n, "card", x, w);
  }
  if (v.outcome) need(n, "outcome", v.outcome.reason, w);
}

const NOT_IDS = new Set(["seat", "to", "of", "turn", "count", "en", "karma", "amount", "total", "ev", "rv", "size", "focus", "echoes", "ranks", "success", "potent"]);
function fromEvent(n: Need, e: GameEvent, w: string): void {
  need(n, "event", e.type, w);
  for (const [k, v] of Object.entries(e)) {
    if (k === "type" || NOT_IDS.has(k)) continue;
    const at = `${w} event ${e.type}.${k}`;
    const s = v as string;
    switch (k) {
      case "card":
      case "item":
        need(n, "card", s, at);
        break;
      case "cards":
        for (const x of v as string[]) need(n, "card", x, at);
        break;
      case "codex":
        need(n, "codex", s, at);
        break;
      case "keyword":
        need(n, "keyword", s, at);
        break;
      case "tag":
        need(n, e.type === "tag_used" ? "tag_use" : "tag", s, at);
        break;
      case "color":
        need(n, "colour", v, at);
        break;
      case "module":
        need(n, "module", v, at);
        break;
      case "modules":
        for (const x of v as number[]) need(n, "module", x, at);
        break;
      case "unit":
      case "actor":
      case "source":
      case "target":
      case "to_unit":
      case "from":
      case "onto":
        if (e.type === "bane" && k === "source") source(n, s, at);
        else unit(n, s, at);
        break;
      case "targets":
        for (const x of v as string[]) unit(n, x, at);
        break;
      case "reason":
        need(n, "outcome", s, at);
        break;
      case "mode":
        need(n, "ev_mode", s, at);
        break;
      case "by":
        need(n, e.type === "gained" ? "keyword" : "cause", s, at);
        break;
      case "why":
        need(n, "cause", s, at);
        break;
      case "put":
        need(n, "option", s, at);
        break;
      default:
        throw new Error(`${at}: unmapped event field — classify it in catalog.test.ts`);
    }
  }
}

function fromAction(n: Need, a: Action, purpose: string, w: string): void {
  need(n, "action", a.type, w);
  for (const [k, v] of Object.entries(a)) {
    if (k === "type") continue;
    const at = `${w} action ${a.type}.${k}`;
    switch (k) {
      case "module":
        need(n, "module", v, at);
        break;
      case "actor":
      case "target":
      case "second":
      case "source":
      case "unit":
        unit(n, v as string, at);
        break;
      case "item":
      case "sacrifice":
        need(n, "card", v, at);
        break;
      case "card":
        need(n, v === "top" ? "option" : "card", v, at);
        break;
      case "cards":
        for (const x of v as string[]) need(n, "card", x, at);
        break;
      case "keyword":
        need(n, "keyword", v, at);
        break;
      case "removeTag":
        need(n, "tag", v, at);
        break;
      case "spend":
        need(n, "karma", v, at);
        break;
      case "use":
        need(n, "tag_use", v, at);
        break;
      case "option":
        option(n, purpose, v as string, at);
        break;
      case "critical":
      case "tag":
      case "reveal":
      case "pay":
        break; // booleans
      default:
        throw new Error(`${at}: unmapped action field — classify it in catalog.test.ts`);
    }
  }
}

/** Everything `viewer` cannot see re-dealt: other hands with the Main Deck order, Codex Deck orders. */
function hideOthers(s: State, viewer: number, rng: HasRng): State {
  const t = structuredClone(s);
  const others = t.players.filter((p) => p.seat !== viewer);
  const pool = [...t.mainDeck, ...others.flatMap((p) => p.hand)];
  shuffleInPlace(rng, pool);
  for (const p of others) p.hand = pool.splice(0, p.hand.length);
  t.mainDeck = pool;
  for (const p of t.players) shuffleInPlace(rng, p.codexDeck);
  return t;
}

interface Run {
  need: Need;
  steps: number;
  labels: number;
  problems: string[];
}

function play(players: number, i: number, run: Run): void {
  const seed = `catalog-${players}-${i}`;
  let s = E.setup(
    E.parseConfig({ players }),
    seatsFor(players, i).map((x) => E.parseSeatConfig(x, { players })),
    seed,
  );
  const botRng: HasRng = { rng: seedRng(`bot:${seed}`) };
  const hideRng: HasRng = { rng: seedRng(`hide:${seed}`) };
  const check = (st: State, step: number) => {
    const w = `${seed} step ${step}`;
    for (const v of [null, ...Array.from({ length: players }, (_, k) => k)]) fromView(run.need, E.view(st, v), `${w} view(${v})`);
    for (const seat of E.actors(st)) {
      const purpose = st.combat?.choice?.seat === seat ? st.combat.choice.purpose : "";
      const legal = E.legal(st, seat);
      const hidden = hideOthers(st, seat, hideRng);
      const seen = new Map<string, Action>();
      for (const a of legal) {
        fromAction(run.need, a, purpose, `${w} seat ${seat}`);
        let label = "";
        let other = "";
        try {
          label = E.describe!(st, seat, a);
          other = E.describe!(hidden, seat, a);
        } catch (e) {
          run.problems.push(`${w}: describe threw on ${JSON.stringify(a)}: ${(e as Error).message}`);
          continue;
        }
        run.labels++;
        if (!label.trim()) run.problems.push(`${w}: empty label for ${JSON.stringify(a)}`);
        if (label !== other) run.problems.push(`${w}: label depends on hidden cards: "${label}" vs "${other}"`);
        const dup = seen.get(label);
        if (dup) run.problems.push(`${w} seat ${seat}: "${label}" labels both ${JSON.stringify(dup)} and ${JSON.stringify(a)}`);
        seen.set(label, a);
      }
    }
  };
  check(s, 0);
  for (let step = 1; E.outcome(s) === null; step++) {
    if (step > 200_000) throw new Error(`${seed}: no outcome`);
    const actors = E.actors(s);
    const seat = pick(botRng, actors);
    const action = botAction(E, s, seat, botRng) as Action;
    const r = E.apply(s, seat, action);
    for (const e of r.events) fromEvent(run.need, e, `${seed} step ${step}`);
    s = r.state;
    run.steps++;
    check(s, step);
  }
}

describe("resonance catalog() and describe()", () => {
  const run: Run = { need: new Map(), steps: 0, labels: 0, problems: [] };
  for (const players of [2, 3, 4]) {
    it(`${players} players: ${GAMES} games, labels unique, non-empty, blind to hidden cards`, () => {
      for (let i = 0; i < GAMES; i++) play(players, i, run);
      expect(run.problems.slice(0, 10)).toEqual([]);
    });
  }
  it("every id met has a catalog entry with a name and text", () => {
    expect(run.steps).toBeGreaterThan(0);
    const cat = E.catalog!();
    const missing: string[] = [];
    for (const [kind, ids] of run.need) {
      for (const [id, where] of ids) {
        const e = cat.sections[kind]?.[id];
        if (!e?.name.trim() || !e.text.trim() || e.kind !== kind || e.id !== id) missing.push(`${kind} ${JSON.stringify(id)} (first met: ${where})`);
      }
    }
    if (process.env.CATALOG_REPORT) console.log([...run.need].map(([k, m]) => `${k} ${m.size}`).join(", "), "steps", run.steps, "labels", run.labels);
    expect(missing).toEqual([]);
  });
  it("every entry of the catalog has a name and text; keyword and Tag texts are not the rulebook's", async () => {
    const { KEYWORDS, TAGS } = await import("./data/index.ts");
    const cat = E.catalog!();
    for (const [kind, entries] of Object.entries(cat.sections)) {
      for (const [id, e] of Object.entries(entries)) {
        expect(e.id).toBe(id);
        expect(e.kind).toBe(kind);
        expect(e.name.trim(), `${kind} ${id}`).not.toBe("");
        expect(e.text.trim(), `${kind} ${id}`).not.toBe("");
      }
    }
    expect(Object.keys(cat.sections.keyword)).toHaveLength(100);
    expect(Object.keys(cat.sections.tag)).toHaveLength(20);
    expect(Object.keys(cat.sections.card)).toHaveLength(500);
    for (const k of KEYWORDS) expect(cat.sections.keyword[k.id].text).not.toBe(k.text);
    for (const t of TAGS) expect(cat.sections.tag[t.id].text).not.toBe(t.text);
    expect(Object.keys(cat.sections.outcome).sort()).toEqual(["last_player", "turn_limit"]);
  });
});
