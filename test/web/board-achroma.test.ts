/**
 * The Achroma board (web/src/boards/achroma.tsx) rendered to HTML without a browser
 * (preact-render-to-string) from a sample captured in a real 4-seat match
 * (web/src/boards/achroma.sample.ts): the viewer's hand shows for the viewer and never for a
 * spectator, every card on the board carries its catalog name, every public and private field is
 * in words, and the rarer parts of the state (REVEAL, RESEARCH, SECRET, RESTRAIN, GIVE...) render.
 */
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import { Board } from "../../web/src/boards/achroma.tsx";
import { achromaSample, achromaSampleCatalog as catalog } from "../../web/src/boards/achroma.sample.ts";
import type { BoardProps } from "../../web/src/boards/types.ts";

/** The sample, its state read freely: the tests pick fields out of it by hand. */
const sample = achromaSample as BoardProps & { game: any; secret: any };

const render = (props: BoardProps) => renderToString(h(Board, props));
const cardName = (def: string) => catalog.sections.card![def]!.name;
/** HTML-escaped the way preact-render-to-string writes text. */
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const split = (ref: string) => ref.split(":") as [string, string];

/** The rendered card boxes: data-id (the card definition) and the box's text. */
function cardBoxes(html: string): { id: string; uid: string; text: string }[] {
  const boxes: { id: string; uid: string; text: string }[] = [];
  const re = /data-testid="card" data-id="([^"]*)" data-uid="([^"]*)"/g;
  for (const m of html.matchAll(re)) boxes.push({ id: m[1]!, uid: m[2]!, text: html.slice(m.index, m.index + 400).replace(/<[^>]*>/g, " ") });
  return boxes;
}

/** Every "uid:def" string and every AchromaCard's def in the public state. */
function publicDefs(game: Record<string, any>): Set<string> {
  const defs = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === "string" && /^p\d+c\d+:/.test(v)) defs.add(split(v)[1]);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (typeof o.uid === "string" && typeof o.def === "string" && o.def) defs.add(o.def);
      Object.values(o).forEach(walk);
    }
  };
  walk(game);
  return defs;
}

