/**
 * The Re;ACT board rendered without a browser (preact-render-to-string) from a sample captured
 * in a real match (web/src/boards/react.sample.ts): the viewer's hand is shown to its seat and
 * never to a spectator, and every card on the board carries its catalog name.
 */
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";

// The page's modules are .tsx, which the root tsconfig (no `jsx`) cannot check: they are loaded
// by a computed specifier so that `tsc -p .` does not follow them (`tsc -p web` checks them).
const web = (path: string) => import(new URL(`../../web/src/${path}`, import.meta.url).href);
const { lookup } = await web("catalog.tsx");
const { Board, zoneLabel } = await web("boards/react.tsx");
const { reactSample, reactSamplePrompt } = await web("boards/react.sample.ts");

/** web/src/boards/types.ts's BoardProps, as far as this test reads it. */
interface BoardProps {
  game: Record<string, any>;
  secret: Record<string, any> | null;
  seats: unknown[];
  me: number | null;
  cat: unknown;
}

const render = (props: BoardProps) => renderToString(h(Board, props));
const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every `data-card="<section>:<id>" data-name="<name>"` on the board. */
function cardsOn(html: string): { section: string; id: string; name: string }[] {
  return [...html.matchAll(/data-card="([a-z_]+):([^"]+)" data-name="([^"]*)"/g)].map((m) => ({ section: m[1], id: m[2], name: m[3] }));
}

describe.each([
  ["seat 1, the Field turned", reactSample],
  ["seat 0, a Masterpiece prompt pending", reactSamplePrompt],
] as [string, BoardProps][])("Re;ACT board (%s)", (_, reactSample) => {
  const spectator: BoardProps = { ...reactSample, me: null, secret: null };
  const hand: { id: string; name: string }[] = reactSample.secret!.hand;

  it("the sample is a mid-game state with a hand whose cards are nowhere in public", () => {
    expect(reactSample.me).toBe(reactSample.secret!.seat);
    expect(hand.length).toBeGreaterThan(0);
    const pub = JSON.stringify(reactSample.game);
    for (const c of hand) {
      expect(pub).not.toContain(c.id);
      expect(pub).not.toContain(c.id.split("#")[0]); // no copy of the same card in a discard or the chain
    }
  });

  it("shows the seat its own hand, by catalog name", () => {
    const html = render(reactSample);
    expect(html).toContain('data-testid="react-hand"');
    for (const c of hand) {
      const name = lookup(reactSample.cat, c.id, "card_copy")!.entry.name;
      expect(name).toBe(c.name);
      expect(html).toContain(`data-card="card_copy:${c.id}"`);
      expect(html).toContain(escapeHtml(name));
    }
  });

  it("shows a spectator no hand card: only the counts, as backs", () => {
    const html = render(spectator);
    expect(html).not.toContain('data-testid="react-hand"');
    for (const c of hand) {
      expect(html).not.toContain(c.id);
      expect(html).not.toContain(escapeHtml(c.name));
    }
    for (const p of reactSample.game.players) expect(html).toContain(`${p.handCount} in hand`);
  });

  it("gives every card on the board its catalog name, and draws every card the state holds", () => {
    for (const props of [reactSample, spectator]) {
      const html = render(props);
      const cards = cardsOn(html);
      for (const card of cards) {
        const found = lookup(props.cat, card.id, card.section);
        expect(found, `${card.section}:${card.id} in the catalog`).toBeTruthy();
        expect(escapeHtml(found!.entry.name)).toBe(card.name);
        expect(card.name).not.toBe("");
        expect(html).toContain(`${card.name}</b>`); // the name is written on the card
      }
      const g = props.game;
      const expected =
        g.players.length + // Artists
        g.units.length + // on the Field or in a pool
        g.mpZone.filter((m: any) => m.seat !== undefined).length +
        g.players.reduce((n: number, p: any) => n + p.mpUnplaced.length + p.discard.length, 0) +
        g.chain.length +
        (props.secret ? props.secret.hand.length : 0);
      expect(cards.length).toBe(expected);
    }
  });

  it("shows the public counters and the turn in words", () => {
    const html = render(reactSample);
    const g = reactSample.game;
    expect(html).toContain(`Turn ${g.turn}</b>`);
    for (const p of g.players) {
      expect(html).toContain(`damage ${p.damage}/3`);
      if (p.deckCount !== undefined) expect(html).toContain(`${p.deckCount} left`);
      expect(html).toContain(`${p.discard.length} card`);
    }
    for (const u of g.units) if (u.pos !== undefined) expect(html).toContain(`${zoneLabel(u.pos)}</span>`);
    for (const c of g.chain) expect(html).toContain(escapeHtml(c.name));
    expect(html).toContain(`passes in a row: ${g.passes}`);
    if (reactSample.secret!.pending.length > 0) {
      expect(html).toContain("Your pending choices");
      expect((html.match(/<li>Place /g) ?? []).length).toBe(reactSample.secret!.pending.filter((a: string) => a.includes("mp_place")).length);
    }
    expect(html).toContain(`data-flipped="${reactSample.me === 1 ? 1 : 0}"`);
    expect(zoneLabel(22)).toBe("C1");
    expect(zoneLabel(2)).toBe("C5");
    expect(zoneLabel(20)).toBe("A1");
    expect(zoneLabel(4)).toBe("E5");
  });
});
