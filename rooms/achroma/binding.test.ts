import { describe, expect, it } from "vitest";
import { playRandomGame } from "../../rules/core/selfPlay.ts";
import { achromaEngine, samplePalette, type State } from "../../rules/achroma/index.ts";
import { canvasCards } from "../../rules/achroma/engine.ts";
import { AchromaPrivate, AchromaPublic } from "./schema.ts";
import { achromaBinding } from "./binding.ts";

describe("achroma room binding", () => {
  for (const [name, palettes] of [
    ["binding-1", [0, 1, 2]],
    ["binding-veil", [4, 5, 4]],
    ["binding-new", [6, 7, 8]],
  ] as const)
    it(`public schema never holds a hand, a Palette or a SECRET card; private schemas hold exactly their own hand and RESEARCH look (${name})`, () => {
      const players = 3;
      const states: State[] = [];
      playRandomGame(achromaEngine, { players }, palettes.map(samplePalette), name, {
        onStep: (s, info) => {
          if (info.step % 9 === 0 || (s as State).window || Object.keys((s as State).restrained).length) states.push(s as State);
        },
      });
      expect(states.length).toBeGreaterThan(10);
      const pub = new AchromaPublic();
      const privs = [0, 1, 2].map(() => new AchromaPrivate());
      for (const s of states) {
        achromaBinding.projectPublic(achromaEngine.view(s, null), pub);
        const json = JSON.stringify(pub.toJSON());
        for (const c of Object.values(s.secrets).flat()) {
          expect(json).not.toContain(`"${c}"`);
          expect(json).not.toContain(`"${c}:`);
        }
        expect(
          pub
            .toJSON()
            .players.flatMap((p: { characters: { secrets: number }[]; locations: { secrets: number }[] }) => [...p.characters, ...p.locations])
            .reduce((n: number, c: { secrets: number }) => n + c.secrets, 0),
        ).toBe(Object.values(s.secrets).flat().length);
        for (const p of s.players)
          for (const c of [...p.hand, ...p.palette]) {
            expect(json).not.toContain(`"${c}"`);
            expect(json).not.toContain(`"${c}:`);
          }
        s.players.forEach((p, i) => {
          expect(pub.players[i].bank).toBe(p.bank);
          expect(pub.players[i].handCount).toBe(p.hand.length);
          expect(pub.players[i].paletteCount).toBe(p.palette.length);
          expect(pub.players[i].characters.filter((c) => c.attachedTo === "").map((c) => c.uid)).toEqual(p.characters);
          // Objects, Riders and PARASITES are listed with their role; RESTRAINED cards under their holder.
          expect(pub.players[i].characters.map((c) => c.uid)).toEqual(canvasCards(s, i).filter((c) => !p.locations.includes(c)));
          for (const c of [...pub.players[i].characters, ...pub.players[i].locations]) {
            expect(c.role).toBe(s.riders[c.attachedTo] === c.uid ? "rider" : s.parasites[c.attachedTo] === c.uid ? "parasite" : c.attachedTo ? "object" : "");
            expect([...c.restrained].map((r) => r.split(":")[0])).toEqual(s.restrained[c.uid] ?? []);
          }
        });
        expect(pub.reaction === undefined).toBe(!s.window);
        expect([...pub.deferred].map((d) => d.split(":")[0])).toEqual(s.deferred.map((d) => d.card));
        for (let seat = 0; seat < players; seat++) {
          achromaBinding.projectPrivate(achromaEngine.view(s, seat), privs[seat]);
          const priv = privs[seat].toJSON() as { hand: string[]; seat: number };
          expect(priv.hand.map((h) => h.split(":")[0])).toEqual(s.players[seat].hand);
          expect(priv.seat).toBe(seat);
          expect((privs[seat].toJSON() as { looking: string[] }).looking.map((h) => h.split(":")[0])).toEqual(s.research?.seat === seat ? s.players[seat].palette.slice(0, s.research.count) : []);
          const privJson = JSON.stringify(priv);
          for (const [j, p] of s.players.entries()) if (j !== seat) for (const c of p.hand) expect(privJson).not.toContain(`"${c}:`);
        }
      }
    });

  it("typed fields carry the engine view: reaction, lastReveal, research, promptSeat; absent (undefined) when the view has none", () => {
    const pub = new AchromaPublic();
    const seen = { reaction: [0, 0], lastReveal: [0, 0], research: [0, 0], promptSeat: [0, 0], removed: 0 };
    let had = { reaction: false, lastReveal: false, research: false };
    const check = (s: State) => {
      const v = achromaEngine.view(s, null);
      achromaBinding.projectPublic(v, pub);
      expect(pub.reaction?.toJSON()).toEqual(
        v.reaction ? { seat: v.reaction.seat, trigger: v.reaction.trigger, action: JSON.stringify(v.reaction.action), declared: v.reaction.declared ?? undefined } : undefined,
      );
      if (v.reaction) {
        expect(JSON.parse(pub.reaction!.action)).toEqual(v.reaction.action);
        expect(pub.reaction!.declared === undefined).toBe(v.reaction.declared === null);
      }
      expect(pub.lastReveal?.toJSON()).toEqual(v.lastReveal ?? undefined);
      expect(pub.research?.toJSON()).toEqual(v.research ?? undefined);
      expect(pub.promptSeat).toBe(v.prompt ? v.prompt.seat : undefined);
      expect(pub.toJSON()).not.toHaveProperty("outcome"); // the room's root `result` carries it
      seen.reaction[v.reaction ? 1 : 0]++;
      seen.lastReveal[v.lastReveal ? 1 : 0]++;
      seen.research[v.research ? 1 : 0]++;
      seen.promptSeat[v.prompt ? 1 : 0]++;
      // present -> absent on the same schema instance: the field goes back to undefined
      if ((had.reaction && !v.reaction) || (had.research && !v.research)) seen.removed++;
      had = { reaction: !!v.reaction, lastReveal: !!v.lastReveal, research: !!v.research };
    };
    for (const [name, palettes] of [
      ["typed-1", [0, 1, 2]],
      ["typed-veil", [4, 5, 4]],
      ["typed-new", [6, 7, 8]],
    ] as const) {
      playRandomGame(achromaEngine, { players: 3 }, palettes.map(samplePalette), name, { onStep: (s) => check(s as State) });
    }
    for (const [k, [absent, present]] of Object.entries(seen).filter(([k]) => k !== "removed") as [string, number[]][]) {
      expect(absent, `${k} absent`).toBeGreaterThan(0);
      expect(present, `${k} present`).toBeGreaterThan(0);
    }
    expect(seen.removed).toBeGreaterThan(0);
  });
});
