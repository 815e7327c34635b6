/**
 * Helpers to mirror plain view data into schema collections in place, so a change sends
 * a small patch instead of a rebuilt tree.
 */
import type { ArraySchema, MapSchema, Schema } from "@colyseus/schema";

/** Makes `target` hold exactly `values` (primitives), touching only what changed. */
export function syncPrimitiveArray<T extends string | number | boolean>(target: ArraySchema<T>, values: readonly T[]): void {
  for (let i = 0; i < values.length; i++) {
    if (i < target.length) {
      if (target[i] !== values[i]) target[i] = values[i];
    } else {
      target.push(values[i]);
    }
  }
  while (target.length > values.length) target.pop();
}

/**
 * Makes `target` hold one schema item per value: existing items are updated with `write`,
 * missing ones created with `create`, surplus ones removed.
 */
export function syncSchemaArray<S extends Schema, V>(
  target: ArraySchema<S>,
  values: readonly V[],
  create: () => S,
  write: (item: S, value: V) => void,
): void {
  for (let i = 0; i < values.length; i++) {
    if (i >= target.length) target.push(create());
    write(target[i], values[i]);
  }
  while (target.length > values.length) target.pop();
}

/** Assigns `value` to `obj[key]` only when it differs (an unchanged assignment can still mark a field dirty). */
export function setIfChanged<O extends object, K extends keyof O>(obj: O, key: K, value: O[K]): void {
  if (obj[key] !== value) obj[key] = value;
}

/** Makes `target` hold exactly the keys of `values`, creating/updating/removing items. */
export function syncSchemaMap<S extends Schema, V>(
  target: MapSchema<S>,
  values: Readonly<Record<string, V>>,
  create: () => S,
  write: (item: S, value: V) => void,
): void {
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
