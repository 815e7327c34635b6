/**
 * Near-miss actions for the engine checks (legalCheck.ts, strongLeakCheck.ts): from a list of
 * actions (usually every seat's `legal()`), variants where one field is replaced by another
 * value the position names (a card, unit, zone or option id, a number, a flag) or by an id of
 * the same shape that names nothing, a field is dropped or added, or an array field is
 * reordered, shortened or given a duplicate.
 *
 * Values come from the whole state (hidden parts included, except the RNG) and from the
 * actions themselves. A value seen under the same key (e.g. `card`) is a "same-kind" candidate;
 * every other string/number of the position is a "cross-kind" one. Variants are deduplicated
 * by canonical JSON and sampled: first-tier variants (same-kind substitutions, dropped/added
 * fields, array changes, other seats' actions) fill most of the budget.
 */
import { canonicalJson } from "./hash.ts";
import { randInt, shuffleInPlace, type HasRng } from "./rng.ts";

export interface ValuePools {
  /** Every string of the position (state minus `rng`, plus the actions). */
  strings: string[];
  /** Small integers of the position (-1..64) plus every number seen under an action key. */
  numbers: number[];
  /** Values seen under each key, anywhere in the state or the actions. */
  byKey: Map<string, unknown[]>;
}

const SKIP_KEYS = new Set(["rng"]);

/** Collects the values a position names: every string, small integers and values per key. */
export function collectValues(roots: readonly unknown[]): ValuePools {
  const strings = new Set<string>();
  const numbers = new Set<number>([-1, 0, 1, 2, 3]);
  const byKey = new Map<string, Set<string>>();
  const note = (key: string | null, v: unknown) => {
    if (key === null) return;
    let set = byKey.get(key);
    if (!set) {
      set = new Set();
      byKey.set(key, set);
    }
    set.add(JSON.stringify(v));
  };
  const walk = (v: unknown, key: string | null) => {
    if (typeof v === "string") {
      strings.add(v);
      note(key, v);
    } else if (typeof v === "number") {
      if (Number.isInteger(v) && v >= -1 && v <= 64) numbers.add(v);
      note(key, v);
    } else if (typeof v === "boolean") note(key, v);
    else if (Array.isArray(v)) for (const x of v) walk(x, key);
    else if (v !== null && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        if (SKIP_KEYS.has(k)) continue;
        // Record keys are ids too (units, secrets, riders...).
        if (!/^\d+$/.test(k)) strings.add(k);
        walk(x, k);
      }
    }
  };
  for (const r of roots) walk(r, null);
  return {
    strings: [...strings].sort(),
    numbers: [...numbers].sort((a, b) => a - b),
    byKey: new Map([...byKey].map(([k, set]) => [k, [...set].sort().map((j) => JSON.parse(j) as unknown)])),
  };
}

type Path = (string | number)[];

function leaves(v: unknown, path: Path, out: { path: Path; value: unknown; key: string }[], key: string) {
  if (Array.isArray(v)) v.forEach((x, i) => leaves(x, [...path, i], out, key));
  else if (v !== null && typeof v === "object") for (const [k, x] of Object.entries(v)) leaves(x, [...path, k], out, k);
  else out.push({ path, value: v, key });
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (let i = 0; i < path.length - 1; i++) node = node[path[i]] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
  return copy;
}

/** The kind of an id-like string: its text before the first digit ("p1c7" -> "p", "h:p0-8D" -> "h:p"); null without a digit. */
function shapeOf(v: string): string | null {
  const i = v.search(/\d/);
  return i < 0 ? null : v.slice(0, i);
}

/** `value` with its last number replaced by 99 ("p0c4" -> "p0c99"), when it is id-like and that names something else. */
function ghostId(value: unknown): string | null {
  if (typeof value !== "string" || shapeOf(value) === null) return null;
  const ghost = value.replace(/\d+(?=\D*$)/, "99");
  return ghost === value ? null : ghost;
}

function candidatesFor(value: unknown, key: string, pools: ValuePools): { same: unknown[]; cross: unknown[] } {
  if (typeof value === "boolean") return { same: [!value], cross: [] };
  const set = new Set((pools.byKey.get(key) ?? []).filter((x) => typeof x === typeof value && x !== value));
  if (typeof value === "string") {
    const shape = shapeOf(value);
    if (shape !== null) for (const x of pools.strings) if (x !== value && shapeOf(x) === shape) set.add(x);
  }
  const all = typeof value === "string" ? pools.strings : typeof value === "number" ? pools.numbers : [];
  return { same: [...set], cross: all.filter((x) => x !== value && !set.has(x)) };
}

