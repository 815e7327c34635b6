/**
 * A stronger hidden-information check than findLeaks (leakCheck.ts). For a viewer seat, the game
 * supplies `redeal(state, seat, rng)`: a copy where everything hidden from that seat is re-dealt
 * (other hands, every deck/palette order, face-down choices). The checker also re-seeds the
 * RNG's future (`reseed`, default: a fresh `state.rng`). Then, between the state and the re-dealt one:
 *  1. view(seat), view(null), legal(seat) and actors() are identical (canonical JSON), and so
 *     are what each legal decision involves and asks to confirm (refs, confirm);
 *  2. for every action of that seat (its legal ones, near-miss variants naming any id of the
 *     position, hidden ones included, and other seats' legal actions): parseAction is state-free,
 *     so apply must give the same result in both: accepted in both, or a RuleError with the same
 *     code and message in both;
 *  3. when accepted in both, the events the seat sees (and the public events) may differ only
 *     where the seat's view (the spectator's view) after the action differs too: an event may
 *     only tell what the view is about to show;
 *  4. likewise for one random action of each other actor that is legal in both states;
 *  5. which decisions the room would make without asking (`forced`) are the same: for `seat`
 *     itself the very decision, for every other actor whether it has one (what it would be may
 *     stay hidden, but that it was made automatically, and when, is there for all to see);
 *  6. the engine never throws (anything but a RuleError) on either state or on what follows an
 *     action on it (actors, and the legal decisions of each): a re-deal is a world the seat may
 *     be in, so a throw there is a crash a real game can reach (or a re-deal the game's test kit
 *     got wrong), never something to skip.
 */
import { type AnyEngine, type Seat, eventsFor } from "./engine.ts";
import { canonicalJson } from "./hash.ts";
import { pick, randInt, seedRng, type HasRng } from "./rng.ts";
import { tryParse } from "./legalCheck.ts";
import { RuleError } from "./errors.ts";
import { actionVariants, collectValues } from "./variants.ts";

export interface StrongLeakOptions {
  /** A copy of `state` where everything hidden from `seat` is re-dealt; must not modify `state`. */
  redeal(state: unknown, seat: Seat, rng: HasRng): unknown;
  /** Re-seeds the RNG's future in place (default: `state.rng = seedRng(<random>)`). */
  reseed?(state: unknown, rng: HasRng): void;
  /** Re-deals per seat (default 2). */
  redeals?: number;
  /** Actions of the seat tried per re-deal, beyond its legal ones (default 60). */
  variants?: number;
}

export interface StrongLeak {
  seat: Seat;
  kind: "view" | "spectator_view" | "legal" | "refs" | "actors" | "forced" | "apply" | "events" | "public_events" | "other_events" | "crash";
  action?: unknown;
  detail: string;
}

type Result = { ok: true; state: unknown; events: unknown[] } | { ok: false; err: string; crash: boolean };

function run(engine: AnyEngine, state: unknown, seat: Seat, action: unknown): Result {
  try {
    const r = engine.apply(state, seat, action);
    return { ok: true, state: r.state, events: r.events };
  } catch (e) {
    if (e instanceof RuleError) return { ok: false, err: `${e.code}: ${e.message}`, crash: false };
    return { ok: false, err: describeError(e), crash: true };
  }
}

/** `f`'s result, or null after reporting what it threw. */
function attempt<T>(f: () => T, report: (error: unknown) => void): T | null {
  try {
    return f();
  } catch (error) {
    report(error);
    return null;
  }
}

/**
 * Which of the actors the room would decide for without asking (engine.forced, and each of the
 * game's "pass until" stops): `seat`'s own decisions as they are, the others' only as whether
 * they have one.
 */
export function forcedSignature(engine: AnyEngine, state: unknown, seat: Seat): string {
  if (!engine.forced && !engine.passStops) return "";
  const stops = Object.values(engine.passStops ?? {});
  return canonicalJson(
    (engine.actors(state) as Seat[]).map((a) => {
      const decisions = [engine.forced?.(state, a) ?? null, ...stops.map((stop) => stop.pass(state, a))];
      return [a, a === seat ? decisions : decisions.map((d) => d !== null)];
    }),
  );
}

