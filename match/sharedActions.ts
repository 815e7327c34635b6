/**
 * The decisions a live match keeps in memory (its replay so far, stored when it ends) hold
 * each action as one frozen object shared by every match of the process, not a parsed copy
 * per decision: a game has few distinct actions (166 in a 1,156-step SolRei match), and a
 * decision kept 124 bytes of heap with its own copy against 57 shared (heap per
 * live match; a 700-step match kept ~87 KB of decisions by its end).
 *
 * Only actions the engine accepted reach the table, and it stops growing at `max` entries
 * (later new actions are kept as they are), so no client can grow it without bound.
 */
export class ActionTable {
  private readonly known = new Map<string, unknown>();

  constructor(private readonly max: number) {}

  /** The shared, deeply frozen object equal to `action` (or `action` itself once the table is full). */
  share<A>(action: A): A {
    const key = JSON.stringify(action);
    if (key === undefined) return action;
    const known = this.known.get(key);
    if (known !== undefined) return known as A;
    if (this.known.size >= this.max) return action;
    const frozen = deepFreeze(JSON.parse(key) as A);
    this.known.set(key, frozen);
    return frozen;
  }

  get size(): number {
    return this.known.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** The process's table: every game's accepted actions, up to 50,000 distinct ones. */
export const sharedActions = new ActionTable(50_000);