describe("Achroma board", () => {
  const hand: string[] = sample.secret!.hand;

  it("the sample is a mid-game state with a hand, an attack waiting for Reactions and a private choice", () => {
    expect(sample.me).not.toBeNull();
    expect(hand.length).toBeGreaterThan(0);
    expect(sample.game.players).toHaveLength(4);
    expect(sample.game.reaction).toBeTruthy();
    expect(sample.secret!.options.length).toBeGreaterThan(0);
  });

  it("shows the viewer's hand cards by name when me is the sample seat, in the viewer's area drawn last", () => {
    const html = render(sample);
    expect(html).toContain('data-testid="achroma-hand"');
    expect(html).toContain('data-testid="achroma-private"');
    for (const ref of hand) {
      const [uid, def] = split(ref);
      expect(html).toContain(`data-id="${def}" data-uid="${uid}"`);
      expect(html).toContain(esc(cardName(def)));
    }
    const seatOrder = [...html.matchAll(/data-testid="achroma-seat" data-seat="(\d)"/g)].map((m) => Number(m[1]));
    expect(seatOrder).toHaveLength(4);
    expect(seatOrder.at(-1)).toBe(sample.me);
    // The private options in words: "Don't react", "DEFEND Reef Guardian".
    expect(html).toContain("Don't react");
    expect(html).toMatch(/DEFEND/);
    // The declared attack's cards are marked on the table.
    const action = JSON.parse(sample.game.reaction.action);
    expect(html).toMatch(new RegExp(`data-uid="${action.attacker}"[^]*?declared attacker`));
    expect(html).toMatch(new RegExp(`data-uid="${action.defender}"[^]*?declared target of the attack`));
  });

  it("shows no hand card and no private part to a spectator (me = null, secret null)", () => {
    const html = render({ ...sample, me: null, secret: null });
    expect(html).not.toContain("achroma-private");
    expect(html).not.toContain("achroma-hand");
    const visible = publicDefs(sample.game);
    for (const ref of hand) {
      const [uid, def] = split(ref);
      expect(html).not.toContain(`data-uid="${uid}"`);
      if (!visible.has(def)) expect(html).not.toContain(esc(cardName(def)));
    }
    // Hands are backs with counts.
    for (const p of sample.game.players) expect(html).toContain(`${p.handCount} ${p.handCount === 1 ? "card" : "cards"} in hand, face down`);
  });

  it("even when a secret is passed for a spectator, nothing private is drawn", () => {
    const html = render({ ...sample, me: null });
    expect(html).not.toContain("achroma-private");
    for (const ref of hand) expect(html).not.toContain(`data-uid="${split(ref)[0]}"`);
  });

  it("every card on the board carries its catalog name, and every public card is on the board", () => {
    const html = render(sample);
    const boxes = cardBoxes(html);
    expect(boxes.length).toBeGreaterThan(20);
    for (const b of boxes) {
      expect(catalog.sections.card![b.id], b.id).toBeTruthy();
      expect(b.text).toContain(esc(cardName(b.id)));
    }
    const drawn = new Set(boxes.map((b) => b.id));
    for (const def of publicDefs(sample.game)) expect(drawn.has(def), def).toBe(true);
  });

  it("puts every field in words: turn, step, prompt, counters, Reaction window", () => {
    const html = render(sample);
    const g = sample.game;
    for (const word of ["Turn", "Step", "Active player", "First player", "Deploys this turn", "Trades this turn", "Bank", "Palette", "Dregs", "Opening hand", "Reaction window", "must decide"]) {
      expect(html).toContain(word);
    }
    expect(html).toContain(esc(catalog.sections.phase![g.phase]!.name));
    expect(html).toContain(esc(catalog.sections.prompt![g.promptKind]!.name));
    for (const p of g.players) {
      expect(html).toContain(`${p.bank} Shards`);
      expect(html).toContain(esc(catalog.sections.mulligan![p.mulligan]!.name));
    }
    for (const s of sample.seats) expect(html).toContain(esc(s.name));
    expect(html).not.toMatch(/undefined|NaN|\[object/);
  });

  it("draws the rarer parts of the state: REVEAL, RESEARCH, SECRET, RESTRAIN, GIVE, COPY, HUNT, Dregs, unveiling", () => {
    const game = structuredClone(sample.game);
    const secret = structuredClone(sample.secret!);
    const me = sample.me!;
    const mine = game.players.find((p: any) => p.seat === me);
    const other = game.players.find((p: any) => p.seat !== me && p.characters.length > 0) ?? game.players[0];
    const victim = other.characters[0];
    victim.frozen = true;
    victim.cursed = true;
    victim.damage = 2;
    victim.secrets = 2;
    victim.copy = "blaze-raider";
    victim.gifts = ["rage"];
    victim.given = [`gain:2:${me}`];
    victim.restrained = ["p5c1:kiln-oracle"];
    game.lastReveal = { seat: other.seat, defs: ["pyre-citadel", "ember-brand"] };
    game.research = { seat: me, count: 3, placed: 1, ordering: true };
    game.hunts = [`${me}:${victim.uid}:${victim.uid}`];
    game.unveiling = ["p5c2:war-drums"];
    game.deferred = ["p5c3:kindle"];
    game.resolving = ["p5c4:spark-burst"];
    game.reaction = { seat: other.seat, trigger: "deploy", action: JSON.stringify({ type: "deploy", card: "p5c5" }), declared: { uid: "p5c5", def: "ember-scout", owner: other.seat } };
    secret.looking = ["p9c1:cinder-hound", "p9c2:flame-tender"];
    mine.out = true;
    const html = render({ ...sample, game, secret });
    for (const def of ["kiln-oracle", "pyre-citadel", "ember-brand", "war-drums", "kindle", "spark-burst", "ember-scout", "cinder-hound", "flame-tender"]) {
      expect(html, def).toContain(esc(cardName(def)));
    }
    for (const word of [
      "FROZEN",
      "CURSED",
      "Damage 2",
      "COPY of Blaze Raider",
      "Given RAGE",
      "Given effect: Gain 2",
      "SECRET: face down under it",
      "2 hidden cards",
      "RESTRAINED under it",
      "Last REVEAL",
      "RESEARCH",
      "now ordering",
      "Pending HUNTs",
      "Unveiled SECRET cards",
      "DISPOSE",
      "out of the game",
      "Top of your Palette",
    ]) {
      expect(html, word).toContain(word);
    }
    expect(html).not.toMatch(/undefined|NaN|\[object/);
    // The spectator of that state still sees the public parts and no private one.
    const spect = render({ ...sample, game, secret: null, me: null });
    expect(spect).toContain("Last REVEAL");
    expect(spect).not.toContain('data-uid="p9c1"');
    expect(spect).not.toContain("Top of your Palette");
  });

  it("a Prevent prompt shows its bounds: up to how many of how many Shards, from whom", () => {
    const game = { ...structuredClone(sample.game), promptKind: "prevent", promptSeat: 1, promptStep: "", promptOptions: [], promptMax: 2, promptAmount: 3, promptFrom: 0 };
    const html = render({ ...sample, game });
    const prompt = html.slice(html.indexOf('data-testid="achroma-prompt"'));
    expect(prompt).toContain("up to 2 of 3 Shards");
    expect(prompt).toMatch(/from [^<]*Player 1\b/);
    expect(prompt).not.toContain("private to the chooser");
  });

  it("renders an empty (not yet started) state and a missing catalog without throwing", () => {
    expect(() => render({ game: {}, secret: null, seats: [], me: null, cat: null })).not.toThrow();
    const html = render({ ...sample, cat: null });
    for (const ref of hand) expect(html).toContain(split(ref)[1]);
  });
});
