import { describe, expect, it } from "vitest";
import { playRandomGame } from "../../rules/core/selfPlay.ts";
import { sampleSeatConfig, solreiEngine, type State } from "../../rules/solrei/index.ts";
import { withJsonListsRead } from "../../test/support/jsonLists.ts";
import { SolReiPrivate, SolReiPublic } from "./schema.ts";
import { solreiBinding } from "./binding.ts";

describe("solrei room binding", () => {
  it("public schema never holds a hand, a deck or an unrevealed Action Card; private schemas hold their own hand", () => {
    const states: State[] = [];
    playRandomGame(solreiEngine, {}, [sampleSeatConfig(0), sampleSeatConfig(1)], "binding-1", {
      onStep: (s, info) => {
        if (info.step % 11 === 0) states.push(s as State);
      },
    });
    expect(states.length).toBeGreaterThan(20);
    const pub = new SolReiPublic();
    const privs = [new SolReiPrivate(), new SolReiPrivate()];
    let placedChecked = 0;
    for (const s of states) {
      solreiBinding.projectPublic(solreiEngine.view(s, null), pub);
      const json = JSON.stringify(withJsonListsRead(pub.toJSON()));
      const hidden = [...s.players[0].hand, ...s.players[0].deck, ...s.players[1].hand, ...s.players[1].deck, ...s.players[0].cultivated, ...s.players[1].cultivated];
      if (!s.revealed) {
        for (const p of s.players) if (p.placed) hidden.push(p.placed);
        placedChecked += s.players.filter((p) => p.placed).length;
      }
      for (const card of hidden) expect(json, `public schema shows ${card} (stage ${s.stage})`).not.toContain(`"${card}"`);
      for (const [i, p] of s.players.entries()) {
        for (const a of p.arts) if (a.state === "down") expect(json).not.toContain(`"${a.id}"`);
        expect(pub.players[i].handCount).toBe(p.hand.length);
        expect(pub.players[i].deckCount).toBe(p.deck.length);
      }
      for (const seat of [0, 1]) {
        solreiBinding.projectPrivate(solreiEngine.view(s, seat), privs[seat]);
        const priv = withJsonListsRead(privs[seat].toJSON()) as { hand: string[]; placed: string; seat: number };
        expect(priv.hand).toEqual(s.players[seat].hand);
        expect(priv.placed).toBe(s.players[seat].placed ?? "");
        expect(priv.seat).toBe(seat);
        const other = s.players[1 - seat];
        const privJson = JSON.stringify(priv);
        for (const card of other.hand) expect(privJson).not.toContain(`"${card}"`);
      }
    }
    expect(placedChecked).toBeGreaterThan(0);
  });
  it("R32 IV.1 a seat's private state shows its own Muse, Advantage and Arts, face-down ones included, and never the Rival's face-down Arts", () => {
    const states: State[] = [];
    playRandomGame(solreiEngine, {}, [sampleSeatConfig(2), sampleSeatConfig(3)], "binding-2", {
      onStep: (s, info) => {
        if (info.step % 13 === 0) states.push(s as State);
      },
    });
    const privs = [new SolReiPrivate(), new SolReiPrivate()];
    let downSeen = 0;
    for (const s of states) {
      for (const seat of [0, 1]) {
        solreiBinding.projectPrivate(solreiEngine.view(s, seat), privs[seat]);
        const priv = withJsonListsRead(privs[seat].toJSON()) as { arts: string[]; muse: string; advantage: string };
        const me = s.players[seat];
        expect(priv.arts).toEqual(me.arts.map((a) => a.id));
        expect(priv.muse).toBe(me.muse);
        expect(priv.advantage).toBe(me.advantage);
        downSeen += me.arts.filter((a) => a.state === "down").length;
        const json = JSON.stringify(priv);
        for (const a of s.players[1 - seat].arts) if (a.state === "down" && !me.arts.some((m) => m.id === a.id)) expect(json).not.toContain(`"${a.id}"`);
      }
    }
    expect(downSeen).toBeGreaterThan(0);
  });

  it("typed fields carry the engine view: showdown, power, windowPriority, stack targets, Act winners; absent (undefined) instead of -1 / -2", () => {
    const pub = new SolReiPublic();
    const counts = { showdown: [0, 0], tie: [0, 0], power: [0, 0], window: [0, 0], target: [0, 0], actWinner: [0, 0] };
    let removed = 0;
    let hadShowdown = false;
    const check = (s: State) => {
      const v = solreiEngine.view(s, null);
      solreiBinding.projectPublic(v, pub);
      // engine: a seat, -1 for a tie, null before the result
      if (v.showdown === null) expect(pub.showdown).toBeUndefined();
      else expect(pub.showdown?.toJSON()).toEqual(v.showdown >= 0 ? { winner: v.showdown } : {});
      counts.showdown[v.showdown === null ? 0 : 1]++;
      if (v.showdown !== null) counts.tie[v.showdown < 0 ? 1 : 0]++;
      if (hadShowdown && v.showdown === null) removed++;
      hadShowdown = v.showdown !== null;
      v.players.forEach((p, i) => {
        expect(pub.players[i].power).toBe(p.power ?? undefined);
        counts.power[p.power === null ? 0 : 1]++;
      });
      expect(pub.windowPriority).toBe(v.window?.priority);
      counts.window[v.window ? 1 : 0]++;
      v.stack.forEach((it, i) => {
        expect(pub.stack[i].target).toBe(it.target ?? undefined);
        counts.target[it.target === null ? 0 : 1]++;
      });
      v.acts.forEach((a, i) => {
        expect(pub.acts[i].winner).toBe(a.winner ?? undefined);
        counts.actWinner[a.winner === null ? 0 : 1]++;
      });
      expect(pub.toJSON()).not.toHaveProperty("outcome"); // the room's root `result` carries it
    };
    for (let i = 0; i < 6; i++) {
      playRandomGame(solreiEngine, {}, [sampleSeatConfig(2 * i), sampleSeatConfig(2 * i + 1)], `typed-${i}`, { onStep: (s) => check(s as State) });
    }
    // These seeds reach each case both ways (a NEGATE's target, a tied Showdown, an Act nobody won included).
    for (const [k, [absent, present]] of Object.entries(counts)) {
      expect(absent, `${k} absent`).toBeGreaterThan(0);
      expect(present, `${k} present`).toBeGreaterThan(0);
    }
    expect(removed).toBeGreaterThan(0);
  });
});
