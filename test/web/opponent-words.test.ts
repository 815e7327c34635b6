/**
 * The words the table shows inside another seat's area after it decided (web/src/opponentWords.ts):
 * which seat's area, which line, and which events of the feed are news.
 */
import { describe, expect, it } from "vitest";
import { freshCount, opponentWords } from "../../web/src/opponentWords.ts";
import { describeEvents, wordsContext, type GameEvent } from "../../web/src/words.ts";

const seatName = (seat: number) => ["Ann", "Bot 2", "Bot 3"][seat]!;

describe("opponentWords", () => {
  it("puts each other seat's first line of the step in that seat's area, without its name", () => {
    const batch: GameEvent[] = [
      { type: "deploy", seat: 1, card: "p1c4" },
      { type: "bank", seat: 1, amount: 3 },
      { type: "draw", seat: 0 },
      { type: "damage", zone: 3 },
      { type: "pass", seat: 2 },
    ];
    const lines = ["Bot 2: Deploy Old Map", "Bot 2: Bank 3 Shards", "Ann: Draw", "Damage to C4", "Bot 3: Pass"];
    expect(opponentWords(batch, lines, 0, seatName)).toEqual(
      new Map([
        [1, "Deploy Old Map"],
        [2, "Pass"],
      ]),
    );
  });

  it("gives a spectator every seat's, and nothing for lines that are no seat's", () => {
    const batch: GameEvent[] = [{ type: "draw", seat: 0 }, { type: "damage" }];
    expect(opponentWords(batch, ["Ann: Draw", "Damage"], null, seatName)).toEqual(new Map([[0, "Draw"]]));
    expect(opponentWords([{ type: "damage" }], ["Damage"], 0, seatName).size).toBe(0);
  });

  it("uses the log's own words for a real event", () => {
    const ctx = wordsContext("achroma", null, seatName);
    const events: GameEvent[] = [{ type: "pass", seat: 1 }];
    const lines = describeEvents(ctx, events);
    const said = opponentWords(events, lines, 0, seatName).get(1)!;
    expect(lines[0]).toBe(`Bot 2: ${said}`);
  });

  it("counts only what arrived after the newest event seen", () => {
    const a = { type: "a" };
    const b = { type: "b" };
    const c = { type: "c" };
    expect(freshCount([a, b, c], a)).toBe(2);
    expect(freshCount([a, b, c], c)).toBe(0);
    expect(freshCount([a, b], null)).toBe(2);
    expect(freshCount([b, c], { type: "gone" })).toBe(0);
  });
});
