/**
 * The game's state rendered generically: any public (`state.game`) or private
 * (`seats[me].secret`) tree, walked as plain JSON, ids shown through the catalog. A missing
 * field, an empty string or `false` is simply not shown (the server may omit absent numbers).
 */
import { Ref, type CatalogIndex } from "./catalog.tsx";
import { viewFieldsOf } from "./fields.ts";

import { words } from "./words.ts";

export { words };

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
  /** The game: its view fields that hold a seat or an id of one section (its `<game>.fields.ts` viewFields). */
  game?: string;
}

function fieldsOfView(ctx: ViewContext) {
  return ctx.game ? viewFieldsOf(ctx.game) : undefined;
}

export function Value({ value, ctx, depth = 0, field }: { value: unknown; ctx: ViewContext; depth?: number; field?: string }) {
  const v = unwrap(value);
  if (isEmpty(v)) return null;
  const known = field ? fieldsOfView(ctx) : undefined;
  if (typeof v === "string") return <Ref cat={ctx.cat} id={v} section={known?.sections[field!]} />;
  if (typeof v === "number" && known?.seats.includes(field!)) return <span class="seat-name">{ctx.seatName(v)}</span>;
  if (typeof v === "number") return <span class="num">{v}</span>;
  if (typeof v === "boolean") return <span class="flag">yes</span>;
  if (Array.isArray(v)) {
    if (v.length === 0) return <span class="none">none</span>;
    if (v.every((x) => typeof x !== "object" || x === null)) {
      return (
        <span class="row">
          {v.map((x, i) => (
            <Value key={i} value={x} ctx={ctx} depth={depth + 1} field={field} />
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
  const hidden = fieldsOfView(ctx)?.hide ?? [];
  const entries = Object.entries(value as Record<string, unknown>).filter(([k, v]) => !isEmpty(unwrap(v)) && !(title && k === "seat") && !hidden.includes(k));
  return (
    <section class={`tree depth-${Math.min(depth, 3)}`}>
      {title && <h4>{title}</h4>}
      <dl>
        {entries.map(([k, v]) => (
          <div class="field" key={k}>
            <dt>{words(k)}</dt>
            <dd>
              <Value value={v} ctx={ctx} depth={depth} field={k} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