/**
 * Only rule 5 of findLeaksStrong, cheap enough to run at every position of many games: whether
 * re-dealing what each seat cannot see changes which decisions the room would make unasked.
 */
export function findForcedLeaks(engine: AnyEngine, state: unknown, seatCount: number, rng: HasRng, redeal: StrongLeakOptions["redeal"], tries = 2): StrongLeak[] {
  const leaks: StrongLeak[] = [];
  for (let seat = 0; seat < seatCount; seat++) {
    const expected = forcedSignature(engine, state, seat);
    for (let t = 0; t < tries; t++) {
      const observed = forcedSignature(engine, redeal(state, seat, rng), seat);
      if (observed !== expected) leaks.push({ seat, kind: "forced", detail: firstDifference(expected, observed) });
    }
  }
  return leaks;
}

/** What a game asks next after an action (who acts, and what each may do) runs without a throw. */
function afterwards(engine: AnyEngine, state: unknown, report: (error: unknown) => void): boolean {
  return (
    attempt(() => {
      for (const s of engine.actors(state) as Seat[]) engine.legal(state, s);
      return true;
    }, report) ?? false
  );
}

function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const at = e.stack
    ?.split("\n")
    .find((line) => line.includes("/rules/"))
    ?.trim();
  return `${e.name}: ${e.message}${at ? ` (${at})` : ""}`;
}

/** What each legal decision involves and asks to confirm (engine.refs, engine.confirm), as canonical JSON. */
function decisionMarks(engine: AnyEngine, state: unknown, seat: Seat, legal: unknown[]): string {
  return canonicalJson(legal.map((a) => [engine.refs?.(state, seat, a) ?? null, engine.confirm?.(state, seat, a) ?? null]));
}

export function defaultReseed(state: unknown, rng: HasRng): void {
  const s = state as { rng?: unknown };
  if (Array.isArray(s.rng)) s.rng = seedRng(`reseed-${randInt(rng, 0, 2 ** 30)}`);
}

