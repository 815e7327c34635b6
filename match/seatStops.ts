/**
 * Each seat's stops (join option `stops`, message `stops`; docs/play-flow.md) and the decisions
 * they make: "no_choice" makes every decision that is the seat's only one at once, which tells the
 * table it had no choice, as an instant pass does at a real table; and at most one of the game's
 * "pass until ..." stops (Engine.passStops). The room checks the names (rooms/roomInput.ts checkStops).
 */
import type { AnyEngine, Seat } from "../rules/core/engine.ts";
import type { AutoDecision } from "../rules/core/replay.ts";

export const NO_CHOICE = "no_choice";

/** A decision to apply: whose, which, and why the room made it if the seat did not. */
export interface Pending {
  seat: Seat;
  action: unknown;
  auto?: AutoDecision;
}

/** A seat's stops: "no_choice", and one "pass until" stop with the moment it lasts for (null: fixed at its first use). */
interface Stops {
  noChoice: boolean;
  until: { name: string; key: string | null } | null;
}

export class SeatStops {
  /** Absent: none, the default. */
  private readonly bySeat = new Map<Seat, Stops>();

  constructor(private readonly engine: AnyEngine) {}

  /** The seat's stops from now on; `state` (null: the match is not on) fixes the moment a "pass until" stop lasts for. */
  set(seat: Seat, stops: readonly string[], state: unknown): void {
    const until = stops.find((s) => s !== NO_CHOICE);
    const key = until && state !== null ? this.engine.passStops![until]!.until(state) : null;
    this.bySeat.set(seat, { noChoice: stops.includes(NO_CHOICE), until: until ? { name: until, key } : null });
  }

  /** The seats that asked for stops (some may have none left). */
  seats(): Iterable<Seat> {
    return this.bySeat.keys();
  }

  /** The seat's stops as its slot shows them. */
  names(seat: Seat): string[] {
    const st = this.bySeat.get(seat);
    return st ? [...(st.noChoice ? [NO_CHOICE] : []), ...(st.until ? [st.until.name] : [])] : [];
  }

  /**
   * The next decision the room makes without asking, in `state`: an actor's forced decision (its
   * only one, forced from public facts alone: engine.forced), or the only decision of a seat
   * whose "no_choice" stop is on (bots have none: their lack of choice is theirs to hide).
   */
  unasked(state: unknown, isBot: (seat: Seat) => boolean): Pending | null {
    const engine = this.engine;
    if (engine.outcome(state)) return null;
    for (const seat of engine.actors(state)) {
      const forced = engine.forced?.(state, seat) ?? null;
      if (forced !== null) return { seat, action: forced, auto: "forced" };
      const st = this.bySeat.get(seat);
      if (!st || isBot(seat)) continue;
      const pass = st.until ? this.passUntil(state, seat, st) : null;
      if (pass !== null) return { seat, action: pass, auto: "stop" };
      if (st.noChoice) {
        const legal = engine.legal(state, seat);
        if (legal.length === 1) return { seat, action: legal[0], auto: "stop" };
      }
    }
    return null;
  }

  /** The pass the seat's "pass until" stop makes now (null: none), ending the stop once its moment is over. */
  private passUntil(state: unknown, seat: Seat, st: Stops): unknown {
    const stop = this.engine.passStops?.[st.until!.name];
    const key = stop?.until(state) ?? null;
    st.until!.key ??= key;
    if (!stop || key !== st.until!.key) {
      st.until = null; // over: the slot shows it at the next sync
      return null;
    }
    const pass = stop.pass(state, seat);
    if (pass === null) return null;
    // Only ever one of the seat's legal decisions, whatever the game's stop says.
    const wanted = JSON.stringify(pass);
    return this.engine.legal(state, seat).find((a: unknown) => JSON.stringify(a) === wanted) ?? null;
  }
}
