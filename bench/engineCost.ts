/**
 * What the rules must cost per decision in a room, whatever the room: the engine's apply, then
 * every viewer's view (the spectators' and each seat's), then each actor's legal list, with its
 * words (describe, refs, confirm) when the list changed: what rooms/projection.ts asks of it. Measured in this
 * process over the decisions of seeded random games at the game's bench seat count, so that the
 * room's own work is the real room's CPU per decision less this and less what the bare room with
 * the journal costs (issue goal: the room's own work).
 */
import type { AnyEngine } from "../rules/core/engine.ts";
import { configFor } from "../rules/core/manifest.ts";
import { playRandomGame } from "../rules/core/selfPlay.ts";
import { manifestOf } from "../rules/games.ts";

interface Decision {
  before: unknown;
  seat: number;
  action: unknown;
}

/** CPU µs of the engine's work per decision (mean over `games` random games' decisions). */
export function engineCpuUsPerDecision(engine: AnyEngine, seats: number, games = 12): number {
  const manifest = manifestOf(engine.game);
  if (!manifest) throw new Error(`no game ${engine.game} in rules/games.ts`);
  const config = configFor(manifest, seats);
  const seatConfigs = Array.from({ length: seats }, (_, i) => engine.sampleSeat(i));
  const decisions: Decision[] = [];
  for (let g = 0; g < games; g++) {
    const seed = `engine-cost-${g}`;
    const parsed = engine.parseConfig(config);
    let before = engine.setup(
      parsed,
      seatConfigs.map((s) => engine.parseSeatConfig(s, parsed)),
      seed,
    );
    playRandomGame(engine, config, seatConfigs, seed, {
      onStep: (state, { seat, action }) => {
        decisions.push({ before, seat, action });
        before = state;
      },
    });
  }
  const viewers = [null, ...Array.from({ length: seats }, (_, i) => i)];
  let sink = 0;
  const lastLegal = new Map<number, string>();
  const cpu0 = process.cpuUsage();
  for (const { before, seat, action } of decisions) {
    const state = engine.apply(before, seat, action).state;
    const views = engine.views ? engine.views(state, viewers) : viewers.map((v) => engine.view(state, v));
    sink += views.length;
    for (const actor of engine.actors(state)) {
      const legal = engine.legal(state, actor);
      const json = JSON.stringify(legal);
      if (lastLegal.get(actor) === json) continue;
      lastLegal.set(actor, json);
      for (const a of legal) {
        engine.describe?.(state, actor, a);
        engine.refs?.(state, actor, a);
        engine.confirm?.(state, actor, a);
      }
    }
  }
  const used = process.cpuUsage(cpu0);
  return sink < 0 ? NaN : (used.user + used.system) / decisions.length;
}
