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
      expect(pub.players.map((p) => p.deckCount)).toEqual(s.players.map((p) => (p.deck ? p.deck.length : -1)));
      expect(pub.units.map((u) => u.pos)).toEqual(Object.keys(s.units).sort().map((id) => s.units[id].pos ?? -1));
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
});
