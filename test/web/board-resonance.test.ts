/**
 * The Resonance board (web/src/boards/resonance.tsx) rendered to HTML without a browser
 * (preact-render-to-string) from a sample captured in a real 4-seat match
 * (web/src/boards/resonance.sample.ts): the viewer's hand shows for the viewer and never for a
 * spectator, every card on the board carries its catalog name, and every public field is in words.
 */
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";

// The web modules are loaded at run time (vitest compiles their JSX with web/tsconfig.json's
// Preact settings); a static import would pull .tsx into the root project's typecheck, which has
// no JSX setting. These are the few shapes the test reads (web/src/boards/types.ts, web/src/api.ts).
type BoardProps = { game: Record<string, any>; secret: Record<string, any> | null; seats: { seat: number; name: string }[]; me: number | null; cat: unknown };
type Catalog = { sections: Record<string, Record<string, { name: string }>> };
const boardModule = "../../web/src/boards/resonance.tsx";
const sampleModule = "../../web/src/boards/resonance.sample.ts";
const { Board } = (await import(/* @vite-ignore */ boardModule)) as { Board: (props: BoardProps) => unknown };
const { sample, sampleDraft, sampleCatalog } = (await import(/* @vite-ignore */ sampleModule)) as { sample: BoardProps; sampleDraft: BoardProps; sampleCatalog: Catalog };

