/**
 * The generic board (web/src/view.tsx: the replay's table, and any game without its own board)
 * rendered to HTML without a browser: each field is looked up in its own catalog section
 * (`mulligan: "kept"` is the mulligan state "Kept", not the `kept` event's "You kept"), seat
 * numbers are the players' names, and instance ids (`uid`) are not shown next to their card.
 */
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import { achromaEngine } from "../../rules/achroma/index.ts";
import type { Catalog } from "../../web/src/api.ts";
import { indexCatalog } from "../../web/src/catalog.tsx";
import { Tree } from "../../web/src/view.tsx";

const NAMES = ["Ann", "Bob"];
const seatName = (s: number) => NAMES[s] ?? `Player ${s + 1}`;
const achroma = indexCatalog({ game: "achroma", version: achromaEngine.version, sections: achromaEngine.catalog!().sections } as Catalog);

describe("the generic board", () => {
  it("reads a mulligan state in the mulligan section and names seats", () => {
    const html = renderToString(
      h(Tree, {
        value: { active: 1, players: [{ seat: 1, mulligan: "kept" }], resolving: [{ uid: "p1c19", def: "old-map", owner: 1 }] },
        ctx: { cat: achroma, seatName, game: "achroma" },
      }),
    );
    const text = html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("mulligan Kept");
    expect(text).not.toContain("You kept");
    expect(text).toContain("active Bob");
    expect(text).not.toContain("p1c19");
    expect(text).toContain("owner Bob");
  });
});
