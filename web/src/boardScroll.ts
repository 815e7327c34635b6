/**
 * Where the board opens when it scrolls inside the page (wide screens): at your own area (drawn
 * last, at the bottom); and when your decisions involve things on it and none is in sight, the
 * first of them is brought into view.
 */
import { useLayoutEffect, useRef } from "preact/hooks";

export function useBoardInSight(boardRef: { current: HTMLElement | null }, ready: boolean, canAct: boolean, deps: unknown[]) {
  const opened = useRef(false);
  useLayoutEffect(() => {
    const el = boardRef.current;
    if (!el || !ready) return;
    if (!opened.current && el.scrollHeight > el.clientHeight) {
      opened.current = true;
      el.scrollTop = el.scrollHeight;
    }
    if (!canAct || el.scrollHeight <= el.clientHeight) return;
    const box = el.getBoundingClientRect();
    const marked = [...el.querySelectorAll<HTMLElement>("[data-involved]")].filter((n) => n.getClientRects().length > 0);
    // In sight: what is drawn at a point of it is it (an inner scroller may clip it out of view).
    const inSight = marked.some((n) => {
      const r = n.getBoundingClientRect();
      const top = Math.max(r.top, box.top) + 4;
      const bottom = Math.min(r.bottom, box.bottom) - 4;
      if (bottom <= top) return false;
      const hit = document.elementFromPoint(r.left + Math.min(12, r.width / 2), (top + bottom) / 2);
      return !!hit && n.contains(hit);
    });
    if (marked.length > 0 && !inSight) marked[0].scrollIntoView({ block: "nearest" });
  }, [...deps, canAct, ready]);
}
