/**
 * SolRei's protocol (protocol.ts) against what the engine really does: the served JSON Schemas
 * (validated with ajv, not zod) accept every legal action, event and outcome of seeded random
 * Shows, refuse what is not declared, and match the catalog's `event` and `outcome` sections.
 *
 * Shows: GAMES (env PROTOCOL_GAMES, default 24) Arcade Mode Shows over all 16 Muse pairings
 * (fuzzkit `seatsFor`), plus one in six as many "open" format Shows with custom set-ups that
 * mix Arts across Muses (Arts whose requirements the Muse lacks break when activated).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { envInt } from "../core/positions.ts";
import { protocolDocument } from "../core/protocolDocument.ts";
import { catalogParity, checkProtocol, declaredTypes, unreachedEventTypes, type ProtocolGame, type ProtocolReport } from "../core/protocolCheck.ts";
import { seatsFor } from "./fuzzkit.ts";
import { solreiEngine as E } from "./index.ts";
import { ACT_REASONS, EventSchema, OUTCOME_REASONS } from "./protocol.ts";

const GAMES = envInt("PROTOCOL_GAMES", 24);
const OPEN_SET_UPS = [
  { muse: "vesper", advantage: "whetstone-vow", arts: ["crescent-rend", "grave-hold", "stonebreak", "null-stance"] },
  { muse: "brannoc", advantage: "deep-roots", arts: ["bear-hug", "stonebreak", "crescent-rend", "audit"] },
  { muse: "tamsin", advantage: "ledger-of-debts", arts: ["sleight", "encore", "cinder-veil", "rekindle"] },
  { muse: "liora", advantage: "hearthglow", arts: ["choirs-crescendo", "foreclose", "prism-ward", "edge-focus"] },
];

const games: ProtocolGame[] = [
  ...Array.from({ length: GAMES }, (_, i) => ({ config: {}, seats: seatsFor(i), seed: `protocol-solrei-${i}` })),
  ...Array.from({ length: Math.ceil(GAMES / 6) }, (_, i) => ({
    config: { format: "open" },
    seats: [OPEN_SET_UPS[i % 4], OPEN_SET_UPS[(i + 1 + Math.floor(i / 4)) % 4]],
    seed: `protocol-solrei-open-${i}`,
  })),
];

/** Declared event types random Shows may miss (each reached about once in 30 Shows). */
const RARE = [
  "gain_damage_ignored", // GAIN Damage after this seat's own GRAPPLE or a lost Showdown: needs GRAPPLE then Crescent Rend's Rei in one round
  "damage_broken", // Stonebreak (♣♣, AFTER SHOWDOWN) choosing a face-up damage card rather than an Art
];

describe("SolRei protocol", () => {
  const doc = protocolDocument(E);
  let checked: ProtocolReport | undefined;
  /** The fuzz run, done once (by the first test that needs it). */
  const report = () => (checked ??= checkProtocol(E, games));

  it(`every legal action, event and outcome of ${games.length} seeded random games validates against the generated JSON Schemas`, { timeout: 300_000 }, () => {
    const r = report();
    expect(r.problems).toEqual([]);
    expect(r.games).toBe(games.length);
    expect(r.eventsChecked).toBeGreaterThan(0);
    expect(r.actionsChecked).toBeGreaterThan(0);
  });

  it("every declared event type is emitted in fuzzed games or listed as rare", () => {
    expect(declaredTypes(doc.event).length).toBe(EventSchema.options.length);
    expect(unreachedEventTypes(E, report(), RARE)).toEqual([]);
  });

  it("an event with an undeclared field is refused, and so is an action with a wrong type", () => {
    const ajv = new Ajv2020({ strict: false });
    const event = ajv.compile(doc.event);
    const action = ajv.compile(doc.action);
    // A real event: the first decision of a Show and what it emitted.
    const cfg = E.parseConfig({});
    const s0 = E.setup(
      cfg,
      seatsFor(0).map((x) => E.parseSeatConfig(x, cfg)),
      "protocol-solrei-refused",
    );
    const seat = E.actors(s0)[0];
    const legal = E.legal(s0, seat)[0];
    const emitted = E.apply(s0, seat, legal).events;
    expect(emitted.length).toBeGreaterThan(0);
    const real = emitted[0] as Record<string, unknown>;
    expect(event(real)).toBe(true);
    expect(event({ ...real, secret: "p1-AS" })).toBe(false);
    expect(event({ ...real, type: "no_such_event" })).toBe(false);
    // A real action, then actions with a field of the wrong type and of an unknown type.
    expect(action(legal)).toBe(true);
    expect(action({ type: "place", card: 7 })).toBe(false);
    expect(action({ type: "place", card: "p2-7S" })).toBe(false);
    expect(action({ type: "choose_first", seat: "0" })).toBe(false);
    expect(action({ type: "teleport" })).toBe(false);
  });

  it("every declared event type and outcome reason has a catalog entry, and every catalog event/outcome entry is declared", () => {
    const sections = E.catalog!().sections;
    const declared = declaredTypes(doc.event);
    // The catalog's outcome section holds the Act reasons (acts[].reason, act_over.reason) and the Show's.
    expect(catalogParity(E, [...ACT_REASONS, ...OUTCOME_REASONS])).toEqual([]);
    const outcomeEnum = (doc.outcome as { properties: { reason: { enum: string[] } } }).properties.reason.enum;
    expect(outcomeEnum).toEqual([...OUTCOME_REASONS]);
    const actOver = (doc.event as { oneOf: { properties: { type: { const: string }; reason?: { enum: string[] } } }[] }).oneOf.find((b) => b.properties.type.const === "act_over");
    expect(actOver?.properties.reason?.enum).toEqual([...ACT_REASONS]);
    for (const id of [...declared, ...OUTCOME_REASONS, ...ACT_REASONS]) {
      const e = sections.event[id] ?? sections.outcome[id];
      expect(e?.name, id).toBeTruthy();
      expect(e?.text, id).toBeTruthy();
    }
  });
});
