/**
 * Each game's page in docs/ lists every action shape, event type and outcome reason: the tables
 * are generated from the same schemas the server serves (scripts/protocol-docs.ts), and this
 * fails when a page is out of date (run `npm run docs`).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { gameCatalogDocument } from "../rooms/messages.ts";
import { gameBindings } from "../rooms/registry.ts";
import { docsPath, protocolTables, typeText } from "../scripts/protocol-docs.ts";

describe.each(gameBindings.map((b) => b.engine))("docs/$game.md", (engine) => {
  it("holds the generated action, event and outcome tables, up to date (npm run docs)", () => {
    const page = readFileSync(docsPath(engine.game), "utf8");
    expect(page).toContain(protocolTables(engine));
  });

  it("every catalog section it counts (`kind` (N)) has that many entries in the served catalog", () => {
    const page = readFileSync(docsPath(engine.game), "utf8");
    const sections = gameCatalogDocument(engine).sections;
    // "`event` (72)" in running text, or a table row "| `event` | every event `type` (60) |".
    const inline = [...page.matchAll(/`([a-z_]+)` \((\d+)\)/g)];
    const rows = [...page.matchAll(/^\| `([a-z_]+)` \| [^|\n]*\((\d+)\) \|/gm)];
    const counted = [...inline, ...rows].filter((m) => m[1]! in sections);
    for (const [, kind, n] of counted) expect(Object.keys(sections[kind!]!).length, `${kind} (${n})`).toBe(Number(n));
  });
});

it("types read as words: ranges, enums, ids and optional fields", () => {
  expect(typeText({ type: "integer", minimum: 0, maximum: 3 })).toBe("int 0..3");
  expect(typeText({ type: "string", enum: ["deck", "hand"] })).toBe('"deck" \\| "hand"');
  expect(typeText({ type: "array", items: { type: "string" } })).toBe("string[]");
  expect(typeText({ type: "object", properties: { a: { type: "boolean" } }, required: [] })).toBe("{ a?: boolean }");
});
