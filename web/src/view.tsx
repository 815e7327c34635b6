/**
 * The game's state rendered generically: any public (`state.game`) or private
 * (`seats[me].secret`) tree, walked as plain JSON, ids shown through the catalog. A missing
 * field, an empty string or `false` is simply not shown (the server may omit absent numbers).
 */
import { Ref, type CatalogIndex } from "./catalog.tsx";

/** `handCount` -> "hand count". */
export function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || v === "" || v === false;
}

/** A string holding JSON (an object or array) is shown as what it holds. */
function unwrap(v: unknown): unknown {
  if (typeof v === "string" && (v.startsWith("{") || v.startsWith("["))) {
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }
  return v;
}

export interface ViewContext {
  cat: CatalogIndex | null;
  seatName: (seat: number) => string;
}

export function Value({ value, ctx, depth = 0 }: { value: unknown; ctx: ViewContext; depth?: number }) {
  const v = unwrap(value);
  if (isEmpty(v)) return null;
  if (typeof v === "string") return <Ref cat={ctx.cat} id={v} />;
  if (typeof v === "number") return <span class="num">{v}</span>;
  if (typeof v === "boolean") return <span class="flag">yes</span>;
  if (Array.isArray(v)) {
    if (v.length === 0) return <span class="none">none</span>;
    if (v.every((x) => typeof x !== "object" || x === null)) {
      return (
        <span class="row">
          {v.map((x, i) => (
            <Value key={i} value={x} ctx={ctx} depth={depth + 1} />
          ))}
        </span>
      );
    }
    return (
      <div class="list">
        {v.map((x, i) => (
          <Tree key={i} value={x} ctx={ctx} depth={depth + 1} title={titleOf(x, i, ctx)} />
        ))}
      </div>
    );
  }
  if (typeof v === "object") return <Tree value={v} ctx={ctx} depth={depth + 1} />;
  return <span>{String(v)}</span>;
}

function titleOf(x: unknown, i: number, ctx: ViewContext): string {
  const seat = (x as { seat?: unknown } | null)?.seat;
  return typeof seat === "number" ? ctx.seatName(seat) : `#${i + 1}`;
}

export function Tree({ value, ctx, depth = 0, title }: { value: unknown; ctx: ViewContext; depth?: number; title?: string }) {
  if (typeof value !== "object" || value === null) return <Value value={value} ctx={ctx} depth={depth} />;
  const entries = Object.entries(value as Record<string, unknown>).filter(([k, v]) => !isEmpty(unwrap(v)) && !(title && k === "seat"));
  return (
    <section class={`tree depth-${Math.min(depth, 3)}`}>
      {title && <h4>{title}</h4>}
      <dl>
        {entries.map(([k, v]) => (
          <div class="field" key={k}>
            <dt>{words(k)}</dt>
            <dd>
              <Value value={v} ctx={ctx} depth={depth} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
