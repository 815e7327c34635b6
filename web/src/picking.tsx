/**
 * Acting on the table itself. Each legal decision comes with `refs` (what it involves: cards,
 * players, zones, board cells; docs in docs/protocol.md, "Deciding") and maybe a `confirms` reason.
 * Boards mark what a ref can name with `data-ref` (refKey); the table then highlights what the
 * legal decisions involve, and a click on such an element offers the decisions that involve it:
 * one is chosen at once, several open a small menu beside the element. A decision the engine
 * marks asks to confirm first. The decision buttons stay as the keyboard and screen-reader path.
 */
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";

export type Ref = { kind: "card"; id: string } | { kind: "seat"; seat: number } | { kind: "zone"; zone: string; seat?: number; index?: number } | { kind: "cell"; cell: number };

/** The `data-ref` value of what `ref` names (boards write the same keys). */
export function refKey(ref: Ref): string {
  switch (ref.kind) {
    case "card":
      return `card:${ref.id}`;
    case "seat":
      return `seat:${ref.seat}`;
    case "zone":
      return `zone:${ref.zone}:${ref.seat ?? ""}:${ref.index ?? ""}`;
    case "cell":
      return `cell:${ref.cell}`;
  }
}

export const cardKey = (id: string | null | undefined) => (id ? `card:${id}` : undefined);
export const zoneKey = (zone: string, seat?: number | null, index?: number | null) => `zone:${zone}:${seat ?? ""}:${index ?? ""}`;

/** Decision indexes by the key of each thing they involve. */
export function decisionsByKey(refs: Ref[][]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  refs.forEach((list, i) => {
    for (const r of Array.isArray(list) ? list : []) {
      const k = refKey(r);
      const at = out.get(k);
      if (at) {
        if (!at.includes(i)) at.push(i);
      } else out.set(k, [i]);
    }
  });
  return out;
}

export interface Menu {
  key: string;
  options: number[];
  x: number;
  y: number;
}

/**
 * Marks, inside `root`, what the decisions involve (`data-involved`) and what changed since the
 * previous step (`data-changed`, for a moment): an element's words changed, or it is new.
 */
export function useTableMarks(root: { current: HTMLElement | null }, involved: Map<string, number[]>, step: number | undefined, live: boolean, said = "") {
  const before = useRef<Map<string, string> | null>(null);
  const lastStep = useRef(step);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    const now = new Map<string, string>();
    const stepped = step !== lastStep.current;
    const seen = new Map<string, number>();
    for (const node of el.querySelectorAll<HTMLElement>("[data-ref]")) {
      const key = node.dataset.ref!;
      // One thing may be drawn twice (a Canvas's two rows): each drawing is compared with itself.
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      const text = node.textContent ?? "";
      const slot = `${key}#${n}`;
      now.set(slot, text);
      const on = live && involved.has(key);
      if (on) node.setAttribute("data-involved", "true");
      else node.removeAttribute("data-involved");
      if (stepped && before.current && before.current.get(slot) !== text) node.setAttribute("data-changed", "true");
    }
    if (stepped) {
      // Only the innermost changed things flash: a seat whose one card changed is not all new.
      for (const node of el.querySelectorAll<HTMLElement>("[data-changed]")) {
        if (node.querySelector("[data-changed]")) node.removeAttribute("data-changed");
      }
      // What just happened, in words, beside the first thing it changed.
      for (const node of el.querySelectorAll<HTMLElement>("[data-said]")) node.removeAttribute("data-said");
      const first = el.querySelector<HTMLElement>("[data-changed]");
      if (first && said) first.setAttribute("data-said", said);
      lastStep.current = step;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        for (const node of el.querySelectorAll<HTMLElement>("[data-changed]")) node.removeAttribute("data-changed");
        for (const node of el.querySelectorAll<HTMLElement>("[data-said]")) node.removeAttribute("data-said");
      }, 2500);
    }
    before.current = now;
  });
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
}

/** The decisions that involve one clicked thing, beside it. */
export function DecisionMenu({ menu, labels, onPick, onClose }: { menu: Menu; labels: string[]; onPick: (i: number) => void; onClose: () => void }) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    first.current?.focus();
    const esc = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    addEventListener("keydown", esc);
    return () => removeEventListener("keydown", esc);
  }, [menu.key]);
  const left = Math.max(8, Math.min(menu.x, innerWidth - 300));
  return (
    <div class="pick-menu" role="menu" data-testid="pick-menu" style={{ left: `${left}px`, top: `${menu.y}px` }}>
      {menu.options.map((i, n) => (
        <button key={i} ref={n === 0 ? first : undefined} type="button" role="menuitem" data-testid="pick-option" onClick={() => onPick(i)}>
          {labels[i] ?? "Choose"}
        </button>
      ))}
      <button type="button" class="quiet" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}

/** Asks before a decision the engine marks (harms your own side, or bound to fail). */
export function ConfirmDialog({ label, reason, onYes, onNo }: { label: string; reason: string; onYes: () => void; onNo: () => void }) {
  const no = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    no.current?.focus();
    const esc = (e: KeyboardEvent) => e.key === "Escape" && onNo();
    addEventListener("keydown", esc);
    return () => removeEventListener("keydown", esc);
  }, []);
  return (
    <div class="confirm-backdrop">
      <div class="confirm" role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" aria-describedby="confirm-why" data-testid="confirm">
        <h3 id="confirm-title">{label}?</h3>
        <p id="confirm-why">{reason}</p>
        <div class="buttons">
          <button type="button" data-testid="confirm-yes" onClick={onYes}>
            Do it anyway
          </button>
          <button type="button" ref={no} data-testid="confirm-no" onClick={onNo}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}
