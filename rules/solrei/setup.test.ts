import { describe, expect, it } from "vitest";
import { RuleError } from "../core/errors.ts";
import { ADVANTAGES, ARTS, MUSES, parseConfig, parseSeatConfig, sampleSeatConfig, solreiEngine } from "./index.ts";
import { serialLetters } from "./cards.ts";
import { A, atOpen, c, drive, keepBoth, newShow, playCards, rig } from "./testkit.ts";

function err(f: () => unknown): RuleError {
  try {
    f();
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error("no error");
}

describe("I.4 build for battle: configs and set-ups", () => {
  it("config: {} and { mode: 'arcade' } are Arcade Mode with 2 seats; anything else is bad_config", () => {
    expect(parseConfig({})).toEqual({ format: "arcade" });
    expect(parseConfig({ mode: "arcade" })).toEqual({ format: "arcade" });
    expect(parseConfig({ format: "open" })).toEqual({ format: "open" });
    expect(solreiEngine.seatCount(parseConfig({}))).toBe(2);
    for (const bad of [{ mode: "story" }, { players: 3 }, "arcade", 5]) expect(err(() => parseConfig(bad)).code).toBe("bad_config");
  });

  it("card data: four Muses, one per Alignment suit, each with a complete default set-up sharing serial letters", () => {
    expect(
      Object.values(MUSES)
        .map((m) => m.alignment)
        .sort(),
    ).toEqual(["C", "D", "H", "S"]);
    for (const m of Object.values(MUSES)) {
      expect(m.type).not.toBe("");
      expect(m.skills.length).toBeGreaterThan(0);
      expect(m.chargeBonus.effect.length).toBeGreaterThan(0);
      const letters = serialLetters(m.serial);
      expect(serialLetters(ADVANTAGES[m.defaultAdvantage].serial)).toBe(letters);
      expect(m.defaultArts).toHaveLength(4);
      for (const a of m.defaultArts) expect(serialLetters(ARTS[a].serial)).toBe(letters);
      expect(parseSeatConfig({ muse: m.id }, parseConfig({}))).toEqual({ muse: m.id, advantage: m.defaultAdvantage, arts: m.defaultArts });
    }
    expect(Object.values(ARTS).some((a) => a.signature)).toBe(true);
    expect(Object.values(ARTS).some((a) => a.augment)).toBe(true);
    expect(sampleSeatConfig(0)).not.toEqual(sampleSeatConfig(1));
  });

  it("custom set-up: a set-up breaking 3 rules gets 3 lines (one per broken rule)", () => {
    const e = err(() => parseSeatConfig({ muse: "liora", advantage: "deep-roots", arts: ["encore", "encore", "verdant-wall", "rekindle"] }, parseConfig({ format: "open" })));
    expect(e.code).toBe("bad_seat_config");
    const lines = e.message.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes("share the name"))).toBe(true);
    expect(lines.some((l) => l.includes("SIGNATURE MOVE"))).toBe(true);
    expect(lines.some((l) => l.includes("requires TYPE-Giant"))).toBe(true);
  });

  it("custom set-up: unknown ids and a wrong number of arts are each reported", () => {
    const e = err(() => parseSeatConfig({ muse: "nobody", advantage: "nothing", arts: ["x", "encore"] }, parseConfig({ format: "open" })));
    const lines = e.message.split("\n");
    expect(lines).toEqual([
      expect.stringContaining('unknown muse "nobody"'),
      expect.stringContaining('unknown advantage "nothing"'),
      expect.stringContaining("exactly 4 arts"),
      expect.stringContaining('unknown art "x"'),
    ]);
    expect(err(() => parseSeatConfig({ muse: "liora", extra: 1 }, parseConfig({}))).code).toBe("bad_seat_config");
  });

  it("R16 Arcade Mode refuses cards outside the Muse's default set-up; the open format allows a valid custom set-up", () => {
    const custom = { muse: "vesper", advantage: "whetstone-vow", arts: ["crescent-rend", "shade-step", "audit", "edge-focus"] };
    const e = err(() => parseSeatConfig(custom, parseConfig({})));
    expect(e.message.split("\n")).toEqual([expect.stringContaining('Arcade Mode: art "audit" (TO-04)')]);
    expect(parseSeatConfig(custom, parseConfig({ format: "open" }))).toEqual(custom);
    // an Art the Muse does not qualify for is allowed (it will be BROKEN after use)
    expect(parseSeatConfig({ ...custom, arts: ["crescent-rend", "shade-step", "bear-hug", "edge-focus"] }, parseConfig({ format: "open" })).arts).toContain("bear-hug");
  });
});

