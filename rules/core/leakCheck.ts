/**
 * A reusable hidden-information leak check, called by every game's tests.
 *
 * Given a state and a viewer, the game supplies `permuteHidden`: a re-deal of everything
 * that viewer cannot see (other hands, deck orders, face-down choices), keeping what it can.
 * Then:
 *  1. view(state, viewer) must equal view(permuted, viewer);
 *  2. for an actor's action a on the state and an action a' of the same actor on the permuted
 *     state (a itself when legal there, else a random legal one), the events visible to the
 *     viewer may differ only if the viewer's views after the two actions differ too: an event
 *     can only tell a seat what its view is about to show it anyway. (So a view must keep what
 *     was revealed, e.g. a discard pile or the last trick, rather than show it only in events.)
 */
import { canonicalJson } from "./hash.ts";
import { type AnyEngine, type Seat, eventsFor } from "./engine.ts";
import { pick, type HasRng } from "./rng.ts";
import { botAction } from "./bot.ts";

export interface LeakCheckOptions {
  /** Returns a copy of `state` where everything hidden from `viewer` is re-dealt. */
  permuteHidden(state: unknown, viewer: Seat, rng: HasRng): unknown;
  /** Permutations tried per viewer (default 2). */
  permutations?: number;
}

export interface Leak {
  viewer: Seat;
  kind: "view" | "events";
  detail: string;
}

function legalIn(engine: AnyEngine, state: unknown, seat: Seat, action: unknown): boolean {
  const key = canonicalJson(action);
  return engine.legal(state, seat).some((a: unknown) => canonicalJson(a) === key);
}

/** Returns every leak found at `state` for every seat (empty list: no leak). */
export function findLeaks(engine: AnyEngine, state: unknown, seatCount: number, rng: HasRng, options: LeakCheckOptions): Leak[] {
  const leaks: Leak[] = [];
  const tries = options.permutations ?? 2;
  for (let viewer = 0; viewer < seatCount; viewer++) {
    const seen = canonicalJson(engine.view(state, viewer));
    for (let t = 0; t < tries; t++) {
      const permuted = options.permuteHidden(state, viewer, rng);
      const seenPermuted = canonicalJson(engine.view(permuted, viewer));
      if (seen !== seenPermuted) {
        leaks.push({ viewer, kind: "view", detail: firstDifference(seen, seenPermuted) });
        continue;
      }
      const actors = engine.actors(state).filter((s: Seat) => engine.actors(permuted).includes(s));
      if (actors.length === 0) continue;
      const actor = pick(rng, actors);
      const action = botAction(engine, state, actor, rng);
      const actionPermuted = legalIn(engine, permuted, actor, action) ? action : botAction(engine, permuted, actor, rng);
      const a = engine.apply(state, actor, action);
      const b = engine.apply(permuted, actor, actionPermuted);
      const eventsA = canonicalJson(eventsFor(a.events, viewer));
      const eventsB = canonicalJson(eventsFor(b.events, viewer));
      if (eventsA === eventsB) continue;
      const viewA = canonicalJson(engine.view(a.state, viewer));
      const viewB = canonicalJson(engine.view(b.state, viewer));
      if (viewA === viewB) {
        leaks.push({
          viewer,
          kind: "events",
          detail: `seat ${actor}'s ${canonicalJson(action)} vs ${canonicalJson(actionPermuted)} gave the viewer different events but the same view: ${firstDifference(eventsA, eventsB)}`,
        });
      }
    }
  }
  return leaks;
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 60);
  return `…${a.slice(from, i + 60)}… != …${b.slice(from, i + 60)}…`;
}
