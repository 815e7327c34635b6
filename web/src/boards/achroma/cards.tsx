/** The pieces every zone is drawn with: a face-up card, card backs, a row of cards, a zone, a counter. */
import type { ComponentChildren } from "preact";
import { splitRef, str, type Ctx } from "./instances.ts";
import { cardEntry, term } from "./words.tsx";

/** How many card backs are drawn before the rest is a count. */
const MAX_BACKS = 8;

export function Stat({ label, value, hint }: { label: string; value: ComponentChildren; hint?: string }) {
  return (
    <span class="achroma-stat" title={hint}>
      <span class="achroma-stat-label">{label}</span> <b class="achroma-stat-value">{value}</b>
    </span>
  );
}

/** A face-up card from its definition (hand, Dregs, resolving...): name, cost, stats, keywords, text. */
export function CardFace({ ctx, def, uid, extra, live, children }: { ctx: Ctx; def: string; uid?: string; extra?: string; live?: boolean; children?: ComponentChildren }) {
  const entry = cardEntry(ctx, def);
  const stats = (entry?.stats ?? {}) as Record<string, unknown>;
  const traits = (entry?.traits ?? {}) as Record<string, unknown>;
  const type = str(traits.type);
  const realm = str(traits.realm);
  const line = [type && term(ctx, type, "card_type"), str(traits.characterType) && term(ctx, str(traits.characterType), "character_type"), realm && term(ctx, realm, "realm")]
    .filter(Boolean)
    .join(" · ");
  return (
    <div
      class={`achroma-card achroma-type-${type || "unknown"} achroma-realm-${realm || "none"}${extra ? ` ${extra}` : ""}`}
      data-testid="card"
      data-id={def}
      data-uid={uid ?? ""}
      data-ref={uid ? `card:${uid}` : undefined}
      title={entry?.text ?? ""}
    >
      <div class="achroma-card-head">
        <b class="achroma-card-name">{entry?.name ?? def}</b>
        {entry?.cost !== undefined && (
          <span class="achroma-card-cost" title="Shard Value">
            {String(entry.cost)}
          </span>
        )}
      </div>
      {line && <div class="achroma-card-line">{line}</div>}
      {!live && typeof stats.strength === "number" && stats.strength > 0 && <div class="achroma-card-line">Strength {stats.strength}</div>}
      {entry?.text && <div class="achroma-card-text">{entry.text}</div>}
      {children}
    </div>
  );
}

function RefCard({ ctx, refStr, extra }: { ctx: Ctx; refStr: string; extra?: string }) {
  const [uid, def] = splitRef(refStr);
  return def ? <CardFace ctx={ctx} def={def} uid={uid} extra={extra} /> : <Back label={uid} />;
}

export function Back({ label }: { label?: string }) {
  return (
    <div class="achroma-back" title="face down">
      <span class="achroma-back-mark" aria-hidden="true">
        ◆
      </span>
      {label && <span class="achroma-back-label">{label}</span>}
    </div>
  );
}

/** `count` card backs (at most MAX_BACKS drawn) and the count in words. */
export function Backs({ count, what }: { count: number; what: string }) {
  const shown = Math.min(count, MAX_BACKS);
  return (
    <div class="achroma-backs">
      {Array.from({ length: shown }, (_, i) => (
        <Back key={i} />
      ))}
      <span class="achroma-count">
        {count} {what}
      </span>
    </div>
  );
}

export function Row({ ctx, refs, empty }: { ctx: Ctx; refs: string[]; empty?: string }) {
  if (refs.length === 0) return empty ? <div class="achroma-empty">{empty}</div> : null;
  return (
    <div class="achroma-row">
      {refs.map((r, i) => (
        <RefCard key={`${r}-${i}`} ctx={ctx} refStr={r} />
      ))}
    </div>
  );
}

export function Zone({ title, count, children, testid, refKey }: { title: string; count?: number; children: ComponentChildren; testid?: string; refKey?: string }) {
  return (
    <section class="achroma-zone" data-testid={testid} data-ref={refKey}>
      <h4 class="achroma-zone-title">
        {title}
        {count !== undefined && <span class="achroma-zone-count"> ({count})</span>}
      </h4>
      {children}
    </section>
  );
}
