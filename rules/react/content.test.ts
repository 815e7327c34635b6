/** The content list, checked for every Artist (card data in cards.ts is original text). */
import { describe, expect, it } from "vitest";
import { ARTISTS, CARDS, deckList } from "./cards.ts";
import type { ArtistId } from "./types.ts";

const ids = Object.keys(ARTISTS) as ArtistId[];

describe("content", () => {
  it("four Artists: Calligrapher, Dancer, Tagger, Painter; at least one without an Action deck (R25)", () => {
    expect(ids).toEqual(["calligrapher", "dancer", "tagger", "painter"]);
    expect(ids.filter((a) => ARTISTS[a].deck === null)).toEqual(["tagger"]);
    expect(ARTISTS.tagger.noDeck).toBeTruthy();
  });

  it("R19 every Artist has a Reference Sheet: passive and set-up text", () => {
    for (const a of ids) {
      expect(ARTISTS[a].passive.length, a).toBeGreaterThan(20);
      expect(ARTISTS[a].setup.length, a).toBeGreaterThan(20);
    }
  });

  it("R17 every Artist's Ability Card has both sides: ordinary effects and an ascended finishing Intention that descends", () => {
    for (const a of ids) {
      const own = CARDS[a];
      expect(own.type).toBe("ability");
      expect(own.unit).toBe(a);
      expect(
        own.effects.some((e) => !e.ascended),
        a,
      ).toBe(true);
      const asc = own.effects.filter((e) => e.ascended);
      expect(asc.length, a).toBe(1);
      expect(asc[0].kind).toBe("intention");
      expect(asc[0].steps.at(-1)).toEqual({ op: "descend" });
      // "all Artists have access to an effect that will allow them to Progress an additional time"
      expect(
        own.effects.some((e) => e.steps.some((st) => st.op === "progress")),
        a,
      ).toBe(true);
    }
  });

  it("every Artist has 3 Masterpiece cards, and every Summon its own Ability Card", () => {
    for (const a of ids) {
      expect(ARTISTS[a].masterpiece.length).toBe(3);
      expect(new Set(ARTISTS[a].masterpiece).size).toBe(3);
      expect(ARTISTS[a].summons.length, a).toBeGreaterThan(0);
      for (const sm of ARTISTS[a].summons) {
        expect(ARTISTS[a].abilities).toContain(sm);
        expect(CARDS[sm]).toMatchObject({ type: "ability", unit: sm, artist: a });
      }
      for (const c of ARTISTS[a].abilities) expect(CARDS[c]).toMatchObject({ type: "ability", artist: a });
    }
  });

  it("tokens: Calligrapher Ink 3, Dancer Scale 6, Tagger Mural Zone Tiles 4, Painter Block 2 and an Armament (R15, R10, R20, R21, R22)", () => {
    const supply = ids.map((a) => [a, ARTISTS[a].inkTokens, ARTISTS[a].scaleTokens, ARTISTS[a].muralTiles, ARTISTS[a].blockTokens, ARTISTS[a].armament]);
    expect(supply).toEqual([
      ["calligrapher", 3, 0, 0, 0, false],
      ["dancer", 0, 6, 0, 0, false],
      ["tagger", 0, 0, 4, 0, false],
      ["painter", 0, 0, 0, 2, true],
    ]);
  });

  it("R4 R27 every Action deck is 30 cards of 4 unique Action Cards with their quantities; every card has an effect with text", () => {
    for (const a of ids) {
      const deck = ARTISTS[a].deck;
      if (!deck) continue;
      expect(deck.length, a).toBe(4);
      expect(
        deck.reduce((n, d) => n + (CARDS[d].quantity ?? 0), 0),
        a,
      ).toBe(30);
      expect(deckList(a)!.length).toBe(30);
      expect(new Set(deckList(a)).size).toBe(30);
      for (const d of deck) expect(CARDS[d]).toMatchObject({ type: "action", artist: a });
    }
    for (const c of Object.values(CARDS)) {
      expect(c.effects.length, c.id).toBeGreaterThan(0);
      for (const e of c.effects) expect(e.text.length, c.id).toBeGreaterThan(10);
    }
    expect(new Set(Object.values(CARDS).map((c) => c.name)).size).toBe(Object.keys(CARDS).length);
  });

  it("the rulebook's named components exist: Sealbrush Spirit, Flowing Ink, Sheathing Respite, Pivoting Step, Dancing Fish", () => {
    expect(CARDS.spirit.name).toBe("Sealbrush Spirit");
    expect(CARDS.flowing_ink.effects[0]).toMatchObject({ kind: "reaction", cost: { dir: true } });
    expect(CARDS.sheathing_respite).toMatchObject({ type: "ability", unit: "spirit" });
    expect(CARDS.pivoting_step.effects[0]).toMatchObject({ kind: "reaction", cost: {} });
    expect(ARTISTS.dancer.summons).toEqual(["fish1", "fish2"]);
  });
});
