/**
 * Canonical serialisation and hashing of game states. Two states are "the same" exactly
 * when their canonical JSON is the same: object keys sorted, `undefined` fields dropped,
 * arrays kept in order. Pure computation (no I/O), so it belongs in the rules layer.
 */
import { createHash } from "node:crypto";

export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as object).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  if (typeof value === "number" && !Number.isFinite(value)) {
    throw new TypeError(`canonicalJson: non-finite number ${value} cannot be hashed`);
  }
  return value;
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** sha256 of the canonical JSON of a state: what replays are checked against. */
export function stateHash(state: unknown): string {
  return sha256Hex(canonicalJson(state));
}
