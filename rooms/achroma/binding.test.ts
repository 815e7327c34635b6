import { describe, expect, it } from "vitest";
import { playRandomGame } from "../../rules/core/selfPlay.ts";
import { achromaEngine, samplePalette, type State } from "../../rules/achroma/index.ts";
import { canvasCards } from "../../rules/achroma/engine.ts";
import { AchromaPrivate, AchromaPublic } from "./schema.ts";
import { achromaBinding } from "./binding.ts";

describe("achroma room binding", () => {
  for (const [name, palettes] of [["binding-1", [0, 1, 2]], ["binding-veil", [4, 5, 4]], ["binding-new", [6, 7, 8]]] as const)
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
      expect(pub.toJSON().players.flatMap((p: { characters: { secrets: number }[]; locations: { secrets: number }[] }) => [...p.characters, ...p.locations]).reduce((n: number, c: { secrets: number }) => n + c.secrets, 0)).toBe(Object.values(s.secrets).flat().length);
      for (const p of s.players) for (const c of [...p.hand, ...p.palette]) {
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
      expect(pub.reaction).toBe(s.window ? JSON.stringify(achromaEngine.view(s, null).reaction) : "");
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
});
