/**
 * What a room does per decision besides the rules, in one process, per game: the views of every
 * seat and a spectator, their projection into the schema state (with each seat's legal
 * decisions and labels), the patch encoded for every seat and a spectator, and the events packed
 * for each of them. The same-run baseline is the engine applying the same decisions.
 *
 *   views           engine.views (or view per viewer) for the spectator and every seat
 *   schemaAndLegal  projectViews minus its views: the schema writes, legal decisions, labels
 *   encode          the patch: shared part, then each seat's and a spectator's StateView
 *   events          each viewer's visible events, packed with msgpack as the room sends them
 *
 * It replays random games (fixed seeds) into a room state built as the room builds it
 * (rooms/roomState.ts, the game's binding), so its figures move only with that code.
 */
import { Encoder, StateView } from "@colyseus/schema";
import { pack } from "msgpackr";
import type { AnyEngine, GameEvent } from "../rules/core/engine.ts";
import { eventsFor } from "../rules/core/engine.ts";
import { playRandomGame } from "../rules/core/selfPlay.ts";
import type { RoomBinding } from "../rooms/binding.ts";
import { projectViews } from "../rooms/projection.ts";
import { roomStateClasses } from "../rooms/roomState.ts";
import type { EngineBenchInput } from "./engines.ts";
import { round } from "./stats.ts";

interface Step {
  before: unknown;
  seat: number;
  action: unknown;
  after: unknown;
  events: GameEvent[];
}

function recordGames(input: EngineBenchInput, games: number): Step[][] {
  return Array.from({ length: games }, (_, g) => {
    const steps: Step[] = [];
    let before: unknown = null;
    playRandomGame(input.engine, input.config, input.seats, `projection-${g}`, {
      onStep: (state, info) => {
        if (before !== null) steps.push({ before, seat: info.seat, action: info.action, after: state, events: info.events });
        before = state;
      },
    });
    return steps;
  });
}

/** µs per decision of each part, over `rounds` passes through the same recorded games (the first two warm up). */
export function projectionCost(binding: RoomBinding, input: EngineBenchInput, games: number, rounds: number) {
  const engine: AnyEngine = binding.engine;
  const recorded = recordGames(input, games);
  const seats = input.seats.length;
  const { Root, SeatSlot } = roomStateClasses(binding);
  const t = { apply: 0, views: 0, project: 0, encode: 0, events: 0 };
  let steps = 0;
  for (let round = 0; round < rounds; round++) {
    const counted = round >= 2;
    for (const game of recorded) {
      const state = new Root();
      for (let s = 0; s < seats; s++) {
        const slot = new SeatSlot();
        slot.seat = s;
        slot.secret = new binding.PrivateState();
        state.seats.push(slot);
      }
      state.game = new binding.PublicState();
      const encoder = new Encoder(state);
      const views = state.seats.map((slot) => {
        const view = new StateView();
        view.add(slot);
        return view;
      });
      const spectator = new StateView();
      const viewers = [null, ...state.seats.map((s) => s.seat)];
      for (const step of game) {
        const t0 = performance.now();
        engine.apply(step.before, step.seat, step.action);
        const t1 = performance.now();
        if (engine.views) engine.views(step.after, viewers);
        else for (const v of viewers) engine.view(step.after, v);
        const t2 = performance.now();
        projectViews(binding, step.after, state); // the views again, then the schema writes
        const t3 = performance.now();
        const it = { offset: 1 };
        encoder.encode(it);
        const shared = it.offset;
        for (const view of views) encoder.encodeView(view, shared, it);
        encoder.encodeView(spectator, shared, it);
        encoder.discardChanges();
        const t4 = performance.now();
        for (const viewer of viewers) {
          const visible = eventsFor(step.events, viewer);
          if (visible.length > 0) pack({ step: steps, events: visible });
        }
        const t5 = performance.now();
        if (!counted) continue;
        t.apply += t1 - t0;
        t.views += t2 - t1;
        t.project += t3 - t2 - (t2 - t1);
        t.encode += t4 - t3;
        t.events += t5 - t4;
        steps++;
      }
    }
  }
  const us = (ms: number) => round((ms * 1000) / steps, 1);
  const perStep = { views: us(t.views), schemaAndLegal: us(t.project), encode: us(t.encode), events: us(t.events) };
  const total = perStep.views + perStep.schemaAndLegal + perStep.encode + perStep.events;
  return {
    seats,
    steps,
    usPerDecision: { ...perStep, total: round(total, 1) },
    baseline: { engineApplyUs: us(t.apply) },
    ratioToApply: round(total / Math.max(0.01, us(t.apply)), 1),
  };
}
