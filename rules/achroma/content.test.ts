import { describe, expect, it } from "vitest";
import { CARDS, type CardDef, type Step } from "./cards.ts";
import { parseSeatConfig, PALETTES } from "./index.ts";
import { STEP_KINDS } from "./protocol.ts";
import { code } from "./testkit.ts";

const all = Object.values(CARDS);
/** Every effect step a card composes, wherever it sits (ACTION, INFEST, MENAGERIE, DISPOSE, Pay X, Erase trigger). */
const steps = (c: CardDef): Step[] => [...c.action, ...(c.infest ?? []), ...(c.menagerie?.steps ?? []), ...(c.dispose ?? []), ...(c.paid?.steps ?? []), ...(c.onErase?.steps ?? [])];
const usesStep = (c: CardDef, k: string, extra: (s: Step) => boolean = () => true) => steps(c).some((s) => s.k === k && extra(s));

/** How each keyword/rule shows in the card data. */
const KEYWORDS: Record<string, (c: CardDef) => boolean> = {
  ACTION: (c) => c.type !== "action" && c.action.length > 0,
  CLAIM: (c) => usesStep(c, "claim"),
  CURSE: (c) => usesStep(c, "curse"),
  DEFEND: (c) => !!c.defend,
  DIG: (c) => usesStep(c, "dig"),
  DISPOSE: (c) => !!c.dispose,
  DIVERT: (c) => !!c.divert,
  FIND: (c) => usesStep(c, "find"),
  FREEZE: (c) => usesStep(c, "freeze"),
  HUNT: (c) => !!c.hunt,
  INFEST: (c) => !!c.infest,
  MENAGERIE: (c) => !!c.menagerie && !c.menagerie.onDeploy,
  "ACTION: MENAGERIE": (c) => !!c.menagerie?.onDeploy,
  MOUNT: (c) => !!c.mount,
  "Dragon/Drake": (c) => c.kind === "dragon" || c.kind === "drake",
  REVEAL: (c) => usesStep(c, "reveal"),
  POISONOUS: (c) => !!c.poisonous,
  "PREVENT X": (c) => c.achroma?.kind === "prevent",
  PROTECTION: (c) => !!c.protection,
  RAGE: (c) => !!c.rage || usesStep(c, "rage"),
  "RESEARCH X": (c) => usesStep(c, "research"),
  RESTRAIN: (c) => usesStep(c, "restrain"),
  SACRIFICE: (c) => usesStep(c, "sacrifice"),
  SECRET: (c) => usesStep(c, "secret"),
  "SHIELD WALL X": (c) => !!c.shieldWall,
  "SPLAT X": (c) => usesStep(c, "splat", (s) => s.k === "splat" && s.kind === "gain"),
  "SQUISH X": (c) => usesStep(c, "splat", (s) => s.k === "splat" && s.kind === "drain"),
  TRADE: (c) => usesStep(c, "trade"),
  HEROIC: (c) => !!c.heroic,
  COPY: (c) => usesStep(c, "copy"),
  SWAP: (c) => usesStep(c, "swap"),
  REPLACE: (c) => usesStep(c, "replace"),
  GIVE: (c) => usesStep(c, "give"),
  "Pay X Shards": (c) => !!c.paid,
  "you may": (c) => steps(c).some((s) => !!s.may) || usesStep(c, "splat"),
  "Erase trigger": (c) => !!c.onErase,
  "Realm Relic": (c) => !!c.relic,
  Achrom: (c) => (c.achrom ?? 0) > 0,
  Chroma: (c) => c.shards - (c.achrom ?? 0) > 0,
  Gain: (c) => c.achroma?.kind === "gain",
  Drain: (c) => c.achroma?.kind === "drain",
  Steal: (c) => c.achroma?.kind === "steal",
};

