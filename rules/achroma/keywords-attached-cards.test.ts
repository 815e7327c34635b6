import { describe, expect, it } from "vitest";
import { canvasCards, erase, newUnitFor } from "./engine.ts";
import { achromaEngine } from "./index.ts";
import { A, code, gameWith, log, onCanvas, toHand, turnOf, uidOf } from "./testkit.ts";

const E = achromaEngine;

describe("keywords (0.3.0)", () => {
  it("RESTRAIN (R30): a card on another Canvas goes under the RESTRAIN card, off the Canvas; Erasing the holder returns it to its owner's Canvas, able to attack, without repeating its ACTION", () => {
    let s = gameWith([7, 2]);
    const seer = onCanvas(s, 1, "brine-seer"); // ACTION: FREEZE
    const kelp = onCanvas(s, 1, "kelp-runner");
    const grub = onCanvas(s, 0, "rot-grub");
    const binder = toHand(s, 0, "shade-binder");
    s = A(s, 0, { type: "deploy", card: binder });
    expect(s.prompt).toMatchObject({ kind: "choose", seat: 0, options: [seer, kelp] });
    s = A(s, 0, { type: "choose", option: seer });
    expect(s.restrained[binder]).toEqual([seer]);
    expect(s.players[1].characters).toEqual([kelp]);
    expect(s.units[seer]).toBeUndefined();
    expect(E.view(s, null).players[0].characters.find((c) => c.uid === binder)?.restrained).toEqual([{ uid: seer, def: "brine-seer", owner: 1 }]);
    // Not on the Canvas: it cannot be attacked.
    s.units[grub].deployedTurn = 0;
    expect(code(() => E.apply(s, 0, { type: "attack", attacker: grub, defender: seer }))).toBe("illegal_move");
    // Seat 1 Erases the holder with Riptide (3 damage): the Seer comes back and may attack at once; no FREEZE again.
    s = turnOf(s, 1);
    const riptide = toHand(s, 1, "riptide");
    s = A(s, 1, { type: "deploy", card: riptide });
    s = A(s, 1, { type: "choose", option: binder });
    expect(s.players[0].dregs).toContain(binder);
    expect(s.players[1].characters).toContain(seer);
    expect(log.some((e) => e.type === "released" && e.card === seer)).toBe(true);
    expect(s.prompt).toBeNull();
    s.units[grub].damage = 1;
    s = A(s, 1, { type: "attack", attacker: seer, defender: grub });
    expect(s.players[0].dregs).toContain(grub);
  });

  it("LEAVING (R14, R22, R27, R30): RESTRAINED, CLAIMED and SECRET cards go to their original owners' Dregs; the leaver's own RESTRAINED cards go to the leaver's Dregs", () => {
    let s = gameWith([7, 2, 0]);
    for (const p of s.players) p.hadTurn = true;
    const binder = onCanvas(s, 0, "shade-binder");
    const seer = uidOf(s, 1, "brine-seer");
    s.players[1].palette = s.players[1].palette.filter((c) => c !== seer);
    s.players[1].hand = s.players[1].hand.filter((c) => c !== seer);
    s.restrained[binder] = [seer];
    const claimed = onCanvas(s, 2, "ember-scout", { onto: 0 }); // seat 2's card CLAIMED by seat 0
    const keeper = onCanvas(s, 0, "wandering-tinker");
    const hidden = uidOf(s, 2, "kindle");
    s.players[2].palette = s.players[2].palette.filter((c) => c !== hidden);
    s.players[2].hand = s.players[2].hand.filter((c) => c !== hidden);
    s.secrets[keeper] = [hidden];
    // Seat 2 holds one of seat 0's cards under a card of its own.
    const holder = onCanvas(s, 2, "cinder-hound");
    const mine = onCanvas(s, 0, "rot-grub", { onto: 0 });
    s.players[0].characters = s.players[0].characters.filter((c) => c !== mine);
    delete s.units[mine];
    s.restrained[holder] = [mine];
    s.players[0].bank = 0;
    s = A(s, 0, { type: "proceed" });
    expect(s.players[0].out).toBe(true);
    expect(s.players[1].dregs).toContain(seer);
    expect(s.players[2].dregs).toEqual(expect.arrayContaining([claimed, hidden]));
    expect(s.players[0].dregs).toEqual(expect.arrayContaining([binder, keeper, mine]));
    expect(s.restrained).toEqual({ [holder]: [] });
    expect(s.secrets).toEqual({});
  });

  it("INFEST (R37): for 1 Shard a PARASITE attaches to a Character on any Canvas; the HOST's controller controls it; the HOST resolves the INFEST ability instead of its own; an Erased HOST takes the PARASITE with it", () => {
    let s = gameWith([7, 2]);
    for (const p of s.players) p.hadTurn = true;
    const kelp = onCanvas(s, 1, "kelp-runner"); // Gain 1
    const leech = toHand(s, 0, "mire-leech"); // 3 Shards, Drain 1, INFEST: Gain 2
    s = A(s, 0, { type: "deploy", card: leech, target: kelp });
    expect(s.players[0].bank).toBe(9);
    expect(s.deployed).toBe(1);
    expect(s.parasites[kelp]).toBe(leech);
    expect(s.players[0].characters).toEqual([]);
    expect(E.view(s, null).players[1].characters[0].parasite?.uid).toBe(leech);
    // A second PARASITE cannot infest the same HOST; Objects cannot be attached to a PARASITE; CLAIM cannot take it.
    const grub = toHand(s, 0, "rot-grub");
    expect(code(() => E.apply(s, 0, { type: "deploy", card: grub, target: kelp }))).toBe("illegal_move");
    const buckler = toHand(s, 0, "iron-buckler");
    expect(code(() => E.apply(s, 0, { type: "deploy", card: buckler, target: leech }))).toBe("illegal_move");
    // Seat 1's turn: the HOST resolves INFEST (Gain 2), and seat 1 controls the PARASITE's Drain 1.
    s = turnOf(s, 1);
    s.phase = "resolve";
    const bank = s.players[1].bank;
    s = A(s, 1, { type: "resolve", card: kelp });
    expect(s.players[1].bank).toBe(bank + 2);
    s = A(s, 1, { type: "resolve", card: leech });
    expect(s.players[0].bank).toBe(8);
    // The HOST is Erased: the PARASITE goes too, even with PROTECTION.
    s.units[leech].gifts.push("protection");
    s = turnOf(s, 0);
    s.units[kelp].damage = 1;
    const spark = onCanvas(s, 0, "sinkhole"); // DISPOSE: 2 damage
    s = A(s, 0, { type: "dispose", card: spark });
    expect(s.players[1].dregs).toContain(kelp);
    expect(s.players[0].dregs).toContain(leech);
    expect(s.parasites).toEqual({});
  });

  it("INFEST (R37): CLAIM may take the HOST, and its PARASITE moves with it, but never the PARASITE alone", () => {
    let s = gameWith([4, 7]);
    const grub = onCanvas(s, 1, "rot-grub");
    const leech = onCanvas(s, 1, "mire-leech");
    s.players[1].characters = [grub];
    s.parasites[grub] = leech;
    const lure = toHand(s, 0, "ember-lure"); // CLAIM a Character
    s = A(s, 0, { type: "deploy", card: lure });
    expect(s.players[0].characters).toEqual([grub]);
    expect(s.parasites[grub]).toBe(leech);
    expect(canvasCards(s, 0)).toEqual([grub, leech]);
    expect(canvasCards(s, 1)).toEqual([]);
  });

  it("MOUNT (R38): a Rider mounts a Dragon/Drake from hand (a Deploy) or from the Canvas; the unit attacks with both Strengths when one card arrived earlier; less damage than both Shard Values hurts neither, enough Erases both", () => {
    let s = gameWith([6, 0]);
    const drake = onCanvas(s, 0, "drake-hatchling"); // 2 Shards, Strength 1
    const rider = toHand(s, 0, "wind-rider"); // 2 Shards, Strength 1, MOUNT
    s = A(s, 0, { type: "mount", rider, steed: drake });
    expect(s.deployed).toBe(1);
    expect(s.players[0].bank).toBe(8);
    expect(s.riders[drake]).toBe(rider);
    expect(s.players[0].characters).toEqual([drake]);
    expect(E.view(s, 0).players[0].characters[0]).toMatchObject({ strength: 2, rider: { uid: rider } });
    // Not another mount for a mounted Drake.
    const other = onCanvas(s, 0, "wind-rider", { nth: 1 });
    expect(code(() => E.apply(s, 0, { type: "mount", rider: other, steed: drake }))).toBe("illegal_move");
    // The Rider must be a card of the seat's hand or Canvas: an id of a card that does not exist
    // (the schema's pattern passes it) is refused, not a crash.
    const free = onCanvas(s, 0, "drake-hatchling", { nth: 1 });
    expect(code(() => E.apply(s, 0, { type: "mount", rider: "p0c99", steed: free }))).toBe("illegal_move");
    s.players[0].characters = s.players[0].characters.filter((c) => c !== free);
    // Attack a 3-Strength Hound: 3 < 2 + 2, so neither card is damaged; the Hound takes 2.
    const hound = onCanvas(s, 1, "cinder-hound");
    s = A(s, 0, { type: "attack", attacker: drake, defender: hound });
    expect(s.units[drake].damage).toBe(0);
    expect(s.units[rider].damage).toBe(0);
    expect(s.units[hound].damage).toBe(2);
    // A 4-Strength attacker Erases both.
    s = turnOf(s, 1);
    const sov = onCanvas(s, 1, "ember-sovereign");
    s = A(s, 1, { type: "attack", attacker: sov, defender: drake });
    expect(s.players[0].dregs).toEqual(expect.arrayContaining([drake, rider]));
    // From the Canvas: an ability, not a Deploy; an Action can hit the Dragon alone and the Rider stays.
    s = turnOf(s, 0);
    const drake2 = onCanvas(s, 0, "drake-hatchling", { nth: 1 });
    s = A(s, 0, { type: "mount", rider: other, steed: drake2 });
    expect(s.deployed).toBe(0);
    expect(s.riders[drake2]).toBe(other);
  });

  it("MOUNT (R38): POISONOUS damage to a MOUNTED unit Erases both; Action damage may target the Rider alone; a Dragon Erased alone leaves its Rider unmounted", () => {
    let s = gameWith([6, 3]);
    const drake = onCanvas(s, 0, "gale-drake"); // 4 Shards
    const rider = onCanvas(s, 0, "wind-rider");
    s.players[0].characters = [drake];
    s.riders[drake] = rider;
    s = turnOf(s, 1);
    const eel = onCanvas(s, 1, "eel-assassin"); // POISONOUS, Strength 1
    s = A(s, 1, { type: "attack", attacker: eel, defender: drake });
    expect(s.players[0].dregs).toEqual(expect.arrayContaining([drake, rider]));
    // Riptide (3 damage) may target either card; on the Dragon it leaves the Rider.
    let t = gameWith([6, 3]);
    const d2 = onCanvas(t, 0, "drake-hatchling");
    const r2 = onCanvas(t, 0, "wind-rider");
    t.players[0].characters = [d2];
    t.riders[d2] = r2;
    t = turnOf(t, 1);
    const riptide = toHand(t, 1, "riptide");
    t = A(t, 1, { type: "deploy", card: riptide });
    expect(t.prompt).toMatchObject({ kind: "choose", options: [d2, r2] });
    t = A(t, 1, { type: "choose", option: d2 });
    expect(t.players[0].characters).toEqual([r2]);
    expect(t.riders).toEqual({});
  });

  it("MENAGERIE (R39): with 3 unique Character types on your Canvas a MENAGERIE ability triggers once per turn; 'ACTION: MENAGERIE:' only when the types are there as it arrives", () => {
    let s = gameWith([8, 0]);
    const scout = onCanvas(s, 0, "canopy-scout"); // human, MENAGERIE: Draw 1
    onCanvas(s, 0, "moss-hound"); // beast
    expect(code(() => E.apply(s, 0, { type: "menagerie", card: scout }))).toBe("illegal_move");
    // Ondeploy with only 2 types + itself (insect) = 3: draws 2.
    const queen = toHand(s, 0, "hive-queen");
    const hand = s.players[0].hand.length;
    s = A(s, 0, { type: "deploy", card: queen });
    expect(s.players[0].hand.length).toBe(hand - 1 + 2);
    s = A(s, 0, { type: "menagerie", card: scout });
    expect(s.players[0].hand.length).toBe(hand - 1 + 3);
    expect(code(() => E.apply(s, 0, { type: "menagerie", card: scout }))).toBe("illegal_move");
    // With fewer than 3 types, the ACTION: MENAGERIE does nothing.
    let t = gameWith([8, 0]);
    const q2 = toHand(t, 0, "hive-queen");
    const h2 = t.players[0].hand.length;
    t = A(t, 0, { type: "deploy", card: q2 });
    expect(t.players[0].hand.length).toBe(h2 - 1);
  });

  it("DISPOSE (R36): in your own turn, Erase the card at any time and its ability happens", () => {
    let s = gameWith([7, 2]);
    const hole = onCanvas(s, 0, "sinkhole"); // DISPOSE: 2 damage
    const kelp = onCanvas(s, 1, "kelp-runner");
    s.phase = "post";
    s = A(s, 0, { type: "dispose", card: hole });
    expect(s.players[0].dregs).toContain(hole);
    expect(s.players[1].dregs).toContain(kelp);
    expect(s.deployed).toBe(0);
  });

  it("REACTIONS (R35, R36): after a declared attack each other player may React once, in turn order, never the active player; a DISPOSE Reaction resolves first and its Deploy waits until the attack is over", () => {
    let s = gameWith([0, 7, 7]);
    const hound = onCanvas(s, 0, "cinder-hound");
    const kelp = onCanvas(s, 1, "rot-grub");
    const carrier1 = onCanvas(s, 1, "spore-carrier"); // DISPOSE: Deploy a Character <= 2 for free
    const carrier2 = onCanvas(s, 2, "spore-carrier");
    const hole1 = onCanvas(s, 1, "sinkhole"); // a second DISPOSE card: still one Reaction per opportunity
    onCanvas(s, 2, "sinkhole", { onto: 0 }); // a DISPOSE card on the active player's Canvas is never offered
    const small = toHand(s, 1, "rot-grub", 1);
    s.players[1].hand = [small];
    s = A(s, 0, { type: "attack", attacker: hound, defender: kelp });
    expect(s.prompt).toMatchObject({ kind: "react", seat: 1, trigger: "attack", options: ["pass", `dispose:${carrier1}`, `dispose:${hole1}`] });
    expect(E.view(s, 2).reaction).toMatchObject({ seat: 0, trigger: "attack" });
    expect(s.combat).toBeNull();
    s = A(s, 1, { type: "react", option: `dispose:${carrier1}` });
    // The free Deploy waits: Rot Grub is chosen (the only choice, still asked: R45) and held.
    expect(s.prompt).toMatchObject({ kind: "choose", seat: 1, options: [small] });
    s = A(s, 1, { type: "choose", option: small });
    expect(s.deferred).toEqual([{ seat: 1, card: small }]);
    expect(s.prompt).toMatchObject({ kind: "react", seat: 2, options: ["pass", `dispose:${carrier2}`] });
    expect(E.legal(s, 1)).toEqual([]);
    s = A(s, 2, { type: "react", option: "pass" });
    expect(log.some((e) => e.type === "dispose" && e.card === hole1)).toBe(false);
    // Then the attack happens, then the deferred card is Deployed.
    expect(s.players[1].dregs).toContain(kelp);
    expect(s.players[1].characters).toContain(small);
    expect(s.deferred).toEqual([]);
    const order = log.map((e) => e.type);
    expect(order.indexOf("combat")).toBeLessThan(order.lastIndexOf("deploy"));
    expect(s.prompt).toBeNull();
  });

  it("REACTIONS (R35): a declared Deploy that can no longer happen after the Reactions fizzles without paying or counting", () => {
    let s = gameWith([0, 7]);
    const scout = onCanvas(s, 1, "rot-grub");
    const hole = onCanvas(s, 1, "sinkhole"); // DISPOSE: 2 damage
    const brand = toHand(s, 0, "ember-brand");
    s = A(s, 0, { type: "deploy", card: brand, target: scout });
    expect(s.prompt).toMatchObject({ kind: "react", seat: 1, trigger: "deploy" });
    expect(E.view(s, 1).reaction?.declared).toEqual({ uid: brand, def: "ember-brand", owner: 0 });
    s = A(s, 1, { type: "react", option: `dispose:${hole}` });
    // Sinkhole's damage must target seat 0's Characters: none, so it fizzles; give seat 0 none and the Object still attaches.
    expect(s.players[0].hand).not.toContain(brand);
    expect(s.attached[scout]).toEqual([brand]);
    // Now the other way: the target is gone by the time the Deploy would happen.
    let t = gameWith([0, 7]);
    const foe = onCanvas(t, 1, "rot-grub");
    const hole2 = onCanvas(t, 1, "sinkhole");
    const mine = onCanvas(t, 0, "flame-tender");
    const brand2 = toHand(t, 0, "ember-brand");
    t = A(t, 0, { type: "deploy", card: brand2, target: mine });
    t = A(t, 1, { type: "react", option: `dispose:${hole2}` }); // 2 damage to Flame Tender (the only choice)
    expect(t.players[0].dregs).toContain(mine);
    expect(t.players[0].hand).toContain(brand2);
    expect(t.players[0].bank).toBe(10);
    expect(t.deployed).toBe(0);
    expect(log.some((e) => e.type === "fizzle" && e.declared === "deploy")).toBe(true);
    void foe;
  });

  it("DIVERT (R35): when another player's Action targets a card on your Canvas you may move it to your DIVERT card if it is a legal target, once per turn", () => {
    let s = gameWith([0, 7]);
    const kelp = onCanvas(s, 1, "rot-grub");
    const warden = onCanvas(s, 1, "bog-warden"); // 4 Shards, DIVERT
    const burst = toHand(s, 0, "spark-burst"); // 2 damage
    s = A(s, 0, { type: "deploy", card: burst });
    s = A(s, 0, { type: "choose", option: kelp });
    expect(s.prompt).toMatchObject({ kind: "react", seat: 1, trigger: "target", options: ["pass", `divert:${warden}`] });
    s = A(s, 1, { type: "react", option: `divert:${warden}` });
    expect(s.units[warden].damage).toBe(2);
    expect(s.units[kelp].damage).toBe(0);
    // Once per turn: the next one is not offered.
    const burst2 = toHand(s, 0, "spark-burst", 1);
    s = A(s, 0, { type: "deploy", card: burst2 });
    s = A(s, 0, { type: "choose", option: kelp });
    expect(s.prompt).toBeNull();
    expect(s.players[1].dregs).toContain(kelp);
  });

  it("ERASE TRIGGERS (R40): a card Gains when a Character is Erased from another Canvas, only if it is still on the Canvas once the Erase has resolved, and never for itself", () => {
    let s = gameWith([7, 0]);
    const crow = onCanvas(s, 0, "carrion-crow"); // 3 Shards, Strength 1
    const hound = onCanvas(s, 0, "rot-grub"); // Strength 1
    const tender = onCanvas(s, 1, "flame-tender"); // 1/1
    const bank = s.players[0].bank;
    s = A(s, 0, { type: "attack", attacker: hound, defender: tender });
    expect(s.players[1].dregs).toContain(tender);
    expect(s.players[0].bank).toBe(bank + 1);
    // Own Characters do not count; the crow Erased together with its victim gets nothing.
    s = turnOf(s, 1);
    s.units[crow].damage = 2;
    const sov = onCanvas(s, 1, "ember-sovereign");
    s.units[sov].damage = 0;
    const b2 = s.players[0].bank;
    s = A(s, 1, { type: "attack", attacker: sov, defender: crow });
    expect(s.players[0].dregs).toContain(crow);
    expect(s.players[0].bank).toBe(b2);
  });

  it("COPY (R31): the copier becomes the copied card, HEROIC included, except for the Shards of its Hex", () => {
    let s = gameWith([6, 0]);
    const sov = onCanvas(s, 1, "ember-sovereign"); // 6 Shards, Strength 4, Steal 2, RAGE, HEROIC
    const adept = toHand(s, 0, "mirror-adept"); // 3 Shards
    s = A(s, 0, { type: "deploy", card: adept });
    expect(s.units[adept].copy).toBe("ember-sovereign");
    const v = E.view(s, 0).players[0].characters[0];
    expect(v).toMatchObject({ copy: "ember-sovereign", strength: 4, value: 3 });
    void sov;
    // HEROIC is copied too: a real Cinder Sovereign Deployed onto the same Canvas Erases the copy first (R17).
    const real = "p0c99";
    s.cards = { ...s.cards, [real]: { def: "ember-sovereign", owner: 0 } };
    s.players[0].hand.push(real);
    s.players[0].bank = 20;
    s = A(s, 0, { type: "deploy", card: real });
    expect(s.players[0].dregs).toContain(adept);
    expect(s.players[0].characters).toEqual([real]);
  });

  it("SWAP (R33): the two Characters take each other's places and controllers; not a Deploy", () => {
    let s = gameWith([6, 0]);
    const a = onCanvas(s, 1, "ember-scout");
    const b = onCanvas(s, 1, "cinder-hound");
    const shifter = toHand(s, 0, "tempest-shifter");
    s = A(s, 0, { type: "deploy", card: shifter });
    s = A(s, 0, { type: "choose", option: b });
    expect(s.players[0].characters).toEqual([b]);
    expect(s.players[1].characters).toEqual([a, shifter]);
    expect(s.units[b].deployedTurn).toBe(0);
    expect(s.deployed).toBe(1);
  });

  it("REPLACE (R33): after SACRIFICE, a card of the same type from your hand takes its place: not paid, not counted, no ACTION", () => {
    let s = gameWith([7, 0]);
    const grub = onCanvas(s, 0, "rot-grub");
    const rite = toHand(s, 0, "hollow-rite"); // 2 Shards: SACRIFICE, REPLACE
    const binder = toHand(s, 0, "shade-binder"); // ACTION: RESTRAIN
    onCanvas(s, 1, "ember-scout");
    s.players[0].hand = [rite, binder];
    s = A(s, 0, { type: "deploy", card: rite });
    // One card to sacrifice (taken at once); the one card to replace with is still asked (a hand choice, R45).
    expect(s.prompt).toMatchObject({ kind: "choose", seat: 0, options: [binder] });
    expect(E.view(s, 1).prompt).toEqual({ kind: "choose", seat: 0, step: "replace" });
    s = A(s, 0, { type: "choose", option: binder });
    expect(s.players[0].dregs).toEqual(expect.arrayContaining([grub, rite]));
    expect(s.players[0].characters).toEqual([binder]);
    expect(s.players[0].bank).toBe(8);
    expect(s.deployed).toBe(1);
    expect(s.restrained).toEqual({});
    expect(E.view(s, 1).prompt).toBeNull();
  });

  it("GIVE (R32) and PAY X SHARDS (R34): a given keyword stays after the giver is gone; a paid ability costs its Shards, once per turn, in the Main step", () => {
    let s = gameWith([6, 0]);
    const tinker = onCanvas(s, 0, "wandering-tinker");
    const forge = onCanvas(s, 0, "stormforge"); // Pay 2: GIVE PROTECTION
    s = A(s, 0, { type: "activate", card: forge });
    expect(s.players[0].bank).toBe(8);
    expect(s.units[tinker].gifts).toEqual(["protection"]);
    expect(code(() => E.apply(s, 0, { type: "activate", card: forge }))).toBe("illegal_move");
    const lancer = toHand(s, 0, "sky-lancer"); // ACTION: GIVE DEFEND
    s = A(s, 0, { type: "deploy", card: lancer });
    expect(s.prompt).toMatchObject({ kind: "choose", options: [tinker, lancer] });
    s = A(s, 0, { type: "choose", option: tinker });
    expect(s.units[tinker].gifts).toEqual(["protection", "defend"]);
    // The giver is Erased; the keywords stay. PROTECTION keeps Action damage away: Spark Burst can only hit the Captain.
    erase(s, forge, []);
    expect(s.units[tinker].gifts).toEqual(["protection", "defend"]);
    s.players[0].locations.push(forge);
    s.players[0].dregs = s.players[0].dregs.filter((c) => c !== forge);
    s.units[forge] = newUnitFor(0);
    s = turnOf(s, 1);
    const burst = toHand(s, 1, "spark-burst");
    s = A(s, 1, { type: "deploy", card: burst });
    expect(s.units[lancer].damage).toBe(2);
    expect(s.units[tinker].damage).toBe(0);
    s = turnOf(s, 0);
    s.players[0].bank = 1;
    s.phase = "main";
    s.units[forge].paidTurn = 0;
    expect(code(() => E.apply(s, 0, { type: "activate", card: forge }))).toBe("not_enough_shards");
    // R3: paying down to 0 is allowed and puts the payer out of the game before the ability happens.
    s.players[0].bank = 2;
    const out = E.apply(s, 0, { type: "activate", card: forge }).state;
    expect(out.players[0].out).toBe(true);
  });

  it("YOU MAY (R41): a 'you may' step is asked with pass, even with a single choice; passing skips only that part", () => {
    let s = gameWith([6, 0]);
    const kelp = onCanvas(s, 1, "ember-scout");
    const charge = toHand(s, 0, "static-charge"); // Gain 1. You may FREEZE a card.
    s.players[1].characters = [kelp];
    s = A(s, 0, { type: "deploy", card: charge });
    expect(s.players[0].bank).toBe(10);
    expect(s.prompt).toMatchObject({ kind: "choose", options: ["pass", kelp] });
    expect(E.timeoutAction(s, 0)).toEqual({ type: "choose", option: "pass" });
    s = A(s, 0, { type: "choose", option: "pass" });
    expect(s.units[kelp].frozen).toBe(false);
    expect(s.players[0].dregs).toContain(charge);
  });

  it("CHROMA/ACHROM (R42): a card with Achrom Shards is an Achrom card; Gloam Tithe Gains 1 per Achrom card on your Canvas", () => {
    let s = gameWith([7, 0]);
    onCanvas(s, 0, "rot-grub"); // 1 Achrom
    onCanvas(s, 0, "wandering-tinker"); // Chroma only
    onCanvas(s, 0, "sinkhole"); // 1 Achrom
    const tithe = toHand(s, 0, "gloam-tithe");
    s = A(s, 0, { type: "deploy", card: tithe });
    expect(s.players[0].bank).toBe(10 - 1 + 3); // the Tithe itself (1 Achrom) is on the Canvas while it resolves (R44)
  });

  it("OBJECTS (R43): an Object's ACTION resolves for its deployer even on an opponent's Character; then the opponent controls and resolves it", () => {
    let s = gameWith([0, 2]);
    const foe = onCanvas(s, 1, "kelp-runner");
    const lantern = "p0c99"; // 2 Shards, Gain 1, ACTION: Gain 2 (not in a ready Palette)
    s.cards = { ...s.cards, [lantern]: { def: "debt-lantern", owner: 0 } };
    s.players[0].hand.push(lantern);
    s = A(s, 0, { type: "deploy", card: lantern, target: foe });
    expect(s.players[0].bank).toBe(10 - 2 + 2);
    expect(s.players[1].bank).toBe(10);
    s = turnOf(s, 1);
    s.phase = "resolve";
    s = A(s, 1, { type: "resolve", card: lantern });
    expect(s.players[1].bank).toBe(11);
  });

  it("REALM RELICS: a Character may wield only 1 Realm Relic, and other Objects besides", () => {
    let s = gameWith([0, 2]);
    const scout = onCanvas(s, 0, "ember-scout");
    const crown = onCanvas(s, 0, "forge-heart", { target: scout });
    void crown;
    const trident = toHand(s, 1, "pearl-trident");
    s.players[0].hand.push(trident);
    s.players[1].hand = s.players[1].hand.filter((c) => c !== trident);
    expect(code(() => E.apply(s, 0, { type: "deploy", card: trident, target: scout }))).toBe("illegal_move");
    const brand = toHand(s, 0, "ember-brand");
    s = A(s, 0, { type: "deploy", card: brand, target: scout });
    expect(s.attached[scout]).toHaveLength(2);
  });
});
