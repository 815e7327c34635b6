/**
 * The room schemas are written by hand (rooms/<game>/schema.ts) and filled field by field by the
 * bindings. This test walks each game's views and the schema JSON a client decodes side by side,
 * over many positions of seeded random games, so a view field that never reaches the schema (or a
 * schema field the view does not have) fails here instead of silently drifting. Each game states
 * only where the schema deliberately differs: what goes to the private part, renamed or reshaped
 * fields (`reshape`), and exemptions with the reason beside each.
 */
import { ArraySchema, Schema } from "@colyseus/schema";
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../rules/core/hash.ts";
import { playRandomGame } from "../rules/core/selfPlay.ts";
import { samplePalette } from "../rules/achroma/index.ts";
import { artistPairs } from "../rules/react/index.ts";
import { sampleSeatConfig as resonanceSeat } from "../rules/resonance/index.ts";
import { sampleSeatConfig as solreiSeat } from "../rules/solrei/index.ts";
import type { RoomBinding } from "./binding.ts";
import { achromaBinding } from "./achroma/binding.ts";
import { reactBinding } from "./react/binding.ts";
import { resonanceBinding } from "./resonance/binding.ts";
import { solreiBinding } from "./solrei/binding.ts";

type J = any;
/** Path patterns (array indices as `*`) the other side deliberately lacks, each with its reason. */
type Exempt = Record<string, string>;

interface Side {
  /** The view part this schema mirrors, reshaped into the schema's layout (a fresh JSON copy). */
  part(view: J): J;
  viewOnly: Exempt;
  schemaOnly: Exempt;
}

interface Spec {
  binding: RoomBinding;
  games: { label: string; config: unknown; seats: unknown[]; seed: string }[];
  public: Side;
  private: Side;
}

const isObj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object" && !Array.isArray(x);
const pattern = (path: string) => path.replace(/\.\d+(?=\.|$)/g, ".*");
const exempted = (list: Exempt, path: string) => {
  const p = pattern(path).replace(/^\w+\./, ""); // without the side's "game." / "secret."
  return Object.keys(list).some((k) => p === k || p.startsWith(`${k}.`));
};
/** Normalizations the bindings use: null <-> absent, null <-> "" (a string field's "none"). */
const none = (v: unknown, s: unknown) => (v === null || v === undefined) && (s === undefined || s === "");

/** Walks `view` and `schema` together; one line per difference, naming the path and both values. */
function drift(view: unknown, schema: unknown, side: Side, path: string, out: string[]): void {
  const fail = (why: string): void => {
    out.push(`${path}: ${why}: view=${JSON.stringify(view)} schema=${JSON.stringify(schema)}`);
  };
  if (none(view, schema) || view === schema) return;
  // A JSON string in the schema (an Action in `reaction.action`, `pending`) holds the view's object.
  if (typeof schema === "string" && (isObj(view) || Array.isArray(view))) {
    if (canonicalJson(JSON.parse(schema)) !== canonicalJson(view)) fail("JSON differs");
    return;
  }
  if (Array.isArray(view)) {
    if (!Array.isArray(schema) || schema.length !== view.length) fail("arrays differ in length");
    else view.forEach((v, i) => drift(v, schema[i], side, `${path}.${i}`, out));
    return;
  }
  if (isObj(view)) {
    if (!isObj(schema)) {
      fail("not an object in the schema");
      return;
    }
    for (const k of Object.keys(view)) {
      const p = `${path}.${k}`;
      if (exempted(side.viewOnly, p)) continue;
      // An object the schema lacks: each of its fields is reported (or exempted) on its own.
      if (!(k in schema) && isObj(view[k])) drift(view[k], {}, side, p, out);
      else if (!(k in schema) && view[k] !== null) out.push(`${p}: missing in the schema: view=${JSON.stringify(view[k])}`);
      else drift(view[k], schema[k], side, p, out);
    }
    for (const k of Object.keys(schema)) {
      const p = `${path}.${k}`;
      if (!(k in view) && !exempted(side.schemaOnly, p)) out.push(`${p}: not in the view: schema=${JSON.stringify(schema[k])}`);
    }
    return;
  }
  fail("values differ");
}

/**
 * A required (not `.optional()`) schema field left undefined: the binding wrote a view field that
 * is not there (toJSON drops it, so the walk above cannot see it).
 */
function unset(x: unknown, path: string, out: string[]): void {
  if (x instanceof ArraySchema) x.forEach((item, i) => unset(item, `${path}.${i}`, out));
  if (!(x instanceof Schema)) return;
  const meta = (x.constructor as J)[Symbol.metadata];
  for (const k of Object.keys(meta).filter((k) => /^\d+$/.test(k))) {
    const { name, optional } = meta[k];
    const value = (x as J)[name];
    if (value === undefined && !optional) out.push(`${path}.${name}: required schema field left undefined: view=undefined schema=undefined`);
    else unset(value, `${path}.${name}`, out);
  }
}

