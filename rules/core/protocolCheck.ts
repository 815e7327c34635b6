/**
 * Checks an engine's generated JSON Schemas (protocol.ts) against what it really does: over
 * seeded random games, every action `legal()` offers any actor, every event `apply()` emits
 * and every outcome must validate, with a JSON Schema validator (ajv), not zod, so the served
 * documents themselves are what is tested. Test-only (imports ajv, a dev dependency).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import type { AnyEngine } from "./engine.ts";
import { protocolDocument } from "./protocolDocument.ts";
import { playRandomGame } from "./selfPlay.ts";

export interface ProtocolGame {
  config: unknown;
  seats: unknown[];
  seed: string;
}

export interface ProtocolReport {
  games: number;
  actionsChecked: number;
  eventsChecked: number;
  /** Event types seen, with counts (to report which declared types the games never reached). */
  eventTypes: Record<string, number>;
  /** Declared event types never emitted in these games. */
  unseenEventTypes: string[];
  actionTypes: Record<string, number>;
  /** First problems found, each with where to reproduce it. */
  problems: string[];
}

/** Declared `type` constants of a JSON Schema union (oneOf/anyOf of objects with a const `type`). */
export function declaredTypes(schema: object): string[] {
  const s = schema as { oneOf?: object[]; anyOf?: object[] };
  const out: string[] = [];
  for (const branch of s.oneOf ?? s.anyOf ?? []) {
    const t = (branch as { properties?: { type?: { const?: string } } }).properties?.type?.const;
    if (t) out.push(t);
  }
  return out;
}

export function checkProtocol(engine: AnyEngine, games: readonly ProtocolGame[], maxProblems = 10): ProtocolReport {
  const doc = protocolDocument(engine);
  const ajv = new Ajv2020({ allErrors: false, strict: false });
  const action = ajv.compile(doc.action);
  const event = ajv.compile(doc.event);
  const outcome = ajv.compile(doc.outcome);
  const report: ProtocolReport = { games: 0, actionsChecked: 0, eventsChecked: 0, eventTypes: {}, unseenEventTypes: [], actionTypes: {}, problems: [] };
  const problem = (where: string, what: string, value: unknown, errors: unknown) => {
    if (report.problems.length < maxProblems) report.problems.push(`${where}: ${what} ${JSON.stringify(value)} fails: ${JSON.stringify(errors)}`);
  };
  const checkLegal = (state: unknown, where: string) => {
    for (const seat of engine.actors(state)) {
      for (const a of engine.legal(state, seat)) {
        report.actionsChecked++;
        const type = (a as { type?: string }).type ?? "?";
        report.actionTypes[type] = (report.actionTypes[type] ?? 0) + 1;
        if (!action(a)) problem(`${where}, seat ${seat}`, "legal action", a, action.errors);
      }
    }
  };
  for (const g of games) {
    report.games++;
    const cfg = engine.parseConfig(g.config);
    checkLegal(
      engine.setup(
        cfg,
        g.seats.map((s) => engine.parseSeatConfig(s, cfg)),
        g.seed,
      ),
      `seed ${g.seed} at set-up`,
    );
    const r = playRandomGame(engine, g.config, g.seats, g.seed, {
      onStep: (state, info) => {
        const where = `seed ${g.seed} after step ${info.step}`;
        for (const e of info.events) {
          report.eventsChecked++;
          report.eventTypes[e.type] = (report.eventTypes[e.type] ?? 0) + 1;
          if (!event(e)) problem(where, "event", e, event.errors);
        }
        checkLegal(state, where);
      },
    });
    if (!outcome(r.outcome)) problem(`seed ${g.seed} at the end`, "outcome", r.outcome, outcome.errors);
  }
  report.unseenEventTypes = declaredTypes(doc.event).filter((t) => !report.eventTypes[t]);
  return report;
}

/**
 * What a protocol test must find empty: declared event types no game reached that are not
 * listed as rare (`seenElsewhere`: types another run saw), and rare entries that are not declared.
 */
export function unreachedEventTypes(engine: AnyEngine, report: ProtocolReport, rare: readonly string[], seenElsewhere: Readonly<Record<string, number>> = {}): string[] {
  const declared = declaredTypes(protocolDocument(engine).event);
  const unseen = report.unseenEventTypes.filter((t) => !seenElsewhere[t] && !rare.includes(t)).map((t) => `${t}: declared, never emitted, not listed as rare`);
  return [...unseen, ...rare.filter((t) => !declared.includes(t)).map((t) => `${t}: listed as rare but not declared`)];
}

/**
 * Declared event types and outcome reasons against the catalog's `event` and `outcome` sections,
 * both ways (`catalogOutcomes`: the ids the outcome section must hold, default the outcome reasons).
 */
export function catalogParity(engine: AnyEngine, catalogOutcomes?: readonly string[]): string[] {
  const sections = engine.catalog?.().sections ?? {};
  const declared = declaredTypes(protocolDocument(engine).event);
  const outcomes = catalogOutcomes ?? engine.protocol!().outcomeReasons;
  const diff = (what: string, a: readonly string[], b: readonly string[]) => a.filter((x) => !b.includes(x)).map((x) => `${what}: ${x}`);
  const events = Object.keys(sections.event ?? {});
  const reasons = Object.keys(sections.outcome ?? {});
  return [
    ...declared.filter((t, i) => declared.indexOf(t) !== i).map((t) => `event type declared twice: ${t}`),
    ...diff("event type declared, not in the catalog", declared, events),
    ...diff("catalog event never declared", events, declared),
    ...diff("outcome reason not in the catalog", outcomes, reasons),
    ...diff("catalog outcome never given", reasons, outcomes),
  ];
}
