import { describe, expect, it } from "vitest";
import { ruleErrorCode } from "../core/testing.ts";
import { RuleError } from "../core/errors.ts";
import { HAND_SIZE, MAIN_DECK_SIZE, setupState } from "./engine.ts";
import { allowedCodex, parseConfig, parseSeatConfig, resonanceEngine, sampleSeatConfig } from "./index.ts";
import { A, game } from "./testkit.ts";
import { card } from "./catalog.ts";
import type { State } from "./types.ts";

function seatErrors(input: unknown): string[] {
  try {
    parseSeatConfig(input);
  } catch (e) {
    if (e instanceof RuleError && e.code === "bad_seat_config") return e.message.split("\n");
    throw e;
  }
  return [];
}

const good = { primary: 1, secondary: [3, 8], codex: allowedCodex(1, [3, 8]).slice(0, 10) };

describe("config and seat config (3.3)", () => {
  it("config: players 2..4, anything else is bad_config", () => {
    for (const n of [2, 3, 4]) expect(resonanceEngine.seatCount(parseConfig({ players: n }))).toBe(n);
    for (const bad of [{ players: 1 }, { players: 5 }, { players: 2.5 }, {}, { players: 2, x: 1 }]) expect(ruleErrorCode(() => parseConfig(bad))).toBe("bad_config");
  });

  it("3.3.3 a seat: primary colour, two secondary colours, 10 Codex cards from the 14 allowed blocks", () => {
    expect(parseSeatConfig(good)).toEqual(good);
    expect(allowedCodex(1, [3, 8])).toHaveLength(14);
    expect(allowedCodex(1, [3, 8])).not.toContain("codex-1-1");
    for (let seat = 0; seat < 10; seat++) expect(() => parseSeatConfig(sampleSeatConfig(seat))).not.toThrow();
  });

  it("3.3 bad_seat_config lists every broken rule, one per line", () => {
    expect(seatErrors({ ...good, primary: 12 })).toEqual(["primary colour must be an integer 0..9, got 12"]);
    expect(seatErrors({ ...good, secondary: [3] })).toEqual([
      "exactly two secondary colours are needed, got 1",
      "codex-8-1 is not among the 14 allowed blocks (primary Types 2-5, secondary Types 1-5)",
    ]);
    expect(seatErrors({ ...good, secondary: [3, 3], codex: allowedCodex(1, [3]).slice(0, 9).concat("codex-3-1") })).toEqual([
      "the two secondary colours must differ (both are 3)",
      "Codex card codex-3-1 is chosen twice",
    ]);
    expect(seatErrors({ ...good, secondary: [1, 8] })).toContain("secondary colour 1 is the primary colour");
    expect(seatErrors({ ...good, codex: good.codex.slice(0, 9) })).toEqual(["the Personal Codex Deck must have exactly 10 cards, got 9"]);
    expect(seatErrors({ ...good, codex: [...good.codex.slice(0, 8), "codex-1-1", "codex-5-2"] })).toEqual([
      "codex-1-1 is the primary colour's Block Type 1, already active; it cannot be in the deck",
      "codex-5-2 is not among the 14 allowed blocks (primary Types 2-5, secondary Types 1-5)",
    ]);
    expect(seatErrors({ ...good, codex: [...good.codex.slice(0, 9), "codex-x"] })).toEqual(["unknown Codex card codex-x (ids look like codex-<colour>-<block type>)"]);
    // several problems at once: one line each
    expect(seatErrors({ primary: 1, secondary: [1, 1], codex: [] })).toHaveLength(4);
    expect(ruleErrorCode(() => parseSeatConfig({ primary: "red" }))).toBe("bad_seat_config");
  });
});

