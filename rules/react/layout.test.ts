/**
 * Re;ACT repeats its index from rulebook sections to files in RULINGS.md: every module is named
 * there as in engine.ts (the layout every engine shares: rules/layout.test.ts).
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
});