/** Moves `o[key]`'s listed fields up to the schema's flat names (with the binding's default when `o[key]` is null); what is left stays under `key`. */
function hoist(o: J, key: string, fields: [from: string, to: string, none?: unknown][]): void {
  const inner = o[key];
  for (const [from, to, dflt = null] of fields) o[to] = inner?.[from] ?? dflt;
  if (inner) for (const [from] of fields) delete inner[from];
  if (!inner || Object.keys(inner).length === 0) delete o[key];
}
const copy = (v: unknown): J => JSON.parse(JSON.stringify(v));
const without = (v: J, keys: string[]): J => {
  const o = copy(v);
  for (const k of keys) delete o[k];
  return o;
};

const solrei: Spec = {
  binding: solreiBinding,
  games: [0, 1, 2].map((i) => ({ label: "2p", config: {}, seats: [solreiSeat(2 * i), solreiSeat(2 * i + 1)], seed: `drift-solrei-${i}` })),
  public: {
    part: (view) => {
      const o = without(view, ["you"]);
      hoist(o, "window", [
        ["timing", "windowTiming"],
        ["priority", "windowPriority"],
        ["passes", "windowPasses", 0],
      ]);
      hoist(o, "prompt", [
        ["kind", "promptKind"],
        ["seats", "promptSeats", []],
        ["purpose", "promptPurpose"],
        ["left", "promptLeft", 0],
      ]);
      // The showdown is an optional child: a seat -> { winner }, a tie (-1) -> {} (winner absent).
      if (o.showdown !== null) o.showdown = o.showdown >= 0 ? { winner: o.showdown } : {};
      return o;
    },
    viewOnly: { game: "the room's game name, not table state", outcome: "the room's root `result` carries it" },
    schemaOnly: {
      "stack.*.negated": "one SolReiStackItem class for `stack` and `resolving`: a stack entry is never negated (false)",
      "resolving.*.source": 'same class: a resolving frame has no source ("")',
      "resolving.*.card": 'same class: no card ("")',
      "resolving.*.automatic": "same class: not automatic (false)",
    },
  },
  private: {
    part: (view) => {
      const o = copy(view.you);
      hoist(o, "prompt", [
        ["kind", "promptKind"],
        ["purpose", "promptPurpose"],
        ["left", "promptLeft", 0],
        ["options", "options", []],
      ]);
      return o;
    },
    viewOnly: { "prompt.seats": "the public `promptSeats` carries them" },
    schemaOnly: {},
  },
};

/** A card reference as the Achroma schema's lists carry it. */
const ref = (c: J) => `${c.uid}:${c.def}`;
/** A row of units flattened as AchromaCard rows: each card, then its Objects, Rider (recursively) and PARASITE. */
function achromaRows(units: J[]): J[] {
  const rows: J[] = [];
  const place = (u: J, attachedTo: string, role: string) => {
    const { objects, rider, parasite, ...card } = u;
    rows.push({ ...card, attachedTo, role, given: card.given.map((g: J) => `${g.kind}:${g.n}:${g.by}`), restrained: card.restrained.map(ref) });
    for (const o of objects) place(o, u.uid, "object");
    if (rider) place(rider, u.uid, "rider");
    if (parasite) place(parasite, u.uid, "parasite");
  };
  for (const u of units) place(u, "", "");
  return rows;
}

const achroma: Spec = {
  binding: achromaBinding,
  games: [2, 2, 4, 4].map((n, i) => ({ label: `${n}p`, config: { players: n }, seats: Array.from({ length: n }, (_, s) => samplePalette(s + i)), seed: `drift-achroma-${i}` })),
  public: {
    part: (view) => {
      const o = without(view, ["you", "hand", "looking"]);
      hoist(o, "prompt", [
        ["kind", "promptKind"],
        ["seat", "promptSeat"],
        ["step", "promptStep"],
        ["options", "promptOptions", []],
        ["max", "promptMax", 0],
        ["amount", "promptAmount", 0],
        ["from", "promptFrom"],
      ]);
      hoist(o, "combat", [
        ["attacker", "combatAttacker"],
        ["defender", "combatDefender"],
      ]);
      for (const k of ["resolving", "unveiling", "deferred"]) o[k] = o[k].map(ref);
      o.hunts = o.hunts.map((h: J) => `${h.seat}:${h.hunter}:${h.target}`);
      for (const p of o.players) {
        p.dregs = p.dregs.map(ref);
        p.characters = achromaRows(p.characters);
        p.locations = achromaRows(p.locations);
      }
      return o;
    },
    viewOnly: {
      outcome: "the room's root `result` carries it",
    },
    schemaOnly: {},
  },
  private: {
    // `you` is the seat; the seat's own prompt options are private (FIND and the like are secret).
    part: (view) => ({ seat: view.you, hand: view.hand.map(ref), looking: view.looking.map(ref), options: view.prompt?.seat === view.you ? (view.prompt.options ?? []) : [] }),
    viewOnly: {},
    schemaOnly: {},
  },
};

