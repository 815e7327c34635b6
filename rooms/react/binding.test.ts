import { describe, expect, it } from "vitest";
import { playRandomGame } from "../../rules/core/selfPlay.ts";
import { artistPairs, reactEngine, type State } from "../../rules/react/index.ts";
import { ReactPrivate, ReactPublic } from "./schema.ts";
import { reactBinding } from "./binding.ts";

describe("react room binding", () => {
  it("public schema JSON never contains a hand card or deck order; private schemas hold their own hand and own pending choices", () => {
    const states: State[] = [];
    for (const [i, seats] of artistPairs().entries()) {
      playRandomGame(reactEngine, {}, seats, `binding-${i}`, {
        onStep: (s, info) => {
          if (info.step % 7 === 0) states.push(s as State);
        },
      });
    }
    expect(states.length).toBeGreaterThan(50);
    const pub = new ReactPublic();
    const privs = [new ReactPrivate(), new ReactPrivate()];
    let handsChecked = 0;
    let pendingChecked = 0;
    for (const s of states) {
      reactBinding.projectPublic(reactEngine.view(s, null), pub);
      const json = JSON.stringify(pub.toJSON());
      for (const p of s.players) {
        for (const card of [...p.hand, ...(p.deck ?? [])]) expect(json, `public schema shows ${card}`).not.toContain(`"${card}"`);
        handsChecked += p.hand.length;
        // No deck order: only a count.
        if (p.deck && p.deck.length > 1) expect(json).not.toContain(JSON.stringify(p.deck.slice(0, 2)).slice(1, -1));
      }
      expect(pub.players.map((p) => p.handCount)).toEqual(s.players.map((p) => p.hand.length));
      expect(pub.players.map((p) => p.deckCount)).toEqual(s.players.map((p) => (p.deck ? p.deck.length : undefined)));
      expect(pub.units.map((u) => u.pos)).toEqual(
        Object.keys(s.units)
          .sort()
          .map((id) => s.units[id].pos ?? undefined),
      );
      expect(pub.chain.length).toBe(s.chain.length);
      for (const seat of [0, 1] as const) {
        reactBinding.projectPrivate(reactEngine.view(s, seat), privs[seat]);
        const priv = privs[seat].toJSON() as { seat: number; hand: { id: string }[]; pending: string[] };
        expect(priv.seat).toBe(seat);
        expect(priv.hand.map((h) => h.id)).toEqual(s.players[seat].hand);
        const mine = s.prompt?.seat === seat && !s.outcome;
        expect(priv.pending.length > 0).toBe(mine);
        if (mine) {
          expect(priv.pending.map((a) => JSON.parse(a))).toEqual(reactEngine.legal(s, seat));
          pendingChecked++;
        }
        const privJson = JSON.stringify(priv);
        const other = s.players[1 - seat];
        for (const card of [...other.hand, ...(other.deck ?? [])]) expect(privJson).not.toContain(`"${card}"`);
      }
    }
    expect(handsChecked).toBeGreaterThan(100);
    expect(pendingChecked).toBeGreaterThan(0);
  });

  it("typed fields carry the engine view; a null in the view is an absent (undefined) field, never -1", () => {
    const pub = new ReactPublic();
    const counts = { reactor: [0, 0], promptSeat: [0, 0], pos: [0, 0], tile: [0, 0], block: [0, 0], mp: [0, 0], target: [0, 0] };
    const tally = (k: keyof typeof counts, present: boolean) => counts[k][present ? 1 : 0]++;
    const check = (s: State) => {
      const v = reactEngine.view(s, null);
      reactBinding.projectPublic(v, pub);
      expect(pub.reactor).toBe(v.reactor ?? undefined);
      tally("reactor", v.reactor !== null);
      expect(pub.promptSeat).toBe(v.prompt?.seat);
      tally("promptSeat", v.prompt !== null);
      v.units.forEach((u, i) => {
        expect(pub.units[i].pos).toBe(u.pos ?? undefined);
        tally("pos", u.pos !== null);
      });
      v.tiles.forEach((tv, i) => {
        expect(pub.tiles[i].owner).toBe(tv ? tv.owner : undefined);
        expect(pub.tiles[i].kind).toBe(tv ? tv.kind : "");
        tally("tile", tv !== null);
      });
      v.blocks.forEach((b, i) => {
        expect(pub.blocks[i].owner).toBe(b ?? undefined);
        tally("block", b !== null);
      });
      v.mpZone.forEach((m, i) => {
        expect(pub.mpZone[i].toJSON()).toEqual(m ?? {});
        tally("mp", m !== null);
      });
      v.chain.forEach((c, i) => {
        expect(pub.chain[i].target).toBe(c.target ?? undefined);
        tally("target", c.target !== null);
      });
      expect(pub.blocks.length).toBe(v.blocks.length);
      expect(pub.players.map((p) => p.deckCount)).toEqual(v.players.map((p) => p.deckCount ?? undefined));
      expect(pub.toJSON()).not.toHaveProperty("outcome"); // the room's root `result` carries it
      expect(JSON.stringify(pub.toJSON())).not.toContain(":-1");
    };
    for (const [i, seats] of artistPairs().entries()) {
      playRandomGame(reactEngine, {}, seats, `typed-${i}`, { onStep: (s) => check(s as State) });
    }
    for (const [k, [absent, present]] of Object.entries(counts)) {
      expect(absent, `${k} absent`).toBeGreaterThan(0);
      expect(present, `${k} present`).toBeGreaterThan(0);
    }
  });
});
