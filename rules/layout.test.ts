/**
 * One layout for every engine (docs/architecture.md, "Engine layout"): `index.ts` is the engine
 * object, `engine.ts` the top-level state machine whose header is the index from rulebook
 * sections to files (Resonance's, with its `engine/` folder, is `engine/README.md`), `manifest.ts`
 * its line in the games list; modules are camelCase and under 400 lines (card data aside).
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GAME_IDS } from "./games.ts";

const here = import.meta.dirname;
/** Not rules: test helpers and the shared type declarations every module reads. */
const NOT_INDEXED = new Set(["testkit.ts", "fuzzkit.ts", "fuzzSuite.ts", "types.ts", "engine.ts", "index.ts"]);
/** Card and catalog data, exempt from the size limit. */
const DATA = /^(cards|catalogText|catalogEntries)\.ts$|^data\//;

function modulesOf(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...modulesOf(path, `${prefix}${name}/`));
    else if (name.endsWith(".ts") && !name.endsWith(".test.ts")) out.push(`${prefix}${name}`);
  }
  return out;
}

function indexOf(game: string): string {
  const dir = join(here, game);
  const header = readFileSync(join(dir, "engine.ts"), "utf8").split("*/")[0]!;
  const readme = join(dir, "engine", "README.md");
  return existsSync(readme) ? `${header}\n${readFileSync(readme, "utf8")}` : header;
}

describe.each(GAME_IDS)("%s engine layout", (game) => {
  const dir = join(here, game);
  const modules = modulesOf(dir);

  it("has index.ts (the engine), engine.ts (the state machine and the index), manifest.ts and RULINGS.md", () => {
    for (const f of ["index.ts", "engine.ts", "manifest.ts", "RULINGS.md"]) expect(existsSync(join(dir, f)), `${game}/${f}`).toBe(true);
  });

  it("names every module in the index from rulebook sections to files", () => {
    const index = indexOf(game);
    const missing = modules.filter((m) => !NOT_INDEXED.has(m) && !m.startsWith("data/") && !m.startsWith("keywords/") && !index.includes(m.split("/").pop()!));
    expect(missing).toEqual([]);
  });

  it("names modules in camelCase", () => {
    expect(modules.filter((m) => !/^([a-z][a-zA-Z0-9]*\/)*[a-z][a-zA-Z0-9]*\.ts$/.test(m))).toEqual([]);
  });

  it("keeps every module under 400 lines, card data aside", () => {
    const long = modules
      .filter((m) => !DATA.test(m))
      .map((m) => [m, readFileSync(join(dir, m), "utf8").split("\n").length] as const)
      .filter(([, n]) => n > 400);
    expect(long).toEqual([]);
  });
});