const react: Spec = {
  binding: reactBinding,
  games: artistPairs()
    .slice(0, 4)
    .map((seats, i) => ({ label: "2p", config: {}, seats, seed: `drift-react-${i}` })),
  public: {
    part: (view) => {
      const o = without(view, ["you"]);
      hoist(o, "prompt", [
        ["kind", "promptKind"],
        ["seat", "promptSeat"],
      ]);
      // Board slots are schema items even when empty: an empty slot is an item with absent fields.
      o.tiles = o.tiles.map((t: J) => t ?? { owner: null, kind: null });
      o.blocks = o.blocks.map((owner: J) => ({ owner }));
      o.mpZone = o.mpZone.map((m: J) => m ?? { seat: null, part: null });
      return o;
    },
    viewOnly: { outcome: "the room's root `result` carries it" },
    schemaOnly: { "players.*.seat": "the binding adds each player's index (the view's players are by position)" },
  },
  private: {
    part: (view) => copy(view.you),
    viewOnly: {},
    schemaOnly: {},
  },
};

const resonance: Spec = {
  binding: resonanceBinding,
  games: [2, 2, 3, 3].map((n, i) => ({ label: `${n}p`, config: { players: n }, seats: Array.from({ length: n }, (_, s) => resonanceSeat(s + 3 * i)), seed: `drift-resonance-${i}` })),
  public: {
    part: (view) => {
      const o = without(view, ["seat", "you"]);
      o.draft.picks = o.draft.picks.map((modules: J) => ({ modules }));
      // Bane colours are a list of { source, color }, sorted by source.
      for (const p of o.players)
        p.bane = Object.entries(p.bane)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([source, color]) => ({ source, color }));
      return o;
    },
    viewOnly: {
      outcome: "the room's root `result` carries it",
      "combat.choice.options": "the chooser's alone: its private `choiceOptions` (null in the spectator view)",
    },
    schemaOnly: {},
  },
  private: {
    part: (view) => {
      const o = copy(view.you);
      o.choiceOptions = view.combat?.choice?.seat === o.seat ? view.combat.choice.options : [];
      return o;
    },
    viewOnly: {},
    schemaOnly: {},
  },
};

/** Plays each game, projecting every view in place as a room does, and compares every few steps. */
function check(name: string, spec: Spec): { positions: number; diffs: string[] } {
  const { engine, PublicState, PrivateState } = spec.binding;
  const diffs: string[] = [];
  let positions = 0;
  for (const g of spec.games) {
    const pub = new PublicState();
    const privs = g.seats.map(() => new PrivateState());
    const compare = (state: unknown, step: number) => {
      const views = engine.views ? engine.views(state, [null, ...g.seats.map((_, i) => i)]) : [engine.view(state, null), ...g.seats.map((_, i) => engine.view(state, i))];
      spec.binding.projectPublic(views[0], pub);
      privs.forEach((p, i) => spec.binding.projectPrivate(views[i + 1], p));
      if (step % 3 !== 0) return;
      positions++;
      const at = `${name} ${g.label} ${g.seed} step ${step}`;
      const out: string[] = [];
      drift(spec.public.part(views[0]), pub.toJSON(), spec.public, "game", out);
      unset(pub, "game", out);
      diffs.push(...out.map((d) => `${at}: ${d}`));
      privs.forEach((p, i) => {
        const mine: string[] = [];
        drift(spec.private.part(views[i + 1]), p.toJSON(), spec.private, "secret", mine);
        unset(p, "secret", mine);
        diffs.push(...mine.map((d) => `${at} seat ${i}: ${d}`));
      });
    };
    playRandomGame(engine, g.config, g.seats, g.seed, { onStep: (s, info) => compare(s, info.step) });
  }
  return { positions, diffs };
}

describe("schema bindings follow the views", () => {
  for (const [name, spec] of Object.entries({ solrei, achroma, react, resonance })) {
    it(`${name}: every view field reaches its schema, and nothing else`, () => {
      const { positions, diffs } = check(name, spec);
      expect(positions).toBeGreaterThan(50);
      // Every distinct drifting path once (the first position it shows up at), not every position.
      const seen = new Set<string>();
      const first = diffs.filter((d) => {
        const key = pattern(d.replace(/^.*?: /, "").split(":")[0]);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      expect(first, `${name}: view and schema differ`).toEqual([]);
    });
  }
});
