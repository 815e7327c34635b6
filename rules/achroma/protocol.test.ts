/**
 * The Achroma protocol (protocol.ts) against what the engine really does: seeded random games at
 * every player count (2 to 6), every legal action of every actor, every event and every outcome
 * validated by ajv against the served JSON Schemas; the schemas refuse what they should; declared
 * event types, outcome reasons and the catalog match both ways.
 * Size: env PROTOCOL_GAMES games per player count (default below; about 0.1 s a game).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import type { GameEvent } from "../core/engine.ts";
import { envInt } from "../core/positions.ts";
import { protocolDocument } from "../core/protocolDocument.ts";
import { catalogParity, checkProtocol, unreachedEventTypes, type ProtocolGame, type ProtocolReport } from "../core/protocolCheck.ts";
import { playRandomGame } from "../core/selfPlay.ts";
import { seatsFor } from "./fuzzkit.ts";
import { achromaEngine } from "./index.ts";
import { CARD_ID_PATTERN, OUTCOME_REASONS } from "./protocol.ts";

const GAMES = envInt("PROTOCOL_GAMES", 12);
const PLAYER_COUNTS = [2, 3, 4, 5, 6];

function games(): ProtocolGame[] {
  const out: ProtocolGame[] = [];
  let i = 0;
  for (const players of PLAYER_COUNTS) for (let k = 0; k < GAMES; k++, i++) out.push({ config: { players }, seats: seatsFor(players, i), seed: `protocol-achroma-${i}` });
  return out;
}

/** Declared event types random games do not reach (each: why). Empty: the default games reach every type. */
const RARE: string[] = [];

let report: ProtocolReport | null = null;
const run = () => (report ??= checkProtocol(achromaEngine, games()));

/** The first event of `type` in a seeded random game (undefined if none). */
function firstEvent(type: string, players = 4): GameEvent | undefined {
  let found: GameEvent | undefined;
  for (let i = 0; i < 20 && !found; i++)
    playRandomGame(achromaEngine, { players }, seatsFor(players, i), `protocol-achroma-refuse-${i}`, {
      onStep: (_state, info) => {
        found ??= info.events.find((e) => e.type === type);
      },
    });
  return found;
}

describe("Achroma protocol", () => {
  it(`every legal action, event and outcome of ${GAMES * PLAYER_COUNTS.length} seeded random games validates against the generated JSON Schemas`, { timeout: 120_000 }, () => {
    const r = run();
    expect(r.problems).toEqual([]);
    expect(r.games).toBe(GAMES * PLAYER_COUNTS.length);
    expect(r.eventsChecked).toBeGreaterThan(0);
    expect(r.actionsChecked).toBeGreaterThan(0);
    if (process.env.PROTOCOL_REPORT)
      process.stdout.write(`${JSON.stringify({ games: r.games, actions: r.actionsChecked, events: r.eventsChecked, eventTypes: r.eventTypes, unseen: r.unseenEventTypes })}\n`);
  });

  it("every declared event type is emitted in fuzzed games or listed as rare", { timeout: 120_000 }, () => {
    expect(unreachedEventTypes(achromaEngine, run(), RARE)).toEqual([]);
  });

  it("an event with an undeclared field is refused, and so is an action with a wrong type", () => {
    const doc = protocolDocument(achromaEngine);
    const ajv = new Ajv2020({ strict: false });
    const event = ajv.compile(doc.event);
    const action = ajv.compile(doc.action);
    const deploy = firstEvent("deploy");
    expect(deploy).toBeDefined();
    expect(event(deploy)).toBe(true);
    expect(event({ ...deploy, hidden: "p1c3" })).toBe(false);
    expect(event({ ...deploy, card: "ash-warden" })).toBe(false); // a card id where an instance id belongs
    expect(event({ ...deploy, cost: -1 })).toBe(false);
    expect(event({ ...deploy, free: false })).toBe(false);
    expect(event({ ...deploy, type: "no_such_event" })).toBe(false);
    expect(event({ type: "pass", seat: 0, step: "no_such_step" })).toBe(false);
    expect(event({ type: "game_over", winner: 0, reason: "no_such_reason", ranks: [1, 2] })).toBe(false);
    // Hidden information always names who may see it.
    const drew = firstEvent("drew");
    expect(drew).toBeDefined();
    expect(event(drew)).toBe(true);
    const { to: _to, ...publicDrew } = drew!;
    expect(event(publicDrew)).toBe(false);

    const cfg = achromaEngine.parseConfig({ players: 2 });
    const legal = achromaEngine.legal(
      achromaEngine.setup(
        cfg,
        seatsFor(2, 0).map((s) => achromaEngine.parseSeatConfig(s, cfg)),
        "protocol-achroma-refuse",
      ),
      0,
    );
    expect(legal).toContainEqual({ type: "keep" });
    for (const a of legal) expect(action(a)).toBe(true);
    expect(action({ type: "no_such_action" })).toBe(false);
    expect(action({ type: "keep", extra: 1 })).toBe(false);
    expect(action({ type: "trade", card: 3 })).toBe(false);
    expect(action({ type: "prevent", amount: "1" })).toBe(false);
  });

  it("every declared event type and outcome reason has a catalog entry, and every catalog event/outcome entry is declared", () => {
    const sections = achromaEngine.catalog!().sections;
    expect(catalogParity(achromaEngine)).toEqual([]);
    expect(achromaEngine.protocol!().outcomeReasons).toEqual(OUTCOME_REASONS);
    // Card ids in events (`def`, `defs`) are typed by a pattern every catalog card id matches.
    expect(Object.keys(sections.card).filter((id) => !CARD_ID_PATTERN.test(id))).toEqual([]);
  });
});
