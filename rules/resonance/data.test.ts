/**
 * Resonance card data (Appendix A–D, rules 2.3, 2.4, 3.1, 3.3). Ruling ids RD* are in
 * rules/resonance/data/RULINGS-data.md (to be merged into RULINGS.md).
 */
import { describe, expect, it } from "vitest";
import { ruleErrorCode } from "../core/testing.ts";
import {
  ALL_CARDS,
  CODEX,
  KEYWORDS,
  MODULES,
  MODULE_SOURCE,
  TAGS,
  TEMPLATES,
  blockKeywords,
  cardById,
  cardColors,
  codexById,
  codexOfKeyword,
  codexPool,
  keywordById,
  keywordByName,
  moduleByNumber,
  primaryBlock,
  tagById,
  type CardDef,
  type Color,
  type FactionModuleDef,
  type KeywordId,
} from "./data/index.ts";

const COLORS: Color[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const names = (ids: readonly KeywordId[]) => ids.map((id) => keywordById(id)!.name);
const mod = (n: number): FactionModuleDef => moduleByNumber(n)!;

/** The keyword ids a template row expects for a module (C1 = colors[0], C2 = colors[1]). */
function expectedRow(m: FactionModuleDef, slot: number): KeywordId[] {
  return TEMPLATES[m.template][slot].slots.map((s) => `${m.colors[s.side - 1]}.${s.category}` as KeywordId);
}

describe("Appendix C: keywords", () => {
  it("2.3/Appendix C: exactly 100 keywords, ids unique, ten per colour, one per category in each colour", () => {
    expect(KEYWORDS).toHaveLength(100);
    expect(new Set(KEYWORDS.map((k) => k.id)).size).toBe(100);
    for (const c of COLORS) {
      const own = KEYWORDS.filter((k) => k.color === c);
      expect(own).toHaveLength(10);
      expect(own.map((k) => k.category).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    }
  });

  it('2.3: a keyword id "C.D" is its colour C and category D', () => {
    for (const k of KEYWORDS) expect(k.id).toBe(`${k.color}.${k.category}`);
  });

  it("Appendix C: names are unique and keywordById/keywordByName find every keyword (case-insensitive names)", () => {
    expect(new Set(KEYWORDS.map((k) => k.name.toLowerCase())).size).toBe(100);
    for (const k of KEYWORDS) {
      expect(keywordById(k.id)).toBe(k);
      expect(keywordByName(k.name)).toBe(k);
      expect(keywordByName(k.name.toUpperCase())).toBe(k);
    }
    expect(keywordById("1.8")!.name).toBe("Brutal");
    expect(keywordByName("Two-Handed")!.id).toBe("2.7");
    expect(keywordById("10.1")).toBeUndefined();
    expect(keywordByName("Frobnicate")).toBeUndefined();
  });

  it("Appendix C: every keyword has its own non-empty rulebook text (none missing, none duplicated)", () => {
    for (const k of KEYWORDS) expect(k.text.length).toBeGreaterThan(10);
    expect(new Set(KEYWORDS.map((k) => k.text)).size).toBe(100);
  });

  it("Appendix C: multi-part texts keep their bullet lines (Gamble 0.8, Reckless 2.9)", () => {
    expect(keywordById("0.8")!.text).toContain("• Place one damage marker on Your Player.");
    expect(keywordById("0.8")!.text).toContain("This occurs before the Defender Reaction step.");
    expect(keywordById("2.9")!.text).toContain("• RV = 0.");
  });

  it("2.17 and the examples name keywords by the ids the data gives them", () => {
    const cited: [string, string][] = [
      ["Brutal", "1.8"],
      ["Splash", "8.6"],
      ["Martial", "1.2"],
      ["Piercing", "4.6"],
      ["Ranged", "7.7"],
      ["Hesitant", "3.0"],
      ["Defensive", "3.7"],
      ["Snap", "2.6"],
      ["Reckless", "2.9"],
      ["Indirect", "0.6"],
      ["Phasing", "1.7"],
      ["Survivor", "4.1"],
      ["Deadeye", "6.2"],
      ["Spread", "8.8"],
      ["Vulnerable", "6.0"],
      ["Channel", "9.9"],
      ["Sturdy", "3.1"],
      ["Brawler", "3.2"],
    ];
    for (const [name, id] of cited) expect(keywordByName(name)!.id).toBe(id);
  });

  it("Appendix D/4.4: #.4 (Boost) and #.5 (Status) keywords apply the tag with their own id; no other keyword has a tag", () => {
    for (const k of KEYWORDS) {
      if (k.category === 4 || k.category === 5) {
        expect(k.tag).toBe(k.id);
        expect(k.text).toBe(`Apply the ${k.name} Tag.`);
      } else expect(k.tag).toBeNull();
    }
  });
});

describe("Appendix D: tags", () => {
  it("Appendix D: 20 tags, ids unique, Boost for every #.4 keyword and Status for every #.5 keyword", () => {
    expect(TAGS).toHaveLength(20);
    expect(new Set(TAGS.map((t) => t.id)).size).toBe(20);
    for (const t of TAGS) expect(t.kind).toBe(t.id.endsWith(".4") ? "boost" : "status");
    expect(TAGS.filter((t) => t.kind === "boost")).toHaveLength(10);
    expect(TAGS.filter((t) => t.kind === "status")).toHaveLength(10);
  });

  it("Appendix D: each tag is named after the keyword that applies it and has its own text; tagById finds it", () => {
    for (const t of TAGS) {
      expect(t.name).toBe(`${keywordById(t.id)!.name} Tag`);
      expect(tagById(t.id)).toBe(t);
      expect(t.text.length).toBeGreaterThan(10);
    }
    expect(new Set(TAGS.map((t) => t.text)).size).toBe(20);
    expect(tagById("3.4")!.text).toBe("The first time this unit would be dealt damage, prevent that damage and remove this Tag.");
    expect(tagById("1.8")).toBeUndefined();
    for (const k of KEYWORDS) if (k.tag) expect(tagById(k.tag)).toBeDefined();
  });
});

describe("2.4/3.1/3.3: Codex Cards", () => {
  it("2.4: 50 Codex Cards, one per colour and Block Type, ids codex-<C>-<T>", () => {
    expect(CODEX).toHaveLength(50);
    expect(new Set(CODEX.map((c) => c.id)).size).toBe(50);
    for (const c of CODEX) {
      expect(c.id).toBe(`codex-${c.color}-${c.block}`);
      expect(codexById(c.id)).toBe(c);
    }
    expect(codexById("codex-3-6")).toBeUndefined();
  });

  it("2.4: Block Types pair #.1&#.2, #.3&#.4, #.5&#.6, #.7&#.8, #.9&#.0 of the card's colour", () => {
    const pairs = { 1: [1, 2], 2: [3, 4], 3: [5, 6], 4: [7, 8], 5: [9, 0] } as const;
    for (const c of CODEX) {
      expect(c.keywords).toEqual(pairs[c.block].map((d) => `${c.color}.${d}`));
      expect(blockKeywords(c.color, c.block)).toEqual(c.keywords);
    }
    expect(names(codexById("codex-3-1")!.keywords)).toEqual(["Sturdy", "Brawler"]); // Appendix F 3.0 example
  });

  it("2.4: every keyword is on exactly one Codex Card", () => {
    const all = CODEX.flatMap((c) => c.keywords);
    expect(new Set(all).size).toBe(100);
    for (const k of KEYWORDS) expect(codexOfKeyword(k.id).keywords).toContain(k.id);
  });

  it("3.3.2: primaryBlock is the colour's Block Type 1 card (keywords #.1 and #.2)", () => {
    for (const c of COLORS) {
      const p = primaryBlock(c);
      expect(p.color).toBe(c);
      expect(p.block).toBe(1);
      expect(p.keywords).toEqual([`${c}.1`, `${c}.2`]);
    }
  });

  it("3.3.3: codexPool is the 14 cards of Block Types 2-5 of the Primary and all five of both Secondaries, for every valid colour choice", () => {
    let checked = 0;
    for (const p of COLORS)
      for (const a of COLORS)
        for (const b of COLORS) {
          if (p === a || p === b || a >= b) continue;
          const pool = codexPool(p, [a, b]);
          expect(pool).toHaveLength(14);
          expect(new Set(pool.map((c) => c.id)).size).toBe(14);
          expect(pool.filter((c) => c.color === p).map((c) => c.block)).toEqual([2, 3, 4, 5]);
          expect(pool.filter((c) => c.color === a)).toHaveLength(5);
          expect(pool.filter((c) => c.color === b)).toHaveLength(5);
          expect(pool).not.toContain(primaryBlock(p));
          expect(
            codexPool(p, [b, a])
              .map((c) => c.id)
              .sort(),
          ).toEqual(pool.map((c) => c.id).sort());
          checked++;
        }
    expect(checked).toBe(10 * 36);
  });

  it("3.3.3: codexPool refuses a repeated colour, a wrong number of Secondaries or a colour outside 0-9 (bad_seat_config)", () => {
    expect(ruleErrorCode(() => codexPool(3, [3, 8]))).toBe("bad_seat_config");
    expect(ruleErrorCode(() => codexPool(3, [8, 8]))).toBe("bad_seat_config");
    expect(ruleErrorCode(() => codexPool(3, [8]))).toBe("bad_seat_config");
    expect(ruleErrorCode(() => codexPool(3, [8, 1, 2]))).toBe("bad_seat_config");
    expect(ruleErrorCode(() => codexPool(3, [8, 10 as Color]))).toBe("bad_seat_config");
    expect(ruleErrorCode(() => codexPool(1.5 as Color, [8, 2]))).toBe("bad_seat_config");
  });
});

describe("Appendix B: Faction Modules", () => {
  it("Appendix B: 50 modules numbered 1-50; 30 single-colour (Paragon, Fallen, Ascendant of each colour), 10 Complementary, 10 Opposed", () => {
    expect(MODULES).toHaveLength(50);
    MODULES.forEach((m, i) => {
      expect(m.number).toBe(i + 1);
      expect(moduleByNumber(i + 1)).toBe(m);
    });
    expect(moduleByNumber(0)).toBeUndefined();
    expect(moduleByNumber(51)).toBeUndefined();
    const single = MODULES.filter((m) => m.colors.length === 1);
    expect(single).toHaveLength(30);
    for (const c of COLORS) for (const t of ["paragon", "fallen", "ascendant"] as const) expect(single.filter((m) => m.colors[0] === c && m.template === t)).toHaveLength(1);
    const two = MODULES.filter((m) => m.colors.length === 2);
    expect(two.filter((m) => m.template === "complementary")).toHaveLength(10);
    expect(two.filter((m) => m.template === "opposed")).toHaveLength(10);
    for (const m of two) expect(m.colors[0]).not.toBe(m.colors[1]);
    expect(new Set(MODULES.map((m) => m.name)).size).toBe(50);
    expect(mod(1).name).toBe("Null Paragon");
    expect(mod(31).name).toBe("Green/Blue Complementary");
    expect(mod(31).colors).toEqual([3, 8]);
    expect(mod(50).name).toBe("Silver/Null Opposed");
  });

  it("Appendix B: 10 cards per module, 500 printed cards with unique ids m<module>-<slot>; cardById finds each", () => {
    expect(ALL_CARDS).toHaveLength(500);
    expect(new Set(ALL_CARDS.map((c) => c.id)).size).toBe(500);
    for (const m of MODULES) {
      expect(m.cards).toHaveLength(10);
      m.cards.forEach((c, slot) => {
        expect(c.id).toBe(`m${m.number}-${slot}`);
        expect(c.module).toBe(m.number);
        expect(cardById(c.id)).toBe(c);
      });
    }
    expect(cardById("m51-0")).toBeUndefined();
  });

  it("Appendix B templates: six Animations P1/F1, P2/F2, P3/F3, P4/F5, P4/F4, P5/F4, then Items of cost 1, 2, 3, 3 (Cost = Power)", () => {
    const shape = (c: CardDef) => (c.kind === "animation" ? `A${c.power}/${c.focus}` : `I${c.power}`);
    for (const m of MODULES) expect(m.cards.map(shape)).toEqual(["A1/1", "A2/2", "A3/3", "A4/5", "A4/4", "A5/4", "I1", "I2", "I3", "I3"]);
    for (const t of Object.values(TEMPLATES)) expect(t).toHaveLength(10);
  });

  it('RD1: the P4/F5 "(None)" row is a printed Animation (Power 4, Focus 5) with no keywords, so every module has 10 cards', () => {
    for (const m of MODULES) {
      const c = m.cards[3];
      expect(c).toMatchObject({ kind: "animation", power: 4, focus: 5 });
      expect(c.keywords).toEqual([]);
    }
    for (const s of MODULE_SOURCE) expect(s.rows[3]).toEqual([]);
  });

  it("Appendix B: the 30 single-colour modules follow their template's category pattern exactly", () => {
    for (const m of MODULES.filter((x) => x.colors.length === 1)) m.cards.forEach((c, slot) => expect(c.keywords, c.id).toEqual(expectedRow(m, slot)));
  });

  it("RD3: two-colour factions follow their template's pattern except the 30 printed deviations, where the printed list is kept", () => {
    const deviations: string[] = [];
    for (const m of MODULES.filter((x) => x.colors.length === 2))
      m.cards.forEach((c, slot) => {
        const exp = expectedRow(m, slot);
        if (exp.join() !== c.keywords.join()) deviations.push(`${m.number}/${slot}: ${exp.join(" ")} -> ${c.keywords.join(" ")}`);
      });
    expect(deviations).toEqual([
      "33/4: 9.5 4.6 9.8 -> 9.5 9.6 9.8",
      "34/4: 5.5 0.6 5.8 -> 5.5 5.6 5.8",
      "35/4: 8.5 6.6 8.8 -> 8.5 8.6 8.8",
      "36/5: 3.0 4.9 -> 7.0 4.9",
      "36/7: 4.7 -> 4.8",
      "36/9: 4.3 3.6 4.8 -> 4.3 3.6 3.8",
      "37/7: 6.7 -> 6.8",
      "37/9: 6.3 7.6 6.8 -> 6.3 7.6 7.8",
      "39/7: 8.7 -> 8.6",
      "39/9: 8.3 5.6 8.8 -> 8.3 5.7 8.8",
      "40/1: 0.8 -> 1.9",
      "40/2: 1.3 0.5 -> 0.3 1.5",
      "45/4: 0.5 1.6 0.8 -> 0.5 0.6 0.8",
      "46/4: 7.2 8.6 7.7 -> 7.2 7.6 8.7",
      "47/7: 2.7 -> 2.6",
      "47/8: 3.1 2.4 3.5 -> 3.1 2.4 3.4",
      "47/9: 2.3 3.6 2.8 -> 2.3 3.7 2.8",
      "48/1: 5.8 -> 5.9",
      "48/9: 9.3 5.6 9.8 -> 9.3 5.7 9.8",
      "49/0: 6.0 4.1 -> 6.0 4.2",
      "49/4: 4.2 6.6 4.7 -> 4.1 6.6 4.7",
      "49/7: 4.7 -> 4.8",
      "49/9: 4.3 6.6 4.8 -> 4.3 6.7 4.6",
      "50/1: 1.8 -> 1.9",
      "50/4: 0.2 1.6 0.7 -> 1.2 0.6 1.7",
      "50/5: 1.0 0.9 -> 0.0 1.9",
      "50/6: 1.0 -> 0.0",
      "50/7: 0.7 -> 1.7",
      "50/8: 1.1 0.4 1.5 -> 0.1 1.4 0.5",
      "50/9: 0.3 1.6 0.8 -> 1.3 0.6 1.8",
    ]);
  });

  it("RD3: only module 36's Limited (7.0) leaves its faction's two colours; every other keyword is of its module's colours", () => {
    const off: string[] = [];
    for (const c of ALL_CARDS) for (const k of c.keywords) if (!mod(c.module).colors.includes(keywordById(k)!.color)) off.push(`${c.id} ${k}`);
    expect(off).toEqual(["m36-5 7.0"]);
  });

  it("Appendix B: cards are transcribed as printed (spot checks across all five templates)", () => {
    expect(names(cardById("m1-0")!.keywords)).toEqual(["Restricted", "Aura"]);
    expect(names(cardById("m1-9")!.keywords)).toEqual(["Indirect", "Adaptive", "Gamble"]);
    expect(names(cardById("m8-1")!.keywords)).toEqual(["Anxious", "Acrobatic", "Sentry"]);
    expect(names(cardById("m14-6")!.keywords)).toEqual(["Feeble", "Curse"]);
    expect(names(cardById("m18-7")!.keywords)).toEqual(["Gremlins", "Leverage"]);
    expect(names(cardById("m30-9")!.keywords)).toEqual(["Aware", "Chain", "Channel"]);
    expect(names(cardById("m31-0")!.keywords)).toEqual(["Sturdy", "Brawler"]);
    expect(names(cardById("m36-5")!.keywords)).toEqual(["Limited", "Animate"]);
    expect(names(cardById("m44-8")!.keywords)).toEqual(["Stoic", "Immunized", "Piercing"]);
    expect(names(cardById("m50-0")!.keywords)).toEqual(["Bane", "Aura"]);
    expect(names(cardById("m50-9")!.keywords)).toEqual(["Attuned", "Indirect", "Brutal"]);
  });

  it("Appendix B: every keyword referenced by a card exists in Appendix C; no card names a keyword twice", () => {
    for (const c of ALL_CARDS) {
      for (const k of c.keywords) expect(keywordById(k), `${c.id} ${k}`).toBeDefined();
      expect(new Set(c.keywords).size, c.id).toBe(c.keywords.length);
    }
  });

  it("Appendix C note: every one of the 100 keywords is printed on at least one Animation and one Item", () => {
    const onAnim = new Set(ALL_CARDS.filter((c) => c.kind === "animation").flatMap((c) => c.keywords));
    const onItem = new Set(ALL_CARDS.filter((c) => c.kind === "item").flatMap((c) => c.keywords));
    expect(onAnim.size).toBe(100);
    expect(onItem.size).toBe(100);
  });

  it("cardColors: a card's colours are its module's (used by Edit 0.9's \"target's faction\")", () => {
    expect(cardColors(cardById("m1-0")!)).toEqual([0]);
    expect(cardColors(cardById("m46-2")!)).toEqual([8, 7]);
  });

  it("card names: all 500 printed cards have a name, names are unique and none is a keyword, tag or module name", () => {
    const cardNames = ALL_CARDS.map((c) => c.name);
    for (const n of cardNames) expect(n).toMatch(/^[A-Z][A-Za-z]+( [A-Z][A-Za-z]+)+$/);
    expect(new Set(cardNames).size).toBe(500);
    const reserved = new Set([...KEYWORDS.map((k) => k.name), ...TAGS.map((t) => t.name), ...MODULES.map((m) => m.name)]);
    for (const n of cardNames) expect(reserved.has(n), n).toBe(false);
  });

  it("data is immutable: modules, cards and keyword lists are frozen", () => {
    expect(Object.isFrozen(MODULES)).toBe(true);
    expect(Object.isFrozen(ALL_CARDS)).toBe(true);
    expect(Object.isFrozen(KEYWORDS)).toBe(true);
    expect(Object.isFrozen(CODEX)).toBe(true);
    expect(Object.isFrozen(mod(1).cards[0])).toBe(true);
    expect(Object.isFrozen(mod(1).cards[0].keywords)).toBe(true);
  });
});

describe("Appendix A: card anatomy limits", () => {
  it("Appendix A: an Animation has at most 3 keywords, Power 1-5 and Focus 1-5", () => {
    for (const c of ALL_CARDS.filter((x) => x.kind === "animation")) {
      expect(c.keywords.length, c.id).toBeLessThanOrEqual(3);
      expect(c.power).toBeGreaterThanOrEqual(1);
      expect(c.power).toBeLessThanOrEqual(5);
      if (c.kind === "animation") {
        expect(c.focus).toBeGreaterThanOrEqual(1);
        expect(c.focus).toBeLessThanOrEqual(5);
      }
    }
  });

  it("Appendix A: an Item costs 1-3, has at most 3 keywords and no more non-Flaw keywords than its cost (all 200 printed Items comply)", () => {
    const items = ALL_CARDS.filter((x) => x.kind === "item");
    expect(items).toHaveLength(200);
    for (const c of items) {
      expect([1, 2, 3]).toContain(c.power);
      expect(c.keywords.length, c.id).toBeLessThanOrEqual(3);
      const nonFlaw = c.keywords.filter((k) => keywordById(k)!.category !== 0).length;
      expect(nonFlaw, c.id).toBeLessThanOrEqual(c.power);
    }
  });
});