describe("World Weaving (3.2)", () => {
  it("R2 3.2.2 every Player rolls a seeded d10; the highest picks first; tied highest re-roll", () => {
    let tie: State | null = null;
    for (let i = 0; i < 200 && !tie; i++) {
      const s = setupState(
        { players: 4 },
        [0, 1, 2, 3].map((x) => parseSeatConfig(sampleSeatConfig(x))),
        `tie-${i}`,
      );
      if (s.rolls.length > 1) tie = s;
    }
    expect(tie).not.toBeNull();
    const s = tie!;
    for (const r of s.rolls) for (const v of r.values) expect(v >= 1 && v <= 10).toBe(true);
    const first = s.rolls[0];
    const top = Math.max(...first.values);
    expect(s.rolls[1].seats).toEqual(first.seats.filter((_, i) => first.values[i] === top));
    const last = s.rolls[s.rolls.length - 1];
    expect(s.firstPicker).toBe(last.seats[last.values.indexOf(Math.max(...last.values))]);
    expect(s.picker).toBe(s.firstPicker);
    // same seed, same rolls
    expect(
      setupState(
        { players: 4 },
        [0, 1, 2, 3].map((x) => parseSeatConfig(sampleSeatConfig(x))),
        "tie-0",
      ).rolls,
    ).toEqual(
      setupState(
        { players: 4 },
        [0, 1, 2, 3].map((x) => parseSeatConfig(sampleSeatConfig(x))),
        "tie-0",
      ).rolls,
    );
  });

  it("R1 the draft pool is all 50 Faction Modules of Appendix B", () => {
    const s = resonanceEngine.setup(
      parseConfig({ players: 2 }),
      [0, 1].map((x) => parseSeatConfig(sampleSeatConfig(x))),
      "pool",
    );
    expect(s.pool).toHaveLength(50);
    expect(resonanceEngine.legal(s, s.picker)).toHaveLength(50);
  });

  for (const [players, each, chaos] of [
    [2, 5, 0],
    [3, 3, 1],
    [4, 2, 2],
  ] as const) {
    it(`3.2.2-3.2.4 ${players} players: clockwise draft of ${each} modules each, ${chaos} Chaos Slot(s), a 100-card Main Deck, 5-card hands`, () => {
      const cfg = parseConfig({ players });
      let s = resonanceEngine.setup(
        cfg,
        Array.from({ length: players }, (_, i) => parseSeatConfig(sampleSeatConfig(i))),
        `draft-${players}`,
      );
      const order: number[] = [];
      while (s.phase === "draft") {
        const seat = s.picker;
        order.push(seat);
        expect(resonanceEngine.actors(s)).toEqual([seat]);
        const other = (seat + 1) % players;
        expect(ruleErrorCode(() => resonanceEngine.apply(s, other, { type: "pick", module: s.pool[0] }))).toBe("not_your_turn");
        s = A(s, seat, { type: "pick", module: s.pool[s.pool.length - 1] });
      }
      expect(order.slice(0, players)).toEqual(Array.from({ length: players }, (_, i) => (s.firstPicker + i) % players));
      expect(order).toHaveLength(each * players);
      for (const p of s.picks) expect(p).toHaveLength(each);
      expect(s.chaos).toHaveLength(chaos);
      const total = s.mainDeck.length + s.players.reduce((n, p) => n + p.hand.length, 0);
      expect(total).toBe(MAIN_DECK_SIZE);
      const modules = new Set([...s.picks.flat(), ...s.chaos]);
      expect(modules.size).toBe(10);
      for (const p of s.players) expect(p.hand).toHaveLength(HAND_SIZE);
    });
  }

  it('R29 each module\'s P4/F5 "(None)" row is a vanilla Animation: 10 of the 100 Main Deck cards', () => {
    const s = game({ players: 2 });
    const all = [...s.mainDeck, ...s.players.flatMap((p) => p.hand)];
    const vanilla = all.map(card).filter((c) => c.kind === "animation" && c.power === 4 && c.focus === 5);
    expect(vanilla).toHaveLength(10);
    for (const c of vanilla) expect(c.keywords).toEqual([]);
  });

  it("3.2.2 a module cannot be picked twice", () => {
    let s = resonanceEngine.setup(
      parseConfig({ players: 2 }),
      [0, 1].map((x) => parseSeatConfig(sampleSeatConfig(x))),
      "twice",
    );
    s = A(s, s.picker, { type: "pick", module: 7 });
    expect(ruleErrorCode(() => resonanceEngine.apply(s, s.picker, { type: "pick", module: 7 }))).toBe("illegal_move");
  });
});

describe("Player set-up (3.3) and the start (R3)", () => {
  it("3.3.1 HP 10, EN 10, Focus 1, Karma 0; 3.3.2 primary Block Type 1 active; 3.3.3 10-card Codex deck shuffled", () => {
    const s = game({ players: 3 });
    for (const p of s.players) {
      expect([p.self.damage, p.en, p.focus, p.karma]).toEqual([0, 10, 1, 0]);
      expect(resonanceEngine.view(s, p.seat).players[p.seat].hp).toBe(10);
      expect(p.codexActive).toEqual([`codex-${p.primary}-1`]);
      expect(p.codexDeck).toHaveLength(10);
      expect([...p.codexDeck].sort()).toEqual([...(sampleSeatConfig(p.seat) as { codex: string[] }).codex].sort());
    }
  });

  it("R3 the first picker (highest d10) takes the first turn; no EN on the game's first turn; 2.15 no attack on it", () => {
    const s = game({ players: 2 });
    expect(s.turn).toBe(1);
    expect(s.turnSeat).toBe(s.firstPicker);
    expect(s.phase).toBe("action");
    expect(s.players[s.turnSeat].en).toBe(10);
    const legal = resonanceEngine.legal(s, s.turnSeat);
    expect(legal.some((a) => a.type === "attack")).toBe(false);
    expect(ruleErrorCode(() => resonanceEngine.apply(s, s.turnSeat, { type: "attack", actor: `p${s.turnSeat}`, target: `p${1 - s.turnSeat}` }))).toBe("illegal_move");
  });
});
