/**
 * Board props are plain JSON: a field that should be a list is read as one, anything else as [].
 * A list may come as a JSON array in a string: the room state keeps some lists so (SolRei's
 * `hand`, `discard`, `actors`...: docs/solrei.md), while a replay's views hold real arrays.
 */
export const arr = <T = unknown>(v: unknown): T[] => {
  if (Array.isArray(v)) return v as T[];
  if (typeof v === "string" && v.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(v);
      return Array.isArray(parsed) ? (parsed as T[]) : [];
    } catch {
      return [];
    }
  }
  return [];
};