export function findLeaksStrong(engine: AnyEngine, state: unknown, seatCount: number, rng: HasRng, options: StrongLeakOptions): StrongLeak[] {
  const leaks: StrongLeak[] = [];
  const tries = options.redeals ?? 2;
  const reseed = options.reseed ?? defaultReseed;
  const actors = canonicalJson(engine.actors(state));
  const specView = canonicalJson(engine.view(state, null));
  const legalBySeat: unknown[][] = [];
  const forcedBySeat: string[] = [];
  for (let s = 0; s < seatCount; s++) legalBySeat.push(engine.legal(state, s));
  const pools = collectValues([state, ...legalBySeat.flat()]);
  for (let s = 0; s < seatCount; s++) forcedBySeat.push(forcedSignature(engine, state, s));
  for (let seat = 0; seat < seatCount; seat++) {
    const view = canonicalJson(engine.view(state, seat));
    const legal = legalBySeat[seat];
    const others = legalBySeat.filter((_, s) => s !== seat).flat();
    for (let t = 0; t < tries; t++) {
      const alt = options.redeal(state, seat, rng);
      reseed(alt, rng);
      const cmp = (kind: StrongLeak["kind"], a: string, b: string) => {
        if (a === b) return true;
        leaks.push({ seat, kind, detail: firstDifference(a, b) });
        return false;
      };
      const crash = (what: string, action?: unknown) => (error: unknown) => {
        leaks.push({ seat, kind: "crash", ...(action === undefined ? {} : { action }), detail: `${what} threw on the re-dealt world: ${describeError(error)}` });
      };
      const observed = attempt(
        () => [
          canonicalJson(engine.view(alt, seat)),
          canonicalJson(engine.view(alt, null)),
          canonicalJson(engine.actors(alt)),
          canonicalJson(engine.legal(alt, seat)),
          forcedSignature(engine, alt, seat),
        ],
        crash("view, actors, legal or forced"),
      );
      if (!observed) continue;
      const same = [
        cmp("view", view, observed[0]!),
        cmp("spectator_view", specView, observed[1]!),
        cmp("actors", actors, observed[2]!),
        cmp("legal", canonicalJson(legal), observed[3]!),
        cmp("forced", forcedBySeat[seat]!, observed[4]!),
      ];
      if (same.includes(false)) continue;
      const marks = attempt(() => [decisionMarks(engine, state, seat, legal), decisionMarks(engine, alt, seat, legal)], crash("refs or confirm"));
      if (marks && !cmp("refs", marks[0]!, marks[1]!)) continue;
      const tried = [...legal, ...actionVariants(legal.length > 0 ? legal : others, pools, rng, { max: options.variants ?? 60, extra: others })];
      for (const input of tried) {
        const p = tryParse(engine, input);
        if (p === null || "crash" in p) continue;
        const a = run(engine, state, seat, p.action);
        const b = run(engine, alt, seat, p.action);
        if (!a.ok && a.crash) crash("apply on the original world", input)(a.err);
        if (!b.ok && b.crash) crash("apply", input)(b.err);
        if ((!a.ok && a.crash) || (!b.ok && b.crash)) continue;
        if (a.ok && b.ok && !(afterwards(engine, a.state, crash("what follows on the original world", input)) && afterwards(engine, b.state, crash("what follows", input)))) continue;
        if (a.ok !== b.ok || (!a.ok && !b.ok && a.err !== b.err)) {
          leaks.push({ seat, kind: "apply", action: input, detail: `${a.ok ? "accepted" : a.err} vs re-dealt ${b.ok ? "accepted" : b.err}` });
          continue;
        }
        if (a.ok && b.ok) compareAfter(engine, seat, a, b, input, leaks, "events");
      }
      // One action of each other actor, legal in both states (its result may depend on what `seat` cannot see).
      for (const other of engine.actors(state) as Seat[]) {
        if (other === seat) continue;
        const options2 = legalBySeat[other];
        if (options2.length === 0) continue;
        const action = pick(rng, options2);
        const altLegal = attempt(() => engine.legal(alt, other) as unknown[], crash(`seat ${other}'s legal`));
        if (!altLegal) continue;
        const altKeys = new Set(altLegal.map((x: unknown) => canonicalJson(x)));
        if (!altKeys.has(canonicalJson(action))) continue;
        const a = run(engine, state, other, action);
        const b = run(engine, alt, other, action);
        const by = { seat: other, action };
        if (!b.ok && b.crash) crash(`seat ${other}'s apply`, by)(b.err);
        if (a.ok && b.ok && afterwards(engine, b.state, crash(`what follows seat ${other}'s action`, by))) compareAfter(engine, seat, a, b, by, leaks, "other_events");
      }
    }
  }
  return leaks;
}

function compareAfter(
  engine: AnyEngine,
  seat: Seat,
  a: { state: unknown; events: unknown[] },
  b: { state: unknown; events: unknown[] },
  action: unknown,
  leaks: StrongLeak[],
  kind: "events" | "other_events",
): void {
  for (const viewer of [seat, null]) {
    const ea = canonicalJson(eventsFor(a.events as never, viewer));
    const eb = canonicalJson(eventsFor(b.events as never, viewer));
    if (ea === eb) continue;
    if (canonicalJson(engine.view(a.state, viewer)) !== canonicalJson(engine.view(b.state, viewer))) continue;
    leaks.push({
      seat,
      kind: viewer === null ? "public_events" : kind,
      action,
      detail: `different ${viewer === null ? "public " : ""}events, same view after: ${firstDifference(ea, eb)}`,
    });
  }
}

export function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 80);
  return `…${a.slice(from, i + 80)}… != …${b.slice(from, i + 80)}…`;
}
