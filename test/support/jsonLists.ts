/**
 * A decoded room state with every JSON-array string field (`legal`, SolRei's `hand`...) read back
 * as the array it holds. A leak check that looks for `"<id>"` in the state's JSON text must look
 * at this: inside a string field the id's quotes are escaped, and the search would pass blindly.
 */
export function withJsonListsRead(value: unknown): unknown {
  if (typeof value === "string" && value.startsWith("[")) {
    try {
      return withJsonListsRead(JSON.parse(value));
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map(withJsonListsRead);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withJsonListsRead(v)]));
  return value;
}
