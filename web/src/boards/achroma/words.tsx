/**
 * Ids in words (docs/achroma.md "Which fields hold ids"): seats, cards and instances, catalog
 * terms, prompt options, a declared action and a given effect.
 */
import { lookup, nameOf } from "../../catalog.tsx";
import type { CatalogEntry } from "../../api.ts";
import { str, type Ctx } from "./instances.ts";

export function seatName(ctx: Ctx, seat: number): string {
  const s = ctx.seats.find((x) => x.seat === seat);
  const player = `Player ${seat + 1}`;
  const who = s?.name ? `${s.name} (${player})` : player;
  return seat === ctx.me ? `${who}, you` : who;
}

export function cardEntry(ctx: Ctx, def: string): CatalogEntry | undefined {
  return def ? lookup(ctx.cat, def, "card")?.entry : undefined;
}

export function cardName(ctx: Ctx, def: string): string {
  return def ? nameOf(ctx.cat, def, "card") : "a face-down card";
}

/** An instance by its card's name ("Reef Guardian"), or "a card" when the viewer cannot know it. */
export function instanceName(ctx: Ctx, uid: string): string {
  const def = ctx.defs.get(uid);
  if (def) return cardName(ctx, def);
  return uid ? `an unseen card (${uid})` : "";
}

export function term(ctx: Ctx, id: string, section: string): string {
  return id ? nameOf(ctx.cat, id, section) : "";
}

export function Term({ ctx, id, section }: { ctx: Ctx; id: string; section: string }) {
  const found = lookup(ctx.cat, id, section);
  return (
    <span class="achroma-term" title={found?.entry.text ?? ""}>
      {found ? found.entry.name : id}
    </span>
  );
}

/** A prompt option (public or private) in words, per docs/achroma.md "Which fields hold ids". */
export function optionWords(ctx: Ctx, option: string, kind: string, step: string): string {
  if (kind === "react") {
    const at = option.indexOf(":");
    if (at < 0) return term(ctx, option, "reaction");
    return `${term(ctx, option.slice(0, at), "reaction")} ${instanceName(ctx, option.slice(at + 1))}`;
  }
  if (/^\d+$/.test(option) && (step === "drain" || step === "steal" || step === "secret")) return seatName(ctx, Number(option));
  if (step === "find") return cardName(ctx, option);
  if (ctx.defs.has(option) || /^p\d+c\d+$/.test(option)) return instanceName(ctx, option);
  if (lookup(ctx.cat, option, "option")) return term(ctx, option, "option");
  return option;
}

const ACTION_FIELDS: [string, string][] = [
  ["card", "card"],
  ["target", "target"],
  ["attacker", "attacker"],
  ["defender", "defender"],
  ["hunter", "hunter"],
  ["rider", "rider"],
  ["steed", "steed"],
  ["keeper", "keeper"],
];

/** A declared action (`reaction.action`, JSON like an entry of `legal`) in words. */
export function actionWords(ctx: Ctx, json: string): string {
  let a: Record<string, unknown>;
  try {
    a = JSON.parse(json);
  } catch {
    return json;
  }
  if (!a || typeof a !== "object") return json;
  const parts = [term(ctx, str(a.type), "action")];
  for (const [field, word] of ACTION_FIELDS) {
    if (typeof a[field] === "string") parts.push(`${word}: ${instanceName(ctx, a[field])}`);
  }
  if (typeof a.option === "string") parts.push(`option: ${optionWords(ctx, a.option, "", "")}`);
  if (typeof a.amount === "number") parts.push(`amount: ${a.amount}`);
  return parts.join(", ");
}

/** `given` entries: "kind:shards:giver". */
export function givenWords(ctx: Ctx, g: string): string {
  const [kind = "", shards = "", giver = ""] = g.split(":");
  const from = /^\d+$/.test(giver) ? ` from ${seatName(ctx, Number(giver))}` : "";
  return `${term(ctx, kind, "effect")} ${shards}${from}`;
}
