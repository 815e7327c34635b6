/**
 * What is legal now: `validate` (the one check `apply` runs) and `legalActions` (candidates
 * filtered through `validate`). Each rule is cited by its section's module or ruling id.
 */
import { RuleError } from "../core/errors.ts";
import type { Action, Seat, State } from "./types.ts";
import { whyCannotAttack } from "./attacking.ts";
import { canvasCards, characterKinds, controllerOf, defOf, has, infested, live } from "./canvas.ts";
import { DEPLOY_LIMIT, deployCost } from "./deploying.ts";
import { bankTargets } from "./shards.ts";
import { actors } from "./turn.ts";
import { need, passes } from "./state.ts";

export function validate(s: State, seat: Seat, a: Action): void {
  need(!s.outcome, "game_over", "the game is over");
  need(actors(s).includes(seat), "not_your_turn", `seat ${seat} may not act now`);
  const p = s.players[seat];
  if (s.phase === "mulligan") {
    need(a.type === "keep" || a.type === "mulligan", "illegal_move", "decide your opening hand first: keep or mulligan");
    return;
  }
  const pr = s.prompt;
  if (pr) {
    if (pr.kind === "choose") {
      need(a.type === "choose", "illegal_move", `choose an option for ${pr.step.k}`);
      need(pr.options.includes(a.option), "illegal_move", `"${a.option}" is not an option`);
    } else if (pr.kind === "prevent") {
      need(a.type === "prevent", "illegal_move", "decide how many Shards to Prevent");
      need(Number.isInteger(a.amount) && a.amount >= 0 && a.amount <= pr.max, "illegal_move", `Prevent 0..${pr.max}`);
    } else if (pr.kind === "research") {
      need(a.type === "choose", "illegal_move", pr.ordering ? "choose the next card for the top of your Palette" : "choose a card to keep for 1 Shard, or done");
      need(pr.options.includes(a.option), "illegal_move", `"${a.option}" is not an option`);
    } else if (pr.kind === "react") {
      need(a.type === "react", "illegal_move", "React or pass");
      need(pr.options.includes(a.option), "illegal_move", `"${a.option}" is not an option`);
    } else {
      need(a.type === "choose", "illegal_move", "choose the Object that takes damage next");
      need(pr.options.includes(a.option), "illegal_move", `"${a.option}" is not an option`);
    }
    return;
  }
  switch (a.type) {
    case "draw":
    case "trade":
    case "skip":
      need(s.phase === "start" || s.phase === "end", "illegal_move", "draw, TRADE or skip only in the Start or End step");
      if (a.type === "draw") need(p.palette.length > 0, "illegal_move", "your Palette is empty");
      if (a.type === "trade") need(p.hand.includes(a.card), "illegal_move", "that card is not in your hand");
      if (a.type === "skip") need(p.palette.length === 0, "illegal_move", "you may skip only with an empty Palette (R2)");
      return;
    case "deploy": {
      need(p.hand.includes(a.card), "illegal_move", "that card is not in your hand");
      const d = defOf(s, a.card);
      if (d.type === "action") need(s.phase !== "over", "illegal_move", "not now");
      else need(s.phase === "main", "illegal_move", "Characters, Locations and Objects are Deployed only in the Main step");
      need(s.deployed < DEPLOY_LIMIT, "illegal_move", "you have already Deployed 3 cards this turn");
      const cost = deployCost(s, seat, a.card, a.target);
      need(cost <= p.bank, "not_enough_shards", `Deploying costs ${cost}; your bank has ${p.bank} (R3)`);
      if (d.type === "character" && d.infest && a.target !== undefined) {
        const ctl = controllerOf(s, a.target);
        need(ctl !== null && s.players[ctl].characters.includes(a.target), "illegal_move", "INFEST a Character on a Canvas");
        need(!infested(s, a.target), "illegal_move", "that Character is already infested (R37)");
      } else if (d.type === "object") {
        need(a.target !== undefined, "illegal_move", "an Object needs a Character to attach to");
        const ctl = controllerOf(s, a.target);
        need(ctl !== null && s.players[ctl].characters.includes(a.target), "illegal_move", "the target is not a Character on a Canvas");
        if (d.relic) need(!(s.attached[a.target] ?? []).some((o) => defOf(s, o).relic), "illegal_move", "a Character may wield only 1 Realm Relic");
      } else need(a.target === undefined, "illegal_move", "only Objects take a target");
      return;
    }
    case "attack": {
      need(s.phase === "main", "illegal_move", "attacks only in the Main step");
      need(p.characters.includes(a.attacker), "illegal_move", "the attacker is not a Character on your Canvas");
      const why = whyCannotAttack(s, a.attacker);
      need(why === null, "illegal_move", why!);
      const ctl = controllerOf(s, a.defender);
      need(ctl !== null && ctl !== seat && s.players[ctl].characters.includes(a.defender), "illegal_move", "the defender must be a Character on another Canvas");
      return;
    }
    case "resolve": {
      need(s.phase === "resolve", "illegal_move", "Achroma effects resolve in the Resolve step");
      need(controllerOf(s, a.card) === seat, "illegal_move", "that card is not on your Canvas");
      const u = s.units[a.card];
      if (infested(s, a.card)) {
        // R37: the HOST resolves its PARASITE's INFEST ability instead of its own.
        need(defOf(s, s.parasites[a.card]).infest?.length, "illegal_move", "an infested HOST cannot resolve its own Achroma effect");
        need(u.resolvedTurn !== s.turn, "illegal_move", "that card was already resolved this turn");
        need(!u.frozen, "illegal_move", "that card is FROZEN");
        return;
      }
      const ach = defOf(s, a.card).achroma;
      need(ach && ach.kind !== "prevent", "illegal_move", "that card has no Gain, Drain or Steal effect");
      need(u.resolvedTurn !== s.turn, "illegal_move", "that card was already resolved this turn");
      need(!u.frozen, "illegal_move", "that card is FROZEN");
      if (ach.kind !== "gain") need(bankTargets(s, seat).length > 0, "illegal_move", "no player can be Drained or Stolen from yet (R5)");
      return;
    }
    case "hunt": {
      need(s.phase === "main", "illegal_move", "HUNT in the Main step");
      need(controllerOf(s, a.hunter) === seat && !!defOf(s, a.hunter).hunt && !infested(s, a.hunter), "illegal_move", "that card on your Canvas cannot HUNT");
      need(!s.hunts.some((h) => h.hunter === a.hunter && h.turn === s.turn), "illegal_move", "that card has already HUNTed this turn");
      const ctl = controllerOf(s, a.target);
      need(ctl !== null && ctl !== seat && s.players[ctl].characters.includes(a.target), "illegal_move", "HUNT a Character on another Canvas");
      need(!has(s, a.target, "protection"), "illegal_move", "a PROTECTION Character cannot be damaged (R10)");
      return;
    }
    case "resolve_given": {
      need(s.phase === "resolve", "illegal_move", "Achroma effects resolve in the Resolve step");
      need(controllerOf(s, a.card) === seat, "illegal_move", "that card is not on your Canvas");
      const u = s.units[a.card];
      need(u.given.length > 0, "illegal_move", "that card has no SPLAT or SQUISH");
      need(!u.frozen, "illegal_move", "that card is FROZEN");
      if (u.given[0].kind === "drain") need(bankTargets(s, seat).length > 0, "illegal_move", "no player can be Drained yet (R5)");
      return;
    }
    case "proceed":
      need(s.phase === "main" || s.phase === "resolve", "illegal_move", "proceed moves from Main to Resolve and from Resolve to End");
      return;
    case "pass_turn":
      need(s.phase === "post", "illegal_move", "pass the turn after the End step");
      return;
    case "activate": {
      need(s.phase === "main", "illegal_move", "Pay X Shards abilities are used in your Main step (R34)");
      need(controllerOf(s, a.card) === seat && !!defOf(s, a.card).paid && !infested(s, a.card), "illegal_move", "no card of yours with a Pay X Shards ability");
      need(s.units[a.card].paidTurn !== s.turn, "illegal_move", "once per turn per card (R34)");
      const cost = defOf(s, a.card).paid!.cost;
      need(cost <= p.bank, "not_enough_shards", `paying ${cost}: your bank has ${p.bank} (R3)`);
      return;
    }
    case "menagerie": {
      const d = controllerOf(s, a.card) === seat ? defOf(s, a.card) : null;
      need(d?.menagerie && !d.menagerie.onDeploy && !infested(s, a.card), "illegal_move", "no card of yours with a MENAGERIE ability");
      need(s.units[a.card].menagerieTurn !== s.turn, "illegal_move", "MENAGERIE triggers once per turn (R39)");
      need(characterKinds(s, seat) >= 3, "illegal_move", "MENAGERIE needs 3 unique Character types on your Canvas (R39)");
      return;
    }
    case "dispose":
      need(controllerOf(s, a.card) === seat && !!defOf(s, a.card).dispose && !infested(s, a.card), "illegal_move", "no card of yours with DISPOSE");
      return;
    case "mount": {
      need(s.phase === "main", "illegal_move", "MOUNT in your Main step (R38)");
      need(p.characters.includes(a.steed), "illegal_move", "the MOUNT must be a Character on your Canvas");
      const k = defOf(s, a.steed).kind;
      need((k === "dragon" || k === "drake") && !s.riders[a.steed], "illegal_move", "only an unmounted Dragon or Drake can be MOUNTED");
      const fromHand = p.hand.includes(a.rider);
      need(fromHand || p.characters.includes(a.rider), "illegal_move", "the Rider comes from your hand or your Canvas");
      const d = defOf(s, a.rider);
      need(d.type === "character" && !!d.mount && a.rider !== a.steed, "illegal_move", "that card cannot MOUNT");
      if (fromHand) {
        need(s.deployed < DEPLOY_LIMIT, "illegal_move", "you have already Deployed 3 cards this turn");
        const cost = deployCost(s, seat, a.rider);
        need(cost <= p.bank, "not_enough_shards", `Deploying costs ${cost}; your bank has ${p.bank} (R3)`);
      } else {
        need(!s.riders[a.rider], "illegal_move", "a MOUNTED Dragon cannot ride");
      }
      return;
    }
    case "unveil":
      need(s.phase === "start" && s.deployed === 0, "illegal_move", "a SECRET is unveiled only at the very start of your turn (R22)");
      need(controllerOf(s, a.keeper) === seat && (s.secrets[a.keeper]?.length ?? 0) > 0, "illegal_move", "that card is not a Keeper on your Canvas");
      return;
    default:
      throw new RuleError("illegal_move", `${a.type} is not possible now`);
  }
}

