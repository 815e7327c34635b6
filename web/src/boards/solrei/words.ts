/** Ids in words (docs/solrei.md "Which fields hold ids"): an ability's source, an option of your select prompt, seats. */
import { nameOf } from "../../catalog.tsx";
import { arr } from "../json.ts";
import type { Art, Ctx, Player, Secret } from "./state.ts";

/** An ability's source (`muse`, `advantage`, `art:<slot>`) in words, naming the card when known. */
export function sourceWords(ctx: Ctx, source: string, p: Player | undefined, privArts: string[] | null): string {
  if (source.startsWith("art:")) {
    const slot = Number(source.slice(4));
    const id = arr<Art>(p?.arts).find((a) => a.slot === slot)?.id || privArts?.[slot] || "";
    return `${nameOf(ctx.cat, "art", "source")} ${slot + 1}${id ? `: ${nameOf(ctx.cat, id, "art")}` : ""}`;
  }
  const card = source === "muse" ? p?.muse : source === "advantage" ? p?.advantage : "";
  const base = nameOf(ctx.cat, source, "source");
  return card ? `${base} (${nameOf(ctx.cat, card, source)})` : base;
}

/** One option of your select prompt in words (docs: `select.choice`: a compound, a card, a source or a choice). */
export function optionWords(ctx: Ctx, opt: string, purpose: string, mine: Player | undefined, rival: Player | undefined, priv: Secret): string {
  const at = opt.indexOf(":");
  if (purpose === "order" && (opt === "muse" || opt === "advantage" || opt.startsWith("art:"))) {
    return sourceWords(ctx, opt, mine, arr<string>(priv.arts));
  }
  if (at > 0) {
    const prefix = opt.slice(0, at);
    const rest = opt.slice(at + 1);
    const targetsRival = purpose === "exhaust" || purpose === "break";
    const owner = targetsRival ? rival : mine;
    const whose = targetsRival ? "Rival's " : "your ";
    if (prefix === "art") {
      const slot = Number(rest);
      const id = arr<Art>(owner?.arts).find((a) => a.slot === slot)?.id || (!targetsRival ? arr<string>(priv.arts)[slot] : "") || "";
      return `${whose}Art ${slot + 1}${id ? `: ${nameOf(ctx.cat, id, "art")}` : " (face down)"}`;
    }
    if (prefix === "dmg" || prefix === "d") {
      const card = owner?.damage[Number(rest)]?.card;
      return `${whose}damage card ${Number(rest) + 1}${card ? `: ${nameOf(ctx.cat, card, "card")}` : ""}`;
    }
    return `${nameOf(ctx.cat, prefix, "ref")}: ${nameOf(ctx.cat, rest, "card")}`;
  }
  if (ctx.cat?.catalog.sections.card?.[opt]) return nameOf(ctx.cat, opt, "card");
  if (ctx.cat?.catalog.sections.choice?.[opt]) return nameOf(ctx.cat, opt, "choice");
  return nameOf(ctx.cat, opt);
}

export function seatList(ctx: Ctx, seats: number[]): string {
  return seats.length === 0 ? "nobody" : seats.map((s) => ctx.seatName(s)).join(", ");
}
