/**
 * Helpers to mirror plain view data into schema collections in place, so a change sends
 * a small patch instead of a rebuilt tree.
 */
import type { ArraySchema, MapSchema, Schema } from "@colyseus/schema";

/**
 * The array behind an ArraySchema's Proxy (schema 5's `items`), read-only: every index read
 * through the Proxy costs a trap with an `isNaN` test, the most frequent cost of projecting a
 * view. Writes still go through the Proxy, which records them; re-read after writing.
 */
function itemsOf<T>(target: ArraySchema<T>): readonly T[] {
  // The Proxy's trap passes symbol keys straight through (no isNaN): the instance, then its items.
  return (target as unknown as Record<symbol, { items: T[] }>)[PROXY_TARGET]!.items;
}
const PROXY_TARGET = Symbol.for("$proxyTarget");

/** Makes `target` hold exactly `values` (primitives), touching only what changed. */
export function syncPrimitiveArray<T extends string | number | boolean>(target: ArraySchema<T>, values: readonly T[]): void {
  let items = itemsOf(target);
  for (let i = 0; i < values.length; i++) {
    if (i < items.length) {
      if (items[i] === values[i]) continue;
      target[i] = values[i];
    } else {
      target.push(values[i]);
    }
    items = itemsOf(target);
  }
  while (items.length > values.length) {
    target.pop();
    items = itemsOf(target);
  }
}

/**
 * Makes `target` hold one schema item per value: existing items are updated with `write`,
 * missing ones created with `create`, surplus ones removed.
 */
export function syncSchemaArray<S extends Schema, V>(target: ArraySchema<S>, values: readonly V[], create: () => S, write: (item: S, value: V) => void): void {
  let items = itemsOf(target);
  for (let i = 0; i < values.length; i++) {
    if (i >= items.length) {
      target.push(create());
      items = itemsOf(target);
    }
    write(items[i]!, values[i]!);
  }
  while (items.length > values.length) {
    target.pop();
    items = itemsOf(target);
  }
}

/** Assigns `value` to `obj[key]` only when it differs (an unchanged assignment can still mark a field dirty). */
export function setIfChanged<O extends object, K extends keyof O>(obj: O, key: K, value: O[K]): void {
  if (obj[key] !== value) obj[key] = value;
}

/**
 * A small list kept as a JSON array in a string field (no schema collection: see
 * rooms/solrei/schema.ts for why). Set only when the text changed, so an unchanged list sends nothing.
 */
export function setJsonList<K extends string, O extends Record<K, string>>(obj: O, key: K, values: readonly unknown[]): void {
  const json = JSON.stringify(values);
  if (obj[key] !== json) obj[key] = json as O[K];
}

/** Makes `target` hold exactly the keys of `values`, creating/updating/removing items. */
export function syncSchemaMap<S extends Schema, V>(target: MapSchema<S>, values: Readonly<Record<string, V>>, create: () => S, write: (item: S, value: V) => void): void {
  for (const [key, value] of Object.entries(values)) {
    let item = target.get(key);
    if (!item) {
      item = create();
      target.set(key, item);
    }
    write(item, value);
  }
  for (const key of Array.from(target.keys())) if (!(key in values)) target.delete(key);
}

/**
 * Mirrors a nullable view value into an optional schema child (a `t.ref(X).optional()` field):
 * absent (`null`/`undefined`) -> the field is set to undefined (clients decode it as undefined);
 * present -> the child is created once, then updated in place by `write` (small patches).
 */
export function syncOptionalChild<O extends object, K extends keyof O, V>(
  obj: O,
  key: K,
  value: V | null | undefined,
  create: () => NonNullable<O[K]>,
  write: (child: NonNullable<O[K]>, value: V) => void,
): void {
  if (value === null || value === undefined) {
    if (obj[key] !== undefined) obj[key] = undefined as O[K];
    return;
  }
  let child = obj[key] as NonNullable<O[K]> | undefined;
  if (child === undefined || child === null) {
    child = create();
    write(child, value);
    obj[key] = child;
    return;
  }
  write(child, value);
}