export function legalActions(s: State, seat: Seat): Action[] {
  if (!actors(s).includes(seat)) return [];
  const cands: Action[] = [];
  const p = s.players[seat];
  const pr = s.prompt;
  if (s.phase === "mulligan") cands.push({ type: "keep" }, { type: "mulligan" });
  else if (pr) {
    if (pr.kind === "choose" || pr.kind === "order" || pr.kind === "research") for (const o of pr.options) cands.push({ type: "choose", option: o });
    else if (pr.kind === "prevent") for (let i = 0; i <= pr.max; i++) cands.push({ type: "prevent", amount: i });
    else for (const o of pr.options) cands.push({ type: "react", option: o });
  } else {
    // Only the candidates the step allows (validate still has the last word).
    const ph = s.phase;
    const stepDecision = ph === "start" || ph === "end";
    if (stepDecision) cands.push(p.palette.length > 0 ? { type: "draw" } : { type: "skip" });
    if (ph === "main" || ph === "resolve") cands.push({ type: "proceed" });
    if (ph === "post") cands.push({ type: "pass_turn" });
    const canPay = s.deployed < DEPLOY_LIMIT;
    for (const c of p.hand) {
      if (stepDecision) cands.push({ type: "trade", card: c });
      if (!canPay) continue;
      const t = defOf(s, c).type;
      if (t === "action") cands.push({ type: "deploy", card: c });
      else if (ph === "main") {
        const d = defOf(s, c);
        if (d.infest) for (const i of live(s)) for (const ch of s.players[i].characters) cands.push({ type: "deploy", card: c, target: ch });
        if (d.mount) for (const st of p.characters) cands.push({ type: "mount", rider: c, steed: st });
        if (t === "object") {
          for (const i of live(s)) for (const ch of s.players[i].characters) cands.push({ type: "deploy", card: c, target: ch });
        } else cands.push({ type: "deploy", card: c });
      }
    }
    const mine = canvasCards(s, seat);
    for (const c of mine) {
      const d = defOf(s, c);
      if (d.dispose) cands.push({ type: "dispose", card: c });
      if (d.menagerie && !d.menagerie.onDeploy) cands.push({ type: "menagerie", card: c });
      if (ph === "main" && d.paid) cands.push({ type: "activate", card: c });
      if (ph === "main" && d.mount) for (const st of p.characters) cands.push({ type: "mount", rider: c, steed: st });
    }
    if (ph === "main") {
      for (const h of mine) if (defOf(s, h).hunt) for (const i of live(s)) if (i !== seat) for (const d of s.players[i].characters) cands.push({ type: "hunt", hunter: h, target: d });
      for (const att of p.characters) {
        if (whyCannotAttack(s, att) !== null) continue;
        for (const i of live(s)) if (i !== seat) for (const d of s.players[i].characters) cands.push({ type: "attack", attacker: att, defender: d });
      }
    }
    if (ph === "resolve")
      for (const c of canvasCards(s, seat)) {
        if (defOf(s, c).achroma) cands.push({ type: "resolve", card: c });
        if (s.units[c].given.length) cands.push({ type: "resolve_given", card: c });
      }
    if (ph === "start" && s.deployed === 0) for (const c of canvasCards(s, seat)) if (s.secrets[c]?.length) cands.push({ type: "unveil", keeper: c });
  }
  return cands.filter((a) => passes(() => validate(s, seat, a)));
}
