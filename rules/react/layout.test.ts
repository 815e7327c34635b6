/**
 * The engine is laid out by rulebook chapter: every module is named in the index at the top of
 * engine.ts and of RULINGS.md, and stays small.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

const dir = new URL(".", import.meta.url);
const read = (f: string) => readFileSync(new URL(f, dir), "utf8");
const modules = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
const helpers = new Set(["testkit.ts", "fuzzkit.ts", "fuzzSuite.ts", "types.ts", "engine.ts"]);

describe("layout by rulebook chapter", () => {
  it("every engine module is named in the index of engine.ts and of RULINGS.md", () => {
    const header = read("engine.ts").split("*/")[0];
    const rulings = read("RULINGS.md").split("## Rulings")[0];
    for (const f of modules.filter((m) => !helpers.has(m))) {
      expect(header, `engine.ts index misses ${f}`).toContain(f);
      expect(rulings, `RULINGS.md index misses ${f}`).toContain(`\`${f}\``);
    }
  });

  it("every module is under 400 lines", () => {
    for (const f of modules) expect(read(f).split("\n").length, f).toBeLessThan(400);
  });
});