const render = (props: BoardProps) => renderToString(h(Board as any, props));
/** What a reader sees: the HTML without its tags (hover titles, e.g. a module's card list, left out). */
const visible = (html: string) => html.replace(/<[^>]*>/g, " ");
const cardName = (id: string) => sampleCatalog.sections.card![id]!.name;
/** HTML-escaped the way preact-render-to-string writes text. */
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The card ids in a state or secret (hand, discard, units' cards and Items, combat cards, peek). */
function cardIds(v: unknown, out = new Set<string>()): Set<string> {
  if (typeof v === "string") {
    const id = v.startsWith("card:") ? v.slice(5) : v;
    if (/^m\d+-\d+$/.test(id)) out.add(id);
  } else if (Array.isArray(v)) v.forEach((x) => cardIds(x, out));
  else if (v && typeof v === "object") Object.values(v).forEach((x) => cardIds(x, out));
  return out;
}

/** The rendered card boxes: [data-id, inner text] (no nested elements' tags). */
function cardBoxes(raw: string): { id: string; text: string }[] {
  const html = raw.replace(/ title="[^"]*"/g, ""); // attribute values never hold a raw quote
  const boxes: { id: string; text: string }[] = [];
  const re = /data-testid="card"[^>]*?data-id="([^"]+)"|data-id="([^"]+)"[^>]*?data-testid="card"/g;
  for (const m of html.matchAll(re)) boxes.push({ id: (m[1] ?? m[2])!, text: visible(html.slice(html.indexOf(">", m.index), html.indexOf(">", m.index) + 200)) });
  return boxes;
}

describe("Resonance board", () => {
  const hand: string[] = sample.secret!.hand;

  it("the sample is a mid-game state with a hand, a Sensor peek and a pending choice", () => {
    expect(sample.me).not.toBeNull();
    expect(hand.length).toBeGreaterThan(0);
    expect(sample.game.players).toHaveLength(4);
    expect(sample.secret!.choiceOptions.length).toBeGreaterThan(0);
  });

  it("shows the viewer's hand cards by name when me is the sample seat", () => {
    const html = render(sample);
    expect(html).toContain('data-testid="resonance-hand"');
    for (const id of hand) {
      expect(html).toContain(`data-id="${id}"`);
      expect(html).toContain(esc(cardName(id)));
    }
    expect(html).toContain(esc(cardName(sample.secret!.peek)));
  });

  it("shows no hand card, no peek and no private part to a spectator (me = null, secret null)", () => {
    const html = render({ ...sample, me: null, secret: null });
    expect(html).not.toContain("resonance-private");
    const publicIds = cardIds(sample.game);
    for (const id of [...hand, sample.secret!.peek]) {
      if (publicIds.has(id)) continue; // a copy in public view (never the case in this sample)
      expect(html).not.toContain(`data-id="${id}"`);
      expect(visible(html)).not.toContain(esc(cardName(id)));
    }
    expect(html).toContain("spectating");
  });

  it("a seat that is not the viewer's shows its hand as a back with the count, never cards", () => {
    const html = render(sample);
    for (const p of sample.game.players) {
      if (p.seat === sample.me) continue;
      expect(html).toContain(`Hand <b>${p.handCount}</b>`);
    }
    // even handed the viewer's secret, a spectator view shows nothing of it
    expect(render({ ...sample, me: null })).not.toContain("resonance-private");
  });

  it("every card on the board has its catalog name, and every card of the state and secret is on it", () => {
    const html = render(sample);
    const boxes = cardBoxes(html);
    expect(boxes.length).toBeGreaterThan(20);
    for (const { id, text } of boxes) expect(text, id).toContain(esc(cardName(id)));
    const onBoard = new Set(boxes.map((b) => b.id));
    for (const id of cardIds([sample.game, sample.secret])) expect(onBoard.has(id), id).toBe(true);
  });

  it("shows the public fields in words", () => {
    const html = render(sample);
    const g = sample.game;
    const cat = sampleCatalog.sections;
    expect(html).toContain(esc(cat.phase![g.phase]!.name));
    expect(html).toContain(`Turn</span> <b>${g.turn}</b>`);
    expect(html).toContain(`Main Deck <b>${g.mainDeckCount}</b>`);
    expect(html).toContain(`Discard Pile (${g.discard.length})`);
    expect(html).toContain(esc(cat.choice![g.combat.choice.purpose]!.name));
    expect(html).toContain(esc(cat.step![g.combat.step]!.name));
    for (const n of [...g.draft.pool, ...g.draft.chaos, ...g.draft.picks.flatMap((p: { modules: number[] }) => p.modules)]) expect(html).toContain(esc(cat.module![String(n)]!.name));
    for (const p of g.players) {
      expect(html).toContain(`${p.hp}/${p.maxHp}`);
      expect(html).toContain(`Codex Deck <b>${p.codexCount}</b>`);
      for (const c of p.codexActive) expect(html).toContain(esc(cat.codex![c]!.name));
      if (p.eliminated !== undefined) expect(html).toContain(`eliminated #${p.eliminated}`);
      for (const u of [p.self, ...p.animations]) {
        for (const t of u.tags) expect(html).toContain(esc(cat.tag![t.id]!.name));
        for (const k of u.keywords) expect(html).toContain(esc(cat.keyword![k]!.name));
      }
    }
    for (const o of sample.secret!.choiceOptions) expect(html).toContain(esc(cat.option![o]!.name));
    for (const s of sample.seats) expect(html).toContain(esc(s.name));
  });

  it("shows each player's Bane colours, and the hand Sentry showed only to the looker", () => {
    const game = structuredClone(sample.game);
    const secret = structuredClone(sample.secret!);
    const other = game.players.find((p: any) => p.seat !== sample.me)!;
    const codex = Object.keys(sampleCatalog.sections.codex!)[0]!;
    const colour = Object.keys(sampleCatalog.sections.colour!)[0]!;
    other.bane = [{ source: codex, color: Number(colour) }];
    secret.looked = { of: other.seat, cards: [...hand] };
    const html = render({ ...sample, game, secret });
    const bane = html.slice(html.indexOf('data-testid="resonance-bane"'));
    expect(bane).toContain(esc(sampleCatalog.sections.codex![codex]!.name));
    expect(bane).toContain(esc(sampleCatalog.sections.colour![colour]!.name));
    const looked = html.slice(html.indexOf('data-testid="resonance-looked"'), html.indexOf('data-testid="resonance-hand"'));
    expect(looked).toContain("Sentry");
    for (const id of hand) expect(looked).toContain(esc(cardName(id)));
    expect(html).not.toMatch(/undefined|NaN|\[object/);
    const spect = render({ ...sample, game, secret: null, me: null });
    expect(spect).toContain('data-testid="resonance-bane"');
    expect(spect).not.toContain("resonance-looked");
  });

  it("during World Weaving the draft is open: rolls, who picks next, each seat's picks and the pool by module name", () => {
    const html = render(sampleDraft);
    const d = sampleDraft.game.draft;
    const text = visible(html);
    expect(html).toContain('<details class="resonance-draft" open');
    expect(text).toContain(`${esc(sampleDraft.seats[d.picker]!.name)} picks next`);
    expect(text).toContain(`first picker ${esc(sampleDraft.seats[d.firstPicker]!.name)}`);
    for (const [i, s] of d.rolls[0].seats.entries()) expect(text).toContain(`${esc(sampleDraft.seats[s]!.name)} ${d.rolls[0].values[i]}`);
    for (const [seat, p] of d.picks.entries()) {
      expect(text).toContain(`${esc(sampleDraft.seats[seat]!.name)} drafted`);
      for (const n of p.modules) expect(text).toContain(esc(sampleCatalog.sections.module![String(n)]!.name));
    }
    expect(text).toContain(`Pool (${d.pool.length} modules left)`);
  });
});
