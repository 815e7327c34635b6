import { describe, expect, it } from "vitest";
import { playRandomGame } from "../../rules/core/selfPlay.ts";
import { resonanceEngine, sampleSeatConfig, type State } from "../../rules/resonance/index.ts";
import { ResonancePrivate, ResonancePublic } from "./schema.ts";
import { resonanceBinding } from "./binding.ts";

/** A view value as the schema holds it: null fields are absent (undefined), which toEqual ignores. */
const absentNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v === null ? undefined : v]));

describe("resonance room binding", () => {
  it("typed fields carry the engine view: draft, combat (without the choice's options), eliminated, Lingering tags; absent (undefined) instead of -1", () => {
    const players = 3;
    const pub = new ResonancePublic();
    const privs = Array.from({ length: players }, () => new ResonancePrivate());
    const counts = { combat: [0, 0], choice: [0, 0], eliminated: [0, 0], locked: [0, 0], options: [0, 0] };
    let removed = 0;
    let hadCombat = false;
    let last: State | undefined;
    const check = (s: State) => {
      const v = resonanceEngine.view(s, null);
      resonanceBinding.projectPublic(v, pub);
      expect(pub.draft.toJSON()).toEqual({ ...v.draft, rolls: v.draft.rolls, picks: v.draft.picks.map((modules) => ({ modules })) });
      if (v.combat) {
        const { choice, ...rest } = v.combat;
        expect(pub.combat?.toJSON()).toEqual({ ...absentNulls(rest), choice: choice ? { purpose: choice.purpose, seat: choice.seat } : undefined });
        counts.choice[choice ? 1 : 0]++;
      } else {
        expect(pub.combat).toBeUndefined();
      }
      counts.combat[v.combat ? 1 : 0]++;
      if (hadCombat && !v.combat) removed++;
      hadCombat = !!v.combat;
      v.players.forEach((p, i) => {
        expect(pub.players[i].eliminated).toBe(p.eliminated ?? undefined);
        counts.eliminated[p.eliminated === null ? 0 : 1]++;
        [p.self, ...p.animations].forEach((u, j) => {
          const unit = j === 0 ? pub.players[i].self : pub.players[i].animations[j - 1];
          u.tags.forEach((tag, k) => {
            expect(unit.tags[k].lockedUntilTurn).toBe(tag.lockedUntilTurn ?? undefined);
            counts.locked[tag.lockedUntilTurn === null ? 0 : 1]++;
          });
        });
      });
      // The options of a pending choice: only in the chooser's private part, never public.
      for (let seat = 0; seat < players; seat++) {
        const own = resonanceEngine.view(s, seat);
        resonanceBinding.projectPrivate(own, privs[seat]);
        const mine = own.combat?.choice?.seat === seat ? own.combat.choice.options : null;
        expect([...privs[seat].choiceOptions]).toEqual(mine ?? []);
        if (own.combat?.choice) counts.options[mine ? 1 : 0]++;
      }
      expect(JSON.stringify(pub.toJSON())).not.toContain('"options"');
      expect(pub.toJSON()).not.toHaveProperty("outcome");
    };
    for (let i = 0; i < 3; i++) {
      const seats = Array.from({ length: players }, (_, k) => sampleSeatConfig(i * players + k));
      playRandomGame(resonanceEngine, { players }, seats, `typed-${i}`, {
        onStep: (s) => {
          check(s as State);
          if ((s as State).phase === "action") last = s as State;
        },
      });
    }
    // Lingering tags are rare in self-play: lock one by hand, then unlock it on the same schema.
    const late = structuredClone(last!);
    late.players[0]!.self.tags.push({ id: "boost" as never, lockedUntilTurn: late.turn + 1 });
    check(late);
    expect(pub.players[0].self.tags.at(-1)!.lockedUntilTurn).toBe(late.turn + 1);
    late.players[0]!.self.tags.at(-1)!.lockedUntilTurn = null;
    check(late);
    expect(pub.players[0].self.tags.at(-1)!.lockedUntilTurn).toBeUndefined();
    for (const [k, [absent, present]] of Object.entries(counts)) {
      expect(absent, `${k} absent`).toBeGreaterThan(0);
      expect(present, `${k} present`).toBeGreaterThan(0);
    }
    expect(removed).toBeGreaterThan(0);
  });
});
