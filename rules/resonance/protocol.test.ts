/**
 * The Resonance protocol (protocol.ts) against what the engine really does: seeded random games
 * at 2, 3 and 4 players, every legal action of every actor, every event and every outcome
 * validated by ajv against the served JSON Schemas; the schemas refuse what they should; the
 * declared event types and outcome reasons match the catalog both ways.
 * Size: env PROTOCOL_GAMES games per player count (default below).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { GameEvent } from "../core/engine.ts";
import { envInt } from "../core/positions.ts";
import { protocolDocument } from "../core/protocolDocument.ts";
import { catalogParity, checkProtocol, unreachedEventTypes, type ProtocolGame, type ProtocolReport } from "../core/protocolCheck.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { seatsFor } from "./fuzzkit.ts";
import { resonanceEngine } from "./index.ts";
import { OUTCOME_REASONS } from "./protocol.ts";

/** Games per player count whose every legal action, event and outcome is checked (legal() at every step is the cost). */
const GAMES = envInt("PROTOCOL_GAMES", 10);
/** More games per player count, events and outcomes only (about 4x cheaper), so rarer event types show up too. */
const SWEEP = envInt("PROTOCOL_SWEEP_GAMES", 40);
const PLAYERS = [2, 3, 4] as const;

/** `perConfig` games per player count; seeds `protocol-resonance-<i>` numbered from `from`. */
function games(perConfig: number, from: number): ProtocolGame[] {
  const out: ProtocolGame[] = [];
  let i = from;
  for (const players of PLAYERS) for (let k = 0; k < perConfig; k++, i++) out.push({ config: { players }, seats: seatsFor(players, i), seed: `protocol-resonance-${i}` });
  return out;
}

/** Declared event types neither the checked games nor the sweep reach (each: why). */
const RARE: string[] = [];

let report: ProtocolReport | null = null;
const run = () => (report ??= checkProtocol(resonanceEngine, games(GAMES, 0)));

/** The sweep: each event and outcome validated by ajv against the served schemas; event types counted. */
interface Sweep {
  eventTypes: Record<string, number>;
  problems: string[];
}
let sweep: Sweep | null = null;
function runSweep(): Sweep {
  if (sweep) return sweep;
  const doc = protocolDocument(resonanceEngine);
  const ajv = new Ajv2020({ strict: false });
  const event = ajv.compile(doc.event);
  const outcome = ajv.compile(doc.outcome);
  const out: Sweep = { eventTypes: {}, problems: [] };
  for (const g of games(SWEEP, GAMES * PLAYERS.length)) {
    const r = playRandomGame(resonanceEngine, g.config, g.seats, g.seed, {
      onStep: (_state, info) => {
        for (const e of info.events) {
          out.eventTypes[e.type] = (out.eventTypes[e.type] ?? 0) + 1;
          if (!event(e) && out.problems.length < 10) out.problems.push(`seed ${g.seed} step ${info.step}: event ${JSON.stringify(e)} fails: ${JSON.stringify(event.errors)}`);
        }
      },
    });
    if (!outcome(r.outcome)) out.problems.push(`seed ${g.seed}: outcome ${JSON.stringify(r.outcome)} fails: ${JSON.stringify(outcome.errors)}`);
  }
  sweep = out;
  return out;
}

describe("Resonance protocol", () => {
  it(`every legal action, event and outcome of ${GAMES * PLAYERS.length} seeded random games validates against the generated JSON Schemas`, { timeout: 300_000 }, () => {
    const r = run();
    expect(r.problems).toEqual([]);
    expect(r.games).toBe(GAMES * PLAYERS.length);
    expect(r.eventsChecked).toBeGreaterThan(0);
    expect(r.actionsChecked).toBeGreaterThan(0);
    if (process.env.PROTOCOL_REPORT)
      process.stdout.write(`${JSON.stringify({ games: r.games, actions: r.actionsChecked, events: r.eventsChecked, eventTypes: r.eventTypes, unseen: r.unseenEventTypes })}\n`);
  });

  it(`every declared event type is emitted in fuzzed games (${GAMES * PLAYERS.length} checked + ${SWEEP * PLAYERS.length} swept) or listed as rare`, { timeout: 300_000 }, () => {
    const r = run();
    const w = runSweep();
    expect(w.problems).toEqual([]);
    if (process.env.PROTOCOL_REPORT) process.stdout.write(`${JSON.stringify({ sweep: w.eventTypes, unseen: r.unseenEventTypes.filter((t) => !w.eventTypes[t]) })}\n`);
    expect(unreachedEventTypes(resonanceEngine, r, RARE, w.eventTypes)).toEqual([]);
  });

  it("an event with an undeclared field is refused, and so is an action with a wrong type", () => {
    const doc = protocolDocument(resonanceEngine);
    const ajv = new Ajv2020({ strict: false });
    const event = ajv.compile(doc.event);
    const action = ajv.compile(doc.action);
    let real: GameEvent | undefined;
    let legal: unknown;
    playRandomGame(resonanceEngine, { players: 2 }, seatsFor(2, 0), "protocol-resonance-refuse", {
      onStep: (state, info) => {
        real ??= info.events.find((e) => e.type === "damage");
        legal ??= resonanceEngine.legal(state as never, resonanceEngine.actors(state as never)[0] ?? 0).find((a) => a.type === "attack");
      },
    });
    expect(real).toBeDefined();
    expect(event(real)).toBe(true);
    expect(event({ ...real, secret: "m1-1" })).toBe(false);
    expect(event({ ...real, amount: -1 })).toBe(false);
    expect(event({ ...real, unit: "nobody" })).toBe(false);
    expect(event({ ...real, type: "no_such_event" })).toBe(false);
    expect(event({ type: "game_over", ranks: [1, 2], reason: "last Player standing" })).toBe(false);
    expect(event({ type: "game_over", ranks: [1, 2], reason: "last_player" })).toBe(true);
    expect(legal).toBeDefined();
    expect(action(legal)).toBe(true);
    expect(action({ ...(legal as object), type: "no_such_action" })).toBe(false);
    expect(action({ ...(legal as object), type: "support", critical: true })).toBe(false);
    expect(action({ ...(legal as object), extra: 1 })).toBe(false);
  });

  it("every declared event type and outcome reason has a catalog entry, and every catalog event/outcome entry is declared", () => {
    expect(catalogParity(resonanceEngine)).toEqual([]);
    expect(resonanceEngine.protocol!().outcomeReasons).toEqual(OUTCOME_REASONS);
  });
});