export interface VariantOptions {
  /** Variants returned at most (default 200). */
  max?: number;
  /** Share of the budget for first-tier variants (default 0.7). */
  firstTier?: number;
  /** Extra whole actions to include in the first tier (e.g. other seats' legal actions). */
  extra?: readonly unknown[];
}

/**
 * Variants of `actions` (each differing from one action in one respect), deduplicated, without
 * the `actions` themselves, sampled to `max` with `rng`.
 */
export function actionVariants(actions: readonly unknown[], pools: ValuePools, rng: HasRng, options: VariantOptions = {}): unknown[] {
  const max = options.max ?? 200;
  const own = new Set(actions.map((a) => canonicalJson(a)));
  const first = new Map<string, unknown>();
  const second = new Map<string, unknown>();
  const add = (tier: Map<string, unknown>, v: unknown) => {
    const k = canonicalJson(v);
    if (!own.has(k) && !first.has(k) && !second.has(k)) tier.set(k, v);
  };
  for (const e of options.extra ?? []) add(first, e);
  // Keys seen per action type, to add a field an action of that type may carry.
  const keysByType = new Map<unknown, Set<string>>();
  for (const a of actions) {
    if (a === null || typeof a !== "object" || Array.isArray(a)) continue;
    const t = (a as Record<string, unknown>).type;
    let set = keysByType.get(t);
    if (!set) {
      set = new Set();
      keysByType.set(t, set);
    }
    for (const k of Object.keys(a)) set.add(k);
  }
  // Systematic: per action type and field, one variant per same-kind value (on a random action of that type).
  const byType = new Map<unknown, unknown[]>();
  for (const a of actions) {
    if (a === null || typeof a !== "object" || Array.isArray(a)) continue;
    const t = (a as Record<string, unknown>).type;
    byType.set(t, [...(byType.get(t) ?? []), a]);
  }
  for (const list of byType.values()) {
    const fields = new Map<string, { path: Path; value: unknown; key: string }>();
    for (const a of list) {
      const ls: { path: Path; value: unknown; key: string }[] = [];
      leaves(a, [], ls, "");
      for (const leaf of ls) if (!fields.has(leaf.path.join("."))) fields.set(leaf.path.join("."), leaf);
    }
    for (const leaf of fields.values()) {
      for (const c of candidatesFor(leaf.value, leaf.key, pools).same) {
        const base = list[randInt(rng, 0, list.length - 1)];
        add(first, setAt(base, leaf.path, c));
      }
      // An id of the right shape that names nothing in the position (a schema check passes it).
      const ghost = ghostId(leaf.value);
      if (ghost !== null) add(first, setAt(list[randInt(rng, 0, list.length - 1)], leaf.path, ghost));
    }
  }
  for (const a of actions) {
    if (a === null || typeof a !== "object") continue;
    const ls: { path: Path; value: unknown; key: string }[] = [];
    leaves(a, [], ls, "");
    for (const leaf of ls) {
      const { same, cross } = candidatesFor(leaf.value, leaf.key, pools);
      for (const c of same) add(second, setAt(a, leaf.path, c));
      for (const c of cross) add(second, setAt(a, leaf.path, c));
    }
    if (Array.isArray(a)) continue;
    const obj = a as Record<string, unknown>;
    for (const [k, v] of Object.entries(obj)) {
      if (k === "type") continue;
      const { [k]: _dropped, ...rest } = obj;
      add(first, rest);
      if (Array.isArray(v)) {
        if (v.length > 1) add(first, { ...obj, [k]: [...v].reverse() });
        if (v.length > 0) {
          add(first, { ...obj, [k]: v.slice(1) });
          add(first, { ...obj, [k]: [...v, v[0]] });
        }
        add(first, { ...obj, [k]: [] });
      }
    }
    for (const k of keysByType.get(obj.type) ?? []) {
      if (k in obj) continue;
      for (const c of pools.byKey.get(k) ?? []) add(first, { ...obj, [k]: c });
    }
  }
  const sample = (m: Map<string, unknown>, n: number) => {
    const list = [...m.values()];
    if (list.length <= n) return list;
    shuffleInPlace(rng, list);
    return list.slice(0, n);
  };
  const nFirst = Math.min(first.size, Math.max(Math.round(max * (options.firstTier ?? 0.7)), max - second.size));
  const out = [...sample(first, nFirst), ...sample(second, max - nFirst)];
  // A random rotation so a capped caller does not always see the first tier first.
  if (out.length > 1) {
    const r = randInt(rng, 0, out.length - 1);
    return [...out.slice(r), ...out.slice(0, r)];
  }
  return out;
}