describe("content", () => {
  it("CONTENT: every keyword and rule above is on at least one card; every card type and rarity, the five Realms and Realmless cards are present", () => {
    for (const [kw, test] of Object.entries(KEYWORDS))
      expect(
        all.filter(test).map((c) => c.id),
        kw,
      ).not.toEqual([]);
    for (const t of ["character", "location", "object", "action"])
      expect(
        all.some((c) => c.type === t),
        t,
      ).toBe(true);
    for (const r of ["common", "uncommon", "rare", "legendary"])
      expect(
        all.some((c) => c.rarity === r),
        r,
      ).toBe(true);
    for (const realm of ["emberwild", "tidehollow", "stormreach", "verdance", "gloamfen", null])
      expect(
        all.some((c) => c.realm === realm),
        String(realm),
      ).toBe(true);
    // A card that is both Chroma and Achrom exists (R42).
    expect(all.some((c) => KEYWORDS.Achrom(c) && KEYWORDS.Chroma(c))).toBe(true);
  });

  it("CONTENT: names are unique, Shard Values 1..6, Characters have a type, and every step is one the engine knows", () => {
    const known = new Set<string>(STEP_KINDS);
    expect(new Set(all.map((c) => c.name)).size).toBe(all.length);
    for (const c of all) {
      expect(c.shards, c.id).toBeGreaterThanOrEqual(1);
      expect(c.shards, c.id).toBeLessThanOrEqual(6);
      expect(c.achrom ?? 0, c.id).toBeLessThanOrEqual(c.shards);
      if (c.type === "character") expect(c.kind, c.id).toBeTruthy();
      for (const s of steps(c)) expect(known.has(s.k), `${c.id}: ${s.k}`).toBe(true);
    }
  });

  it("PALETTE: the ready Palettes are legal, at least two in each of two Realms, and together use the new keywords", () => {
    for (const [name, ids] of Object.entries(PALETTES)) expect(() => parseSeatConfig({ palette: ids }), name).not.toThrow();
    const byRealm = new Map<string, number>();
    for (const name of Object.keys(PALETTES)) byRealm.set(name.split("-")[0], (byRealm.get(name.split("-")[0]) ?? 0) + 1);
    expect([...byRealm.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(2);
    const inDecks = new Set(Object.values(PALETTES).flat());
    const decks = all.filter((c) => inDecks.has(c.id));
    for (const kw of ["RESTRAIN", "INFEST", "MOUNT", "MENAGERIE", "DISPOSE", "DIVERT", "COPY", "SWAP", "REPLACE", "GIVE", "Pay X Shards", "Erase trigger", "you may"])
      expect(decks.some(KEYWORDS[kw]), kw).toBe(true);
  });

  it("PALETTE: each broken deck-building rule gives exactly one precise line", () => {
    const base = [...PALETTES["emberwild-kiln"]]; // 0 Legendaries, 4 Rares
    const lines = (ids: string[]): string[] => {
      try {
        parseSeatConfig({ palette: ids });
        return [];
      } catch (e) {
        return (e as Error).message.split("\n");
      }
    };
    expect(lines(base)).toEqual([]);
    expect(code(() => parseSeatConfig({ palette: base.slice(1) }))).toBe("bad_seat_config");
    expect(lines(base.slice(1))).toEqual(["a Palette has exactly 30 cards, got 29"]);
    const twoLegends = [...base];
    twoLegends.splice(-2, 2, "ember-sovereign", "ember-sovereign");
    expect(lines(twoLegends)).toEqual(["at most 1 Legendary card, got 2"]);
    const fiveRares = [...base];
    fiveRares[fiveRares.length - 1] = "scorch-viper";
    expect(lines(fiveRares)).toEqual(["at most 4 Rare cards, got 5"]);
    const dupRare = [...base];
    dupRare[dupRare.indexOf("pyre-citadel")] = "kiln-oracle";
    expect(lines(dupRare)).toEqual(["at most 1 of each Rare card: kiln-oracle"]);
    const threeCommons = [...base];
    threeCommons[threeCommons.indexOf("cinder-hound")] = "ember-scout";
    expect(lines(threeCommons)).toEqual(["at most 2 of each Common/Uncommon card: ember-scout"]);
    const twoRealms = [...base];
    twoRealms[twoRealms.indexOf("cinder-hound")] = "kelp-runner";
    expect(lines(twoRealms)).toEqual(["all cards must share one Realm (plus Realmless cards), got emberwild, tidehollow"]);
    const unknown = [...base];
    unknown[unknown.indexOf("cinder-hound")] = "no-such-card";
    expect(lines(unknown)).toEqual(["unknown cards: no-such-card"]);
    // Realmless cards go with any Realm.
    const realmless = [...PALETTES["gloamfen-mire"]];
    expect(lines(realmless)).toEqual([]);
  });
});
