/**
 * Adding a game is its folders and one line in the games list (rules/games.ts): no other product
 * file may list the games, and every game of the list has each folder the server, the client
 * typings and the web client look for by its id.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { gameBindings } from "../rooms/registry.ts";
import { GAME_IDS } from "../rules/games.ts";
import { PRODUCT, productFiles } from "../scripts/check-imports.ts";

const ROOT = join(import.meta.dirname, "..");
/** The list itself, and the client typings, whose per-game entries the compiler checks against it. */
const MAY_LIST = new Set(["rules/games.ts", "rooms/client.ts"]);

/** The file belongs to one game: its rules, its room binding or its board. */
function gameOfFile(file: string): string | null {
  const m = /^(?:rules|rooms)\/([a-z0-9]+)\/|^web\/src\/boards\/([a-z0-9]+)[./]/.exec(file);
  const id = m?.[1] ?? m?.[2];
  return id && (GAME_IDS as readonly string[]).includes(id) ? id : null;
}

/** The game ids a file names in code: string literals and property names (comments do not count). */
function idsNamed(file: string): Set<string> {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const ids = new Set<string>();
  const visit = (node: ts.Node) => {
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if ((ts.isPropertyAssignment(node) || ts.isPropertySignature(node) || ts.isShorthandPropertyAssignment(node)) && ts.isIdentifier(node.name)) text = node.name.text;
    if (text !== null && (GAME_IDS as readonly string[]).includes(text)) ids.add(text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return ids;
}

describe("the games list (rules/games.ts)", () => {
  it("is the only product file that lists the games (two or more game ids in one file)", () => {
    const files = productFiles([...PRODUCT, "scripts"]);
    expect(files.length).toBeGreaterThan(300);
    const listing = files.filter((f) => !MAY_LIST.has(f) && gameOfFile(f) === null && idsNamed(f).size >= 2).map((f) => `${f}: ${[...idsNamed(f)].join(", ")}`);
    expect(listing).toEqual([]);
    // The check sees a list where there is one.
    expect(idsNamed("rules/games.ts").size).toBe(0); // imports by path, names no id itself
    expect([...idsNamed("rooms/client.ts")].sort()).toEqual([...GAME_IDS].sort());
  });

  it("every game of the list has its manifest, engine, room binding, board, field words and client page", () => {
    for (const id of GAME_IDS) {
      for (const path of [
        `rules/${id}/manifest.ts`,
        `rules/${id}/index.ts`,
        `rooms/${id}/binding.ts`,
        `rooms/${id}/schema.ts`,
        `web/src/boards/${id}.tsx`,
        `web/src/boards/${id}.fields.ts`,
        `docs/${id}.md`,
      ]) {
        expect(existsSync(join(ROOT, path)), `${id}: ${path}`).toBe(true);
      }
    }
  });

  it("the room registry serves exactly the games of the list, in its order", () => {
    expect(gameBindings.map((b) => b.engine.game)).toEqual([...GAME_IDS]);
    for (const b of gameBindings) expect(b.engine.sampleSeat(0), b.engine.game).toBeDefined();
  });
});
