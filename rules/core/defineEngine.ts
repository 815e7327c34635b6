/**
 * The wiring every engine repeats, written once: reading an action by its `type` against that
 * type's schemas, reading a `{ players }` config, and refusing a set-up whose seat count is not
 * the one the config asks for.
 */
import { z } from "zod";
import type { Engine } from "./engine.ts";
import { RuleError } from "./errors.ts";

type Issues = readonly { path: readonly PropertyKey[]; message: string }[];

/** A zod failure as lines a client reads: `field.path: message`, or `what: message` for the whole input. */
export const issueLines = (issues: Issues, what: string): string[] => issues.map((i) => `${i.path.map(String).join(".") || what}: ${i.message}`);

/**
 * `parseAction` for actions told apart by `type`: the type must be one of `schemas`, then the action
 * must match one of its schemas (a type may have several shapes). Throws RuleError("bad_action")
 * naming the types, or every broken field.
 */
export function actionParser<Action>(title: string, schemas: Readonly<Record<string, z.ZodType | readonly z.ZodType[]>>): (input: unknown) => Action {
  return (input) => {
    const type = input !== null && typeof input === "object" ? (input as { type?: unknown }).type : undefined;
    const forType = typeof type === "string" && Object.hasOwn(schemas, type) ? schemas[type]! : null;
    if (!forType) throw new RuleError("bad_action", `malformed ${title} action: type must be one of ${Object.keys(schemas).join(", ")}`);
    const issues: string[] = [];
    for (const schema of Array.isArray(forType) ? forType : [forType as z.ZodType]) {
      const r = schema.safeParse(input);
      if (r.success) return r.data as Action;
      issues.push(...issueLines(r.error.issues, "action"));
    }
    throw new RuleError("bad_action", `malformed ${title} ${type} action: ${issues.join("; ")}`);
  };
}

/** `parseConfig` for a game whose one option is its seat count, `{ players: min..max }`. */
export function playersConfig(title: string, min: number, max: number): (input: unknown) => { players: number } {
  const schema = z.object({ players: z.number().int().min(min).max(max) }).strict();
  const range = Array.from({ length: max - min + 1 }, (_, i) => min + i).join(" | ");
  return (input) => {
    const r = schema.safeParse(input ?? {});
    if (!r.success) throw new RuleError("bad_config", `${title} config must be { players: ${range} }: ${issueLines(r.error.issues, "config").join("; ")}`);
    return { players: r.data.players };
  };
}

/**
 * An engine, with the checks the room relies on made once for all: `setup` refuses a seat list
 * whose length is not `seatCount(config)` (RuleError "bad_config").
 */
export function defineEngine<C, S, St, A, V>(engine: Engine<C, S, St, A, V>): Engine<C, S, St, A, V> {
  return {
    ...engine,
    setup: (config, seats, seed) => {
      const needed = engine.seatCount(config);
      if (seats.length !== needed) throw new RuleError("bad_config", `this game needs ${needed} seats, got ${seats.length}`);
      return engine.setup(config, seats, seed);
    },
  };
}
