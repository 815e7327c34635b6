/**
 * The answers to decisions (choices.ts): each purpose's effect, then where the action resumes.
 */
import { ensure } from "../../core/errors.ts";
import { randInt } from "../../core/rng.ts";
import type { Color, KeywordId, State, TagId } from "../types.ts";
import { ask } from "./choices.ts";
import { dealDamage, destroyItem, suppress } from "./damage.ts";
import { TAG, type Events } from "./definitions.ts";
import { gainKarma } from "./karma.ts";
import { ctxFor, hook } from "./keywordContext.ts";
import { doSplit, shiftOptions } from "./keywordProcesses.ts";
import { discardFromHand, drawCards } from "./library.ts";
import { finishRoll } from "./resolution.ts";
import { removeTag } from "./tags.ts";
import { endTurn } from "./turn.ts";
import { hasTag } from "./unitStats.ts";
import { unitById, unitOfItem } from "./units.ts";
import { run } from "./roll.ts";

export function applyChoose(s: State, seat: number, option: string, ev: Events): void {
  const c = s.combat!;
  const ch = c.choice!;
  ensure(ch.seat === seat, "not_your_turn", `seat ${ch.seat} decides now`);
  ensure(ch.options.includes(option), "illegal_move", `${option} is not one of ${ch.options.join(", ")}`);
  c.choice = null;
  const data = ch.data ?? {};
  switch (ch.purpose) {
    case "survivor": {
      if (data.unit !== undefined) {
        // Survivor (4.1) against damage other than the roll's own (queued by dealDamage).
        const u = unitById(s, String(data.unit));
        const by = Number(data.by);
        // (a card listed when the question was queued and since gone from the hand counts as "no")
        const card = option === "no" ? null : option.slice(5);
        if (u && (card === null || !s.players[seat].hand.includes(card))) dealDamage(s, u, Number(data.dmg), { preventable: true, by: by < 0 ? null : by, bless: "keep", survivor: "asked" }, ev);
        else if (u && card !== null) {
          discardFromHand(s, seat, card, ev);
          ev.push({ type: "survivor", unit: u.id });
          suppress(s, u, ev);
        }
        if (!s.combat || s.outcome) return;
        break;
      }
      const target = unitById(s, c.targets[c.current])!;
      const dmg = Number(data.dmg);
      if (option === "no") {
        const placed = dealDamage(s, target, dmg, { preventable: true, by: c.seat, bless: "keep", survivor: "asked" }, ev);
        run(s, ev, finishRoll(s, ev, placed, true));
      } else {
        discardFromHand(s, seat, option.slice(5), ev);
        ev.push({ type: "survivor", unit: target.id });
        suppress(s, target, ev);
        run(s, ev, finishRoll(s, ev, 0, true));
      }
      return;
    }
    case "reckless":
      c.flags.push(`recklessCard:${option.slice(5)}`);
      ev.push({ type: "reckless", seat, card: option.slice(5) });
      break;
    case "bless":
      if (data.unit !== undefined) {
        // Deferred secondary damage (Piercing, Spread): dealt now, with or without the Bless Tag.
        const u = unitById(s, String(data.unit));
        const by = Number(data.by);
        if (u) dealDamage(s, u, Number(data.dmg), { preventable: true, by: by < 0 ? null : by, bless: option === "use" ? "use" : "keep" }, ev);
        if (!s.combat || s.outcome) return;
      } else if (option === "use") {
        // The roll's own damage: the Tag goes now and prevents 1 of it (runRoll resumes with the rest).
        const t = unitById(s, c.targets[c.current]);
        if (t && hasTag(s, t, TAG.bless)) {
          removeTag(t, TAG.bless);
          c.flags.push(`blessOn:${c.current}`);
          ev.push({ type: "prevented", unit: t.id, amount: 1, by: "Bless" });
        }
      }
      break;
    case "attuned":
      c.flags.push(`attunedUnit:${option}`);
      ev.push({ type: "attuned", seat, unit: option });
      break;
    case "stubborn":
      // Stubborn (3.3, RULINGS R13): "you may draw one card".
      if (option === "yes" && s.players[seat].eliminated === null) {
        ev.push({ type: "stubborn", seat });
        drawCards(s, seat, 1, ev);
      }
      break;
    case "aware": {
      // Aware (9.1, RULINGS R13): "you may pay 1 EN to draw one card".
      const q = s.players[seat];
      if (option === "yes" && q.en >= 1 && q.eliminated === null) {
        q.en -= 1;
        ev.push({ type: "aware", seat, en: q.en });
        drawCards(s, seat, 1, ev);
      }
      break;
    }
    case "sensor":
      if (option === "bottom") s.mainDeck.push(s.mainDeck.shift()!);
      ev.push({ type: "sensor", seat, put: option });
      break;
    case "charismatic":
      if (option !== "none") {
        const victim = Number(option.slice(1));
        const q = s.players[victim];
        // The opponent chooses? The text says "force an opponent to discard a card": they discard at random (RULINGS R13).
        const i = randInt(s, 0, q.hand.length - 1);
        discardFromHand(s, victim, q.hand[i], ev);
      }
      break;
    case "bane": {
      const color = Number(option.slice("color:".length)) as Color;
      s.players[seat].bane[String(data.source)] = color;
      ev.push({ type: "bane", seat, source: String(data.source), color });
      break;
    }
    case "immunized":
      s.players[seat].immunized.push(option as TagId);
      ev.push({ type: "immunized", seat, tag: option });
      break;
    case "boost":
      c.boostTo = option as "target" | "self";
      break;
    case "trickster":
      if (option !== "none") {
        discardFromHand(s, seat, option.slice(5), ev);
        const atk = s.players[c.seat];
        if (atk.hand.length === 0) {
          ev.push({ type: "cancelled", seat: c.seat, by: "Trickster" });
          s.combat = null;
          return;
        }
        ask(
          s,
          "trickster_pay",
          c.seat,
          atk.hand.map((h) => `card:${h}`),
          "augment",
        );
        return;
      }
      break;
    case "trickster_pay":
      discardFromHand(s, seat, option.slice(5), ev);
      break;
    case "translocate":
      if (option === "return") {
        const t = unitById(s, c.targets[0]);
        if (t?.card) {
          const owner = s.players[t.owner];
          owner.animations = owner.animations.filter((u) => u.id !== t.id);
          owner.hand.push(t.card, ...t.items);
          ev.push({ type: "translocate", unit: t.id, seat: t.owner });
        }
        c.targets = [];
        c.resume = "end";
      }
      break;
    case "material":
      if (option !== "none") {
        destroyItem(s, option, ev);
        c.flags.push("materialOn");
      }
      break;
    case "flux":
      if (option !== "0") {
        dealDamage(s, s.players[seat].self, Number(option), { preventable: false, by: null }, ev);
        if (!s.combat || s.outcome) return;
        if (s.players[seat].eliminated !== null) {
          s.combat = null;
          endTurn(s, ev);
          return;
        }
        c.ev += Number(option);
        ev.push({ type: "flux", seat, ev: c.ev });
      }
      break;
    case "potent":
      if (option === "potent") c.flags.push(`potentOn:${c.current}`);
      break;
    case "edit":
      if (option !== "none") {
        s.players[seat].en -= 1;
        c.gained.push(option as KeywordId);
        ev.push({ type: "edit", seat, keyword: option });
      }
      break;
    case "adaptive":
      if (option === "discard") c.flags.push(`adaptiveOn:${c.current}`);
      break;
    case "adaptive_discard":
      discardFromHand(s, seat, option.slice(5), ev);
      run(s, ev, finishRoll(s, ev, 0, Boolean(data.success)));
      return;
    case "rapid":
      if (option === "yes") {
        s.players[seat].en -= 1;
        ev.push({ type: "rapid", seat });
        c.flags = c.flags.filter((f) => f === "rapid" || f === "translocate" || f === "sentry" || f === "edit");
        c.current = 0;
        c.fuel = [];
        c.gambled = 0;
        if (c.revealed) s.discard.push(c.revealed);
        c.revealed = null;
        c.resume = "prefuel";
      }
      break;
    case "split":
      doSplit(s, option, ev);
      break;
    case "area": {
      const u = unitById(s, String(data.unit));
      if (u && option === "pay" && s.players[seat].en >= 1) {
        s.players[seat].en -= 1;
        ev.push({ type: "area_prevented", unit: u.id, en: s.players[seat].en });
      } else if (u) {
        const placed = dealDamage(s, u, 1, { preventable: true, by: c.seat, bless: option === "bless" ? "use" : "keep" }, ev);
        if (placed > 0 && !c.karmaGiven && s.combat) {
          c.karmaGiven = true;
          gainKarma(s, c.seat, ev, "dealt damage");
        }
      }
      break;
    }
    case "shift": {
      if (option !== "done") {
        const [item, to] = option.split(">");
        const from = unitOfItem(s, item);
        const dest = unitById(s, to);
        if (from && dest) {
          from.items = from.items.filter((i) => i !== item);
          dest.items.push(item);
          ev.push({ type: "move_item", seat, item, from: from.id, onto: dest.id });
        }
        const more = shiftOptions(s, seat);
        if (more.length) ask(s, "shift", seat, ["done", ...more], "support");
      }
      break;
    }
    default: {
      if (ch.purpose.startsWith("gain:")) {
        c.gained.push(option as KeywordId);
        ev.push({ type: "gained", seat, keyword: option, by: ch.purpose.slice(5) });
        break;
      }
      const kid = ch.purpose.split(":")[0] as KeywordId;
      const h = hook(kid);
      ensure(h?.answer, "illegal_move", `nothing answers ${ch.purpose}`);
      h.answer(ctxFor(s, c, ev), option, { ...data, purpose: ch.purpose });
    }
  }
  if (!s.combat || s.outcome) return;
  if (c.kind === "support" && c.step === "choice" && ch.purpose === "boost") {
    c.step = "resolve";
    run(s, ev, "support");
    return;
  }
  // Choices outside an action (Sensor / Charismatic / Immunized) hold a blank record.
  if (c.standalone) {
    if (c.queue.length > 0) {
      c.choice = c.queue.shift()!;
      return;
    }
    s.combat = null;
    return;
  }
  if (c.choice) return;
  if (c.queue.length > 0) {
    c.choice = c.queue.shift()!;
    return;
  }
  const resume = c.resume;
  c.resume = "post";
  switch (resume) {
    case "augment":
      run(s, ev, "augment");
      return;
    case "prefuel":
      if (c.targets.length === 0) {
        run(s, ev, "end");
        return;
      }
      run(s, ev, "fuel");
      return;
    case "preroll":
      run(s, ev, "preroll");
      return;
    case "resolve":
      c.step = "resolve";
      run(s, ev, "roll");
      return;
    case "end":
      c.step = "resolve";
      run(s, ev, "end");
      return;
    case "support":
      c.step = "resolve";
      run(s, ev, "support_end");
      return;
    default:
      run(s, ev, "continue");
  }
}