describe("IV.1 public knowledge in views", () => {
  it("IV.1 a spectator sees counts, Muses, Advantages, readied Arts and damage, never a hand or a deck", () => {
    let s = keepBoth(newShow({ muses: ["vesper", "tamsin"], offense: 0 }));
    s = A(s, 1, { type: "select", choice: "art:1" });
    const v = solreiEngine.view(s, null);
    const json = JSON.stringify(v);
    for (const p of s.players) for (const x of [...p.hand, ...p.deck]) expect(json).not.toContain(`"${x}"`);
    expect(v.you).toBeNull();
    expect(v.players[0].handCount).toBe(5);
    expect(v.players[0].deckCount).toBe(47);
    expect(v.players[0].muse).toBe("vesper");
    expect(v.players[1].advantage).toBe("ledger-of-debts");
    expect(v.players[1].arts.map((a) => a.id)).toEqual([null, "audit", null, null]);
    expect(json).not.toContain("foreclose");
  });

  it("IV.1 a seat sees its own hand, Arts, Rei and face-down card, and nothing of the Rival's", () => {
    let s = keepBoth(newShow({ muses: ["vesper", "tamsin"], offense: 0 }));
    rig(s, 0, { hand: ["9S", "2S", "3S", "4S", "5D"] });
    s = drive(s, atOpen);
    s = A(s, 0, { type: "place", card: c(0, "9S") });
    const mine = solreiEngine.view(s, 0);
    expect(mine.you!.hand).toEqual(s.players[0].hand);
    expect(mine.you!.placed).toBe(c(0, "9S"));
    expect(mine.players[0].arts.map((a) => a.id)).toEqual(MUSES.vesper.defaultArts);
    const theirs = JSON.stringify(solreiEngine.view(s, 1));
    expect(theirs).not.toContain(c(0, "9S"));
    for (const x of s.players[0].hand) expect(theirs).not.toContain(`"${x}"`);
    expect(theirs).not.toContain("grave-hold");
    s = A(s, 1, { type: "place", card: s.players[1].hand[0] });
    s = A(s, 0, { type: "confirm" });
    s = A(s, 1, { type: "confirm" });
    s = A(s, 0, { type: "confirm" });
    expect(solreiEngine.view(s, 1).players[0].actionCard).toBeNull(); // BEFORE SHOWDOWN: still face down
    s = drive(s, (x) => x.revealed);
    expect(solreiEngine.view(s, 1).players[0].actionCard).toBe(c(0, "9S"));
  });

  it("events: a drawn card is told to its drawer only, with a public twin without it", () => {
    let s = keepBoth(newShow({ muses: ["vesper", "tamsin"], offense: 0 }));
    rig(s, 0, { hand: ["9S", "2S", "3S", "4S", "5D"] });
    rig(s, 1, { hand: ["3H", "4C", "5C", "6C", "7H"] });
    s = drive(s, atOpen);
    s = playCards(s, "9S", "3H");
    const r = (() => {
      let x = s;
      for (let i = 0; i < 200; i++) {
        const seat = solreiEngine.actors(x)[0];
        const res = solreiEngine.apply(x, seat, solreiEngine.timeoutAction(x, seat)!);
        if (res.events.some((e) => e.type === "drew" && e.why === "end of round")) return res;
        x = res.state;
      }
      throw new Error("no end of round");
    })();
    const drew = r.events.filter((e) => e.type === "drew");
    expect(drew.every((e) => e.to && e.to.length === 1 && e.to[0] === e.seat)).toBe(true);
    const twins = r.events.filter((e) => e.type === "draw");
    expect(twins).toHaveLength(drew.length);
    for (const t of twins) expect(t.to).toBeUndefined();
    expect(JSON.stringify(twins)).not.toMatch(/p[01]-/);
  });
});
