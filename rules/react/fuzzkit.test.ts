import { describe, expect, it } from "vitest";
import { checkInvariants, resimulatesToFinalHash, runPairFuzz } from "./fuzzkit.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { reactEngine } from "./index.ts";
import { newGameWith, zone } from "./testkit.ts";
import { canonicalJson, stateHash } from "../core/hash.ts";
import { cloneState } from "./clone.ts";
import type { State } from "./types.ts";

describe("fuzz invariants", () => {
  it("invariants: a legal state passes; each kind of broken state is caught", () => {
    const ok = newGameWith("calligrapher", "dancer");
    expect(() => checkInvariants(ok)).not.toThrow();
    const broken: [string, (s: State) => void][] = [
      ["card lost", (s) => void s.players[0].deck!.pop()],
      ["card twice", (s) => void s.players[0].discard.push(s.players[0].hand[0])],
      ["foreign card", (s) => void s.players[1].hand.push("flowing_ink#1")],
      ["hand over 6", (s) => void s.players[0].hand.push(...s.players[0].deck!.splice(0, 2))],
      [
        "two units in a zone",
        (s) => {
          s.units.dancer.pos = s.units.calligrapher.pos;
        },
      ],
      [
        "chain over 5",
        (s) => {
          s.chain = Array.from({ length: 6 }, () => ({ seat: 0, source: "ability", card: "calligrapher", def: "calligrapher", effect: 1, target: null, dir: null }) as const).map((e) => ({ ...e }));
        },
      ],
      ["chain left unresolved", (s) => void s.chain.push({ seat: 0, source: "ability", card: "calligrapher", def: "calligrapher", effect: 1, target: null, dir: null })],
      [
        "damage over 3",
        (s) => {
          s.players[1].damage = 4;
        },
      ],
      [
        "Masterpiece part twice",
        (s) => {
          s.mpZone = [{ seat: 0, part: 1 }, { seat: 0, part: 1 }, null, null, null];
        },
      ],
      [
        "too many Ink",
        (s) => {
          s.units.spirit.pos = zone(2, 2);
          s.units.fish1.pos = zone(2, 3);
          s.units.fish2.pos = zone(2, 4);
          for (const u of Object.values(s.units)) u.inked = true;
        },
      ],
      [
        "Scales over supply",
        (s) => {
          s.scales = s.scales.map(() => 1);
        },
      ],
      [
        "three Scales in a zone",
        (s) => {
          s.scales[0] = 3;
        },
      ],
      [
        "Artist off the board",
        (s) => {
          s.units.dancer.pos = null;
        },
      ],
      [
        "Mural over supply",
        (s) => {
          s.tiles[0] = { owner: 0, kind: "mural" };
        },
      ],
      [
        "Block over supply",
        (s) => {
          s.blocks[0] = 1;
        },
      ],
      [
        "Armament for a non-Painter",
        (s) => {
          s.units.dancer.armament = "S";
        },
      ],
      [
        "swap prompt for a non-Dancer (R9)",
        (s) => {
          s.prompt = { kind: "swap", seat: 0, then: "chain" };
        },
      ],
    ];
    for (const [name, breakIt] of broken) {
      const s = structuredClone(ok);
      breakIt(s);
      expect(() => checkInvariants(s), name).toThrow();
    }
  });

  it("replays: a replay re-simulates to its final hash, and a tampered one does not", () => {
    const { replay } = playRandomGame(reactEngine, {}, [{ artist: "tagger" }, { artist: "painter" }], "resim");
    expect(resimulatesToFinalHash(replay)).toBe(true);
    expect(resimulatesToFinalHash({ ...replay, finalHash: "0".repeat(64) })).toBe(false);
    expect(() => resimulatesToFinalHash({ ...replay, seed: "other" })).toThrow();
  });

  it("runPairFuzz alternates the seats and counts every game's end reason", () => {
    const r = runPairFuzz("dancer", "painter", 6);
    expect(r.seat0).toEqual({ dancer: 3, painter: 3 });
    expect(Object.values(r.reasons).reduce((a, b) => a + b, 0)).toBe(6);
  });

  it("cloneState is a full deep copy (same canonical JSON, no shared object) and apply never changes its input", () => {
    const shared = (a: unknown, b: unknown, path: string): string[] => {
      if (a === null || typeof a !== "object") return [];
      if (a === b) return [path];
      return Object.keys(a as object).flatMap((k) => shared((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`));
    };
    let checked = 0;
    playRandomGame(reactEngine, {}, [{ artist: "painter" }, { artist: "calligrapher" }], "clone", {
      onStep: (state, info) => {
        const s = state as State;
        const c = cloneState(s);
        expect(canonicalJson(c)).toBe(canonicalJson(s));
        expect(shared(s, c, "state")).toEqual([]);
        if (info.step % 3 === 0 && !s.outcome) {
          const h = stateHash(s);
          const seat = reactEngine.actors(s)[0];
          reactEngine.apply(s, seat, reactEngine.legal(s, seat).at(-1)!);
          expect(stateHash(s)).toBe(h);
        }
        checked++;
      },
    });
    expect(checked).toBeGreaterThan(50);
  });
});
