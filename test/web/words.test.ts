/**
 * The event log and the replay's decisions in words (web/src/words.ts, web/src/fields.ts), for
 * every game, without a browser:
 * - every field of every event and action type in each engine's protocol has an entry in the
 *   game's field table (so none falls back to "field value");
 * - whole self-played matches, as seat 0 and as a spectator would see them: no line shows a raw
 *   instance id (`p0c4`), a field name (`def`, `uid`, `why`, `owner`), a `true`/`false`, a zone
 *   index or a seat index where the page names the zone or the player;
 * - the phrases the review asked for, line by line;
 * - each lobby set-up by name.
 * (The replay's generic view: board-generic.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { achromaEngine } from "../../rules/achroma/index.ts";
import { seatsFor as achromaSeats } from "../../rules/achroma/fuzzkit.ts";
import type { AnyEngine, GameEvent } from "../../rules/core/engine.ts";
import { protocolDocument } from "../../rules/core/protocolDocument.ts";
import { playRandomGame } from "../../rules/core/selfPlay.ts";
import { reactEngine, sampleSeatConfigs as reactSeats } from "../../rules/react/index.ts";
import { resonanceEngine } from "../../rules/resonance/index.ts";
import { seatsFor as resonanceSeats } from "../../rules/resonance/fuzzkit.ts";
import { solreiEngine } from "../../rules/solrei/index.ts";
import { seatsFor as solreiSeats } from "../../rules/solrei/fuzzkit.ts";
import type { Catalog } from "../../web/src/api.ts";
import { indexCatalog } from "../../web/src/catalogIndex.ts";
import { fieldsOf } from "../../web/src/fields.ts";
import { presetName } from "../../web/src/presets.ts";
import { describeAction, describeEvent, describeEvents, learnInstances, wordsContext, zoneName } from "../../web/src/words.ts";

const NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"];
const seatName = (s: number) => NAMES[s] ?? `Player ${s + 1}`;

const cases: { engine: AnyEngine; config: unknown; seats: unknown[] }[] = [
  { engine: solreiEngine, config: {}, seats: solreiSeats(3) },
  { engine: achromaEngine, config: { players: 3 }, seats: achromaSeats(3, 1) },
  { engine: reactEngine, config: {}, seats: reactSeats() },
  { engine: resonanceEngine, config: { players: 3 }, seats: resonanceSeats(3, 2) },
];

const catalogOf = (engine: AnyEngine) => indexCatalog({ game: engine.game, version: engine.version, sections: engine.catalog!().sections } as Catalog);

/** What must never be in a line of words. */
const RAW: [string, RegExp][] = [
  ["an instance id", /\bp\d+c\d+\b/],
  ["a field name", /\b(def|uid|why|owner|winner \d|target \d|zone \d|potent|active|kind)\b/],
  ["a raw flag or value", /\b(true|false|undefined|null|NaN)\b|\[object/],
  ["a zone index", /\b(zone|target|from|into|in|on|to) \d+\b/],
  ["a JSON fragment", /[{}[\]"]/],
];

function rawIn(line: string): string | null {
  for (const [what, re] of RAW) if (re.test(line)) return `${what} in "${line}"`;
  return null;
}

describe.each(cases.map((c) => ({ ...c, game: c.engine.game })))("$game", ({ engine, config, seats, game }) => {
  const cat = catalogOf(engine);
  type Branch = { properties: Record<string, { const?: string }> };
  const doc = protocolDocument(engine) as unknown as Record<"event" | "action", { anyOf?: Branch[]; oneOf?: Branch[] }>;

  it("has a wording for every field of every event and action type in the protocol", () => {
    const table = fieldsOf(game);
    const missing: string[] = [];
    for (const where of ["event", "action"] as const) {
      for (const branch of doc[where].anyOf ?? doc[where].oneOf ?? []) {
        const type = branch.properties.type!.const!;
        if (where === "event") expect(cat.catalog.sections.event?.[type], `catalog event ${type}`).toBeDefined();
        for (const field of Object.keys(branch.properties)) {
          if (field === "type" || (where === "event" && (field === "seat" || field === "to"))) continue;
          const t = table[where];
          const known = t[`${type}.${field}`] ?? t[field] ?? table.event[`${type}.${field}`] ?? table.event[field];
          if (!known) missing.push(`${where} ${type}.${field}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("says every event and decision of whole matches in words, as a seat and as a spectator", () => {
    const problems = new Set<string>();
    let lines = 0;
    for (let g = 0; g < 3; g++) {
      for (const viewer of [0, null] as const) {
        const ctx = wordsContext(game, cat, seatName);
        playRandomGame(engine, config, seats, `words-${game}-${g}`, {
          onStep: (state, { seat, action, events }) => {
            const view = engine.view(state as never, viewer);
            ctx.view = view;
            learnInstances(view, ctx.instances);
            const shown = events.filter((e: GameEvent) => !e.to || (viewer !== null && e.to.includes(viewer)));
            for (const line of describeEvents(ctx, shown as never)) {
              lines++;
              const p = rawIn(line);
              if (p) problems.add(p);
            }
            const decided = describeAction(ctx, action, seat);
            const p = rawIn(decided);
            if (p) problems.add(`decision: ${p}`);
          },
        });
      }
    }
    expect(lines).toBeGreaterThan(100);
    expect([...problems].slice(0, 20)).toEqual([]);
  });
});

describe("the review's examples", () => {
  const achroma = catalogOf(achromaEngine);
  const react = catalogOf(reactEngine);
  const solrei = catalogOf(solreiEngine);
  const resonance = catalogOf(resonanceEngine);

  it("Achroma names card instances by their catalog name and whose they are", () => {
    const ctx = wordsContext("achroma", achroma, seatName);
    ctx.instances.set("p1c4", "thornback");
    expect(describeEvent(ctx, { type: "deploy", seat: 0, card: "p0c4", def: "forge-heart", cost: 3, target: "p1c4" })).toBe("Ann: Deploy Forgeheart Crown for 3 Shards on Bob's Thornback Boar");
    // Learnt from that line, the crown is named later without a `def`.
    expect(describeEvent(ctx, { type: "erased", card: "p0c4", def: "forge-heart", owner: 0 })).toBe("Erased Ann's Forgeheart Crown");
    expect(describeEvent(ctx, { type: "freeze", seat: 1, card: "p0c4" })).toBe("Bob: Freeze Ann's Forgeheart Crown");
    expect(describeEvent(ctx, { type: "freeze", seat: 1, card: "p0c9" })).toBe("Bob: Freeze a card of Ann");
    expect(describeEvent(ctx, { type: "drain", seat: 0, target: 1, shards: 2, prevented: 0 })).toBe("Ann: Drain from Bob 2 Shards");
  });

  it("Achroma's game over names the winner and the ranks as the page does", () => {
    const ctx = wordsContext("achroma", achroma, seatName);
    expect(describeEvent(ctx, { type: "game_over", winner: 1, reason: "last_player", ranks: [2, 1] })).toBe("Game over Bob won (Last player standing) — 1st Bob, 2nd Ann");
  });

  it("Re;ACT names zones as the board does", () => {
    expect([zoneName(12), zoneName(22), zoneName(2), zoneName(20), zoneName(4)]).toEqual(["C3", "C1", "C5", "A1", "E5"]);
    const ctx = wordsContext("react", react, seatName);
    expect(describeEvent(ctx, { type: "damage_miss", zone: 12 })).toBe("Damage to an empty zone C3");
    const line = describeEvent(ctx, { type: "intention", seat: 0, card: "ink_slash#1", name: "Ink Slash", slot: 1, target: 12 });
    expect(line).toContain("on C3");
    expect(line).not.toMatch(/12/);
  });

  it("SolRei says why in words and names abilities instead of their uids", () => {
    const ctx = wordsContext("solrei", solrei, seatName);
    const line = describeEvent(ctx, { type: "discarded", seat: 0, card: "p0-7S", why: "rei" });
    expect(line).toBe("Ann: Discarded 7♠ (Rei)");
    describeEvent(ctx, { type: "activated", seat: 0, source: "art:0", card: "crescent-rend", name: "Crescent Rend", uid: 1, target: null });
    const negate = describeEvent(ctx, { type: "activated", seat: 1, source: "advantage", card: "x", name: "Null Stance", uid: 2, target: 1 });
    expect(negate).toContain("targeting Crescent Rend");
    expect(negate).not.toMatch(/uid|\b[12]\b/);
  });

  it("Resonance's Opposed Roll has no field names or true/false", () => {
    const ctx = wordsContext("resonance", resonance, seatName);
    const line = describeEvent(ctx, { type: "roll", seat: 0, target: "p1", ev: 5, rv: 3, success: true, potent: false });
    expect(line).toBe("Ann: Opposed Roll on Bob Effect Value 5 against Resistance Value 3 — success");
  });
});

describe("the lobby's set-up menus", () => {
  it("name each preset through the catalog, not by its id", () => {
    const named = (engine: AnyEngine, id: string) => presetName(catalogOf(engine), id, engine.presets!()[id]);
    expect(named(solreiEngine, "vesper")).toBe("Vesper Kade");
    expect(named(achromaEngine, "emberwild-blaze")).toBe("Emberwild Blaze");
    expect(named(resonanceEngine, "null-silver-yellow")).toBe("Null with Silver and Yellow");
    expect(named(reactEngine, "calligrapher")).toBe("Calligrapher");
    for (const { engine } of cases) {
      for (const id of Object.keys(engine.presets?.() ?? {})) expect(named(engine, id), `${engine.game} ${id}`).not.toBe(id);
    }
  });
});
