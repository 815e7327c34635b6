/**
 * The SolRei board (web/src/boards/solrei.tsx) rendered to a string with preact-render-to-string,
 * no browser: from a sample captured in a real match (web/src/boards/solrei.sample.ts), the
 * viewer's hand and face-down cards are drawn for its own seat and never for a spectator, the
 * Rival's hand never, and every card box carries its catalog name.
 */
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import { Board } from "../../web/src/boards/solrei.tsx";
import { sample, sampleRivalHand } from "../../web/src/boards/solrei.sample.ts";
import type { BoardProps } from "../../web/src/boards/types.ts";

const render = (props: BoardProps) => renderToString(h(Board, props));
const cat = sample.cat!;
const cardName = (id: string) => cat.catalog.sections.card[id]!.name;
const decode = (s: string) =>
  s
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
/** The text of the page, without tags (attributes such as title= are not text). */
const text = (html: string) => decode(html.replace(/<[^>]*>/g, " "));
const spectator: BoardProps = { ...sample, me: null, secret: null };

/** Every card box: its id, its data-name, and the name it shows. */
function cardsOn(html: string): { id: string; dataName: string; shown: string }[] {
  const re = /data-testid="card" data-id="([^"]*)" data-name="([^"]*)"[^>]*><span class="solrei-card-head"><b class="solrei-card-name">([^<]*)<\/b>/g;
  return [...html.matchAll(re)].map((m) => ({ id: m[1]!, dataName: decode(m[2]!), shown: decode(m[3]!) }));
}

describe("SolRei board", () => {
  const hand = sample.secret!.hand as string[];
  const privateArts = sample.secret!.arts as string[];

  it("shows the seat's own hand, face-down Arts and Rei, and a decision in words", () => {
    const html = render(sample);
    const shown = text(html);
    const ids = cardsOn(html).map((c) => c.id);
    expect(hand.length).toBeGreaterThan(0);
    for (const c of hand) {
      expect(ids).toContain(c);
      expect(shown).toContain(cardName(c));
    }
    for (const a of privateArts) expect(shown).toContain(cat.catalog.sections.art[a]!.name);
    expect(shown).toContain("Your hand");
    expect(shown).toContain("Your Rei pool");
    expect(shown).toContain("Ready at start of round"); // the purpose, public and private
    expect(shown).toContain("your Art 1: Crescent Rend"); // an option of the select prompt
    expect(shown).toContain("Ready nothing");
  });

  it("draws the same board from the room state's JSON-string lists as from a replay view's arrays (docs/solrei.md)", () => {
    const packed = (o: Record<string, unknown>, keys: string[]) => ({ ...o, ...Object.fromEntries(keys.map((k) => [k, JSON.stringify(o[k])])) });
    const game = sample.game as Record<string, unknown> & { players: Record<string, unknown>[] };
    const live: BoardProps = {
      ...sample,
      game: { ...packed(game, ["wins", "promptSeats", "actors"]), players: game.players.map((p) => packed(p, ["arts", "discard", "used"])) },
      secret: packed(sample.secret as Record<string, unknown>, ["arts", "hand", "checking", "options"]),
    };
    expect(JSON.stringify(live.secret)).toContain('"hand":"[');
    expect(render(live)).toBe(render(sample));
  });

  it("never shows the Rival's hand", () => {
    for (const props of [sample, spectator]) {
      const html = render(props);
      const ids = cardsOn(html).map((c) => c.id);
      for (const c of sampleRivalHand) {
        expect(ids).not.toContain(c);
        expect(text(html)).not.toContain(cardName(c));
      }
    }
  });

  it("shows a spectator no private part: hands and face-down cards are backs with counts", () => {
    for (const props of [spectator, { ...sample, me: null }]) {
      const html = render(props);
      const shown = text(html);
      const ids = cardsOn(html).map((c) => c.id);
      for (const c of hand) {
        expect(ids).not.toContain(c);
        expect(shown).not.toContain(cardName(c));
      }
      for (const a of privateArts) expect(shown).not.toContain(cat.catalog.sections.art[a]!.name);
      expect(shown).not.toContain("Your hand");
      expect(shown).not.toContain("Rei pool");
      expect(html).not.toContain('data-testid="board-private"');
      expect(html).toContain('data-testid="card-back"');
      expect(shown).toMatch(/Cards in hand\s+2/);
    }
  });

  it("gives every card on the board its catalog name", () => {
    for (const props of [sample, spectator]) {
      const html = render(props);
      const cards = cardsOn(html);
      expect(cards.length).toBe((html.match(/data-testid="card"/g) ?? []).length);
      expect(cards.length).toBeGreaterThan(0);
      for (const c of cards) {
        const entry = cat.byId.get(c.id)?.[0]?.entry;
        expect(entry, c.id).toBeDefined();
        expect(c.dataName).toBe(entry!.name);
        expect(c.shown).toBe(entry!.name);
      }
    }
  });

  it("says who is on OFFENSE only once it is chosen (not while choosing, nor before the match starts)", () => {
    for (const stage of ["choose_first", ""]) {
      const shown = text(render({ ...spectator, game: { ...spectator.game, stage } })).replace(/\s+/g, " ");
      expect(shown).not.toContain("OFFENSE: ");
      expect(shown).not.toContain("Chose OFFENSE this Act");
    }
  });

  it("shows the public state in words: Act, round, score, stage, positions, zones and counts", () => {
    const shown = text(render(spectator)).replace(/\s+/g, " ");
    for (const words of [
      "Act 2 · Round 2",
      "START OF ROUND window", // the stage
      "OFFENSE: ~Bo",
      "Chose OFFENSE this Act: ~Ada",
      "Act 1: ~Bo won ( Rival cannot play )",
      "Deciding now: ~Ada",
      "Decision: Choose ( Ready at start of round ) by ~Ada · 1 pick left",
      "Deck 46",
      "Opening hand: Mulliganed",
      "Vesper Kade",
      "Liora Venn",
      "Encore", // a face-up Art of the Rival
      "Art 2: Face down",
      "Used this round: nothing",
    ]) {
      expect(shown).toContain(words);
    }
  });

  it("draws the Exchange, a revealed Showdown, damage states and CHECK", () => {
    const g: any = structuredClone(sample.game);
    g.stack = [
      { uid: 7, seat: 1, source: "art:0", card: "encore", name: "Encore", automatic: false, negated: false },
      { uid: 8, seat: 0, source: "muse", card: "vesper", name: "Vesper Kade", automatic: true, negated: true, target: 7 },
    ];
    g.resolving = [{ uid: 6, seat: 1, source: "advantage", card: "hearthglow", name: "Hearthglow", automatic: true, negated: false }];
    g.revealed = true;
    g.showdown = { winner: 1 };
    g.windowTiming = "AFTER_SHOWDOWN";
    g.windowPriority = 1;
    g.windowPasses = 1;
    g.players[1].actionCard = "p1-9C";
    g.players[1].power = 10;
    g.players[1].powerBonus = 1;
    g.players[1].placed = true;
    g.players[1].confirmed = true;
    g.players[1].used = ["art:0"];
    g.players[1].grappled = true;
    g.players[1].checkingCount = 2;
    g.players[0].canGainDamage = false;
    g.players[0].damage = [{ card: "p0-3S", state: "broken" }];
    const secret = { ...structuredClone(sample.secret!), checking: ["p0-KS"], rei: { S: 1, H: 0, D: 2, C: 0 }, placed: "p0-QC" };
    g.players[0].placed = true;
    const shown = text(render({ ...sample, game: g, secret })).replace(/\s+/g, " ");
    for (const words of [
      "#8 Vesper Kade",
      "negated",
      "targets #7 Encore",
      "Resolving now",
      "Hearthglow",
      "Showdown: ~Bo wins",
      "Window AFTER SHOWDOWN · priority ~Bo · 1 pass",
      "Power 10 (bonus +1)",
      "grappled",
      "cannot gain Damage this round",
      "Broken",
      "K♠", // the card I am checking
      "Cards being checked 2",
      "Your Rei pool (3)",
      "Used this round: Art 1: Encore",
    ]) {
      expect(shown).toContain(words);
    }
    // A spectator sees my face-down Action Card as a back, never its name.
    const watched = text(render({ ...sample, game: g, me: null, secret: null }));
    expect(watched).toContain("Action Card, face down");
    expect(watched).not.toContain("K♠");
  });
});
