/**
 * A sample Achroma board, captured from a real match: four @colyseus/sdk bots (seeded random
 * picks, test/support/botClient.ts) played a 4-player match with the sample Palettes
 * (rules/achroma samplePalette) on a test server (test/support/testServer.ts); this is seat 3's
 * decoded room state at step 160 (turn 23), chosen for holding an attack waiting for
 * Reactions (seat 3 may DEFEND), an Object carried by a Character, Locations, damage, Dregs on
 * every side and a hand: `game` is `room.state.game.toJSON()`, `secret` is
 * `room.state.seats[3].secret.toJSON()`, `seats` the room's seat slots, and the catalog is
 * `GET /api/games/achroma/catalog`. Used by test/web/board-achroma.test.ts and for screenshots.
 */
import { indexCatalog } from "../catalog.tsx";
import type { Catalog } from "../api.ts";
import type { BoardProps, BoardSeat } from "./types.ts";

export const achromaSampleCatalog: Catalog = {"game":"achroma","version":"0.5.0","sections":{"card":{"ember-sovereign":{"id":"ember-sovereign","name":"Cinder Sovereign Vaelra","text":"Steal 2. RAGE. HEROIC.","cost":6,"stats":{"shards":6,"strength":4},"keywords":["rage","heroic"],"traits":{"type":"character","realm":"emberwild","rarity":"legendary","characterType":"human","effect":"steal","effectAmount":2},"kind":"card"},"ash-warden":{"id":"ash-warden","name":"Ash Warden","text":"Prevent 2. DEFEND.","cost":4,"stats":{"shards":4,"strength":2},"keywords":["defend"],"traits":{"type":"character","realm":"emberwild","rarity":"rare","characterType":"human","effect":"prevent","effectAmount":2},"kind":"card"},"kiln-oracle":{"id":"kiln-oracle","name":"Kiln Oracle","text":"Gain 2. ACTION: FIND an Object.","cost":3,"stats":{"shards":3,"strength":1},"keywords":["action","find"],"traits":{"type":"character","realm":"emberwild","rarity":"rare","characterType":"spirit","effect":"gain","effectAmount":2},"kind":"card"},"scorch-viper":{"id":"scorch-viper","name":"Scorch Viper","text":"Drain 1. POISONOUS.","cost":3,"stats":{"shards":3,"strength":1},"keywords":["poisonous"],"traits":{"type":"character","realm":"emberwild","rarity":"rare","characterType":"beast","effect":"drain","effectAmount":1},"kind":"card"},"forge-heart":{"id":"forge-heart","name":"Forgeheart Crown","text":"Gain 1. Realm Relic.","cost":3,"stats":{"shards":3,"strength":2},"keywords":["relic"],"traits":{"type":"object","realm":"emberwild","rarity":"rare","effect":"gain","effectAmount":1},"kind":"card"},"pyre-citadel":{"id":"pyre-citadel","name":"Pyre Citadel","text":"Gain 2. Your Characters cost 1 less to Deploy.","cost":4,"stats":{"shards":4},"keywords":[],"traits":{"type":"location","realm":"emberwild","rarity":"rare","effect":"gain","effectAmount":2},"kind":"card"},"ember-scout":{"id":"ember-scout","name":"Ember Scout","text":"Gain 1.","cost":2,"stats":{"shards":2,"strength":2},"keywords":[],"traits":{"type":"character","realm":"emberwild","rarity":"common","characterType":"human","effect":"gain","effectAmount":1},"kind":"card"},"cinder-hound":{"id":"cinder-hound","name":"Cinder Hound","text":"Drain 1.","cost":3,"stats":{"shards":3,"strength":3},"keywords":[],"traits":{"type":"character","realm":"emberwild","rarity":"common","characterType":"beast","effect":"drain","effectAmount":1},"kind":"card"},"flame-tender":{"id":"flame-tender","name":"Flame Tender","text":"Gain 1.","cost":1,"stats":{"shards":1,"strength":1},"keywords":[],"traits":{"type":"character","realm":"emberwild","rarity":"common","characterType":"human","effect":"gain","effectAmount":1},"kind":"card"},"blaze-raider":{"id":"blaze-raider","name":"Blaze Raider","text":"Steal 1. RAGE.","cost":4,"stats":{"shards":4,"strength":3},"keywords":["rage"],"traits":{"type":"character","realm":"emberwild","rarity":"uncommon","characterType":"human","effect":"steal","effectAmount":1},"kind":"card"},"smoke-shield":{"id":"smoke-shield","name":"Smokeshield Sentry","text":"Prevent 1. SHIELD WALL 1.","cost":3,"stats":{"shards":3,"strength":1},"keywords":["shield_wall"],"traits":{"type":"character","realm":"emberwild","rarity":"uncommon","characterType":"construct","effect":"prevent","effectAmount":1,"shieldWall":1},"kind":"card"},"ember-brand":{"id":"ember-brand","name":"Ember Brand","text":"Adds 1 Strength to the Character carrying it.","cost":2,"stats":{"shards":2,"strength":1},"keywords":[],"traits":{"type":"object","realm":"emberwild","rarity":"common"},"kind":"card"},"spark-burst":{"id":"spark-burst","name":"Spark Burst","text":"Deal 2 Shard damage to a Character on another Canvas.","cost":2,"stats":{"shards":2},"keywords":[],"traits":{"type":"action","realm":"emberwild","rarity":"common"},"kind":"card"},"kindle":{"id":"kindle","name":"Kindle","text":"Gain 2.","cost":1,"stats":{"shards":1},"keywords":[],"traits":{"type":"action","realm":"emberwild","rarity":"common"},"kind":"card"},"war-drums":{"id":"war-drums","name":"War Drums","text":"Give a Character on your Canvas RAGE this turn.","cost":1,"stats":{"shards":1},"keywords":["rage"],"traits":{"type":"action","realm":"emberwild","rarity":"uncommon"},"kind":"card"},"ashfall-market":{"id":"ashfall-market","name":"Ashfall Market","text":"Gain 1.","cost":3,"stats":{"shards":3},"keywords":[],"traits":{"type":"location","realm":"emberwild","rarity":"uncommon","effect":"gain","effectAmount":1},"kind":"card"},"cinder-rites":{"id":"cinder-rites","name":"Cinder Rites","text":"DIG a Character. Gain 1.","cost":2,"stats":{"shards":2},"keywords":["dig"],"traits":{"type":"action","realm":"emberwild","rarity":"uncommon"},"kind":"card"},"cinder-augur":{"id":"cinder-augur","name":"Cinder Augur","text":"Gain 1. ACTION: REVEAL a Character.","cost":2,"stats":{"shards":2,"strength":1},"keywords":["action","reveal"],"traits":{"type":"character","realm":"emberwild","rarity":"uncommon","characterType":"spirit","effect":"gain","effectAmount":1},"kind":"card"},"paint-sprite":{"id":"paint-sprite","name":"Paint Sprite","text":"Gain 1. ACTION: SPLAT 2.","cost":2,"stats":{"shards":2,"strength":1},"keywords":["action","splat"],"traits":{"type":"character","realm":"emberwild","rarity":"uncommon","characterType":"spirit","effect":"gain","effectAmount":1},"kind":"card"},"ash-stalker":{"id":"ash-stalker","name":"Ash Stalker","text":"Gain 1. HUNT: deal 3 Shard damage to the hunted Character.","cost":3,"stats":{"shards":3,"strength":2},"keywords":["hunt"],"traits":{"type":"character","realm":"emberwild","rarity":"uncommon","characterType":"beast","effect":"gain","effectAmount":1,"hunt":3},"kind":"card"},"ember-lure":{"id":"ember-lure","name":"Ember Lure","text":"CLAIM a Character.","cost":4,"stats":{"shards":4},"keywords":["claim"],"traits":{"type":"action","realm":"emberwild","rarity":"uncommon"},"kind":"card"},"ember-offering":{"id":"ember-offering","name":"Ember Offering","text":"SACRIFICE: Gain 4.","cost":1,"stats":{"shards":1},"keywords":["sacrifice"],"traits":{"type":"action","realm":"emberwild","rarity":"common"},"kind":"card"},"tide-matriarch":{"id":"tide-matriarch","name":"Deepcall Matriarch Ondis","text":"Drain 3. PROTECTION. HEROIC.","cost":6,"stats":{"shards":6,"strength":3},"keywords":["heroic","protection"],"traits":{"type":"character","realm":"tidehollow","rarity":"legendary","characterType":"merfolk","effect":"drain","effectAmount":3},"kind":"card"},"reef-guardian":{"id":"reef-guardian","name":"Reef Guardian","text":"Prevent 2. DEFEND. SHIELD WALL 2.","cost":5,"stats":{"shards":5,"strength":2},"keywords":["defend","shield_wall"],"traits":{"type":"character","realm":"tidehollow","rarity":"rare","characterType":"merfolk","effect":"prevent","effectAmount":2,"shieldWall":2},"kind":"card"},"brine-seer":{"id":"brine-seer","name":"Brine Seer","text":"Gain 1. ACTION: FREEZE a card.","cost":3,"stats":{"shards":3,"strength":1},"keywords":["action","freeze"],"traits":{"type":"character","realm":"tidehollow","rarity":"rare","characterType":"merfolk","effect":"gain","effectAmount":1},"kind":"card"},"eel-assassin":{"id":"eel-assassin","name":"Eel Assassin","text":"Steal 1. POISONOUS.","cost":2,"stats":{"shards":2,"strength":1},"keywords":["poisonous"],"traits":{"type":"character","realm":"tidehollow","rarity":"rare","characterType":"beast","effect":"steal","effectAmount":1},"kind":"card"},"pearl-trident":{"id":"pearl-trident","name":"Pearl Trident","text":"Drain 1. Realm Relic.","cost":3,"stats":{"shards":3,"strength":2},"keywords":["relic"],"traits":{"type":"object","realm":"tidehollow","rarity":"rare","effect":"drain","effectAmount":1},"kind":"card"},"sunken-vault":{"id":"sunken-vault","name":"Sunken Vault","text":"Prevent 3.","cost":4,"stats":{"shards":4},"keywords":[],"traits":{"type":"location","realm":"tidehollow","rarity":"rare","effect":"prevent","effectAmount":3},"kind":"card"},"kelp-runner":{"id":"kelp-runner","name":"Kelp Runner","text":"Gain 1.","cost":2,"stats":{"shards":2,"strength":1},"keywords":[],"traits":{"type":"character","realm":"tidehollow","rarity":"common","characterType":"merfolk","effect":"gain","effectAmount":1},"kind":"card"},"shoal-brute":{"id":"shoal-brute","name":"Shoal Brute","text":"Gain 1.","cost":4,"stats":{"shards":4,"strength":3},"keywords":[],"traits":{"type":"character","realm":"tidehollow","rarity":"common","characterType":"beast","effect":"gain","effectAmount":1},"kind":"card"},"tide-caller":{"id":"tide-caller","name":"Tide Caller","text":"Drain 1.","cost":2,"stats":{"shards":2,"strength":1},"keywords":[],"traits":{"type":"character","realm":"tidehollow","rarity":"common","characterType":"merfolk","effect":"drain","effectAmount":1},"kind":"card"},"harbor-thief":{"id":"harbor-thief","name":"Harbor Thief","text":"Steal 1.","cost":3,"stats":{"shards":3,"strength":2},"keywords":[],"traits":{"type":"character","realm":"tidehollow","rarity":"uncommon","characterType":"human","effect":"steal","effectAmount":1},"kind":"card"},"coral-ward":{"id":"coral-ward","name":"Coral Ward","text":"Prevent 1.","cost":2,"stats":{"shards":2,"strength":0},"keywords":[],"traits":{"type":"object","realm":"tidehollow","rarity":"uncommon","effect":"prevent","effectAmount":1},"kind":"card"},"undertow":{"id":"undertow","name":"Undertow","text":"Drain 2.","cost":2,"stats":{"shards":2},"keywords":[],"traits":{"type":"action","realm":"tidehollow","rarity":"common"},"kind":"card"},"tidal-gift":{"id":"tidal-gift","name":"Tidal Gift","text":"Draw 2.","cost":1,"stats":{"shards":1},"keywords":[],"traits":{"type":"action","realm":"tidehollow","rarity":"common"},"kind":"card"},"riptide":{"id":"riptide","name":"Riptide","text":"Deal 3 Shard damage to a Character on another Canvas.","cost":3,"stats":{"shards":3},"keywords":[],"traits":{"type":"action","realm":"tidehollow","rarity":"uncommon"},"kind":"card"},"salt-bazaar":{"id":"salt-bazaar","name":"Salt Bazaar","text":"Gain 1. ACTION: TRADE.","cost":2,"stats":{"shards":2},"keywords":["action","trade"],"traits":{"type":"location","realm":"tidehollow","rarity":"uncommon","effect":"gain","effectAmount":1},"kind":"card"},"call-the-deep":{"id":"call-the-deep","name":"Call the Deep","text":"Deploy a Character of Shard Value 2 or less from your hand for free.","cost":2,"stats":{"shards":2},"keywords":[],"traits":{"type":"action","realm":"tidehollow","rarity":"uncommon"},"kind":"card"},"drowned-scholar":{"id":"drowned-scholar","name":"Drowned Scholar","text":"Gain 1. ACTION: RESEARCH 2.","cost":3,"stats":{"shards":3,"strength":1},"keywords":["action","research"],"traits":{"type":"character","realm":"tidehollow","rarity":"uncommon","characterType":"spirit","effect":"gain","effectAmount":1},"kind":"card"},"ink-squid":{"id":"ink-squid","name":"Ink Squid","text":"Drain 1. ACTION: SQUISH 2.","cost":2,"stats":{"shards":2,"strength":1},"keywords":["action","squish"],"traits":{"type":"character","realm":"tidehollow","rarity":"uncommon","characterType":"beast","effect":"drain","effectAmount":1},"kind":"card"},"brine-hex":{"id":"brine-hex","name":"Brine Hex","text":"CURSE a card. Gain 1 for each CURSED card on all Canvases.","cost":1,"stats":{"shards":1},"keywords":["curse"],"traits":{"type":"action","realm":"tidehollow","rarity":"common"},"kind":"card"},"abyssal-tithe":{"id":"abyssal-tithe","name":"Abyssal Tithe","text":"SACRIFICE: Drain 3.","cost":1,"stats":{"shards":1},"keywords":["sacrifice"],"traits":{"type":"action","realm":"tidehollow","rarity":"common"},"kind":"card"},"wandering-tinker":{"id":"wandering-tinker","name":"Wandering Tinker","text":"Gain 1.","cost":2,"stats":{"shards":2,"strength":1},"keywords":[],"traits":{"type":"character","realm":"realmless","rarity":"common","characterType":"human","effect":"gain","effectAmount":1},"kind":"card"},"iron-buckler":{"id":"iron-buckler","name":"Iron Buckler","text":"Prevent 1.","cost":2,"stats":{"shards":2,"strength":1},"keywords":[],"traits":{"type":"object","realm":"realmless","rarity":"common","effect":"prevent","effectAmount":1},"kind":"card"},"old-map":{"id":"old-map","name":"Old Map","text":"FIND a Location.","cost":1,"stats":{"shards":1},"keywords":["find"],"traits":{"type":"action","realm":"realmless","rarity":"uncommon"},"kind":"card"},"frost-charm":{"id":"frost-charm","name":"Frost Charm","text":"FREEZE a card.","cost":1,"stats":{"shards":1},"keywords":["freeze"],"traits":{"type":"action","realm":"realmless","rarity":"common"},"kind":"card"},"crossroads-inn":{"id":"crossroads-inn","name":"Crossroads Inn","text":"Gain 1.","cost":2,"stats":{"shards":2},"keywords":[],"traits":{"type":"location","realm":"realmless","rarity":"common","effect":"gain","effectAmount":1},"kind":"card"},"hired-blade":{"id":"hired-blade","name":"Hired Blade","text":"Steal 1.","cost":3,"stats":{"shards":3,"strength":2},"keywords":[],"traits":{"type":"character","realm":"realmless","rarity":"uncommon","characterType":"human","effect":"steal","effectAmount":1},"kind":"card"},"hushed-archivist":{"id":"hushed-archivist","name":"Hushed Archivist","text":"Gain 1. ACTION: SECRET.","cost":3,"stats":{"shards":3,"strength":1},"keywords":["action","secret"],"traits":{"type":"character","realm":"realmless","rarity":"uncommon","characterType":"human","effect":"gain","effectAmount":1},"kind":"card"},"sealed-reliquary":{"id":"sealed-reliquary","name":"Sealed Reliquary","text":"Gain 1. ACTION: SECRET.","cost":3,"stats":{"shards":3},"keywords":["action","secret"],"traits":{"type":"location","realm":"realmless","rarity":"uncommon","effect":"gain","effectAmount":1},"kind":"card"},"chart-reading":{"id":"chart-reading","name":"Chart Reading","text":"RESEARCH 3.","cost":1,"stats":{"shards":1},"keywords":["research"],"traits":{"type":"action","realm":"realmless","rarity":"common"},"kind":"card"},"grave-robber":{"id":"grave-robber","name":"Grave Robber","text":"Gain 1. ACTION: DIG an Object.","cost":3,"stats":{"shards":3,"strength":2},"keywords":["action","dig"],"traits":{"type":"character","realm":"realmless","rarity":"rare","characterType":"human","effect":"gain","effectAmount":1},"kind":"card"},"debt-lantern":{"id":"debt-lantern","name":"Lantern of Old Debts","text":"Gain 1. ACTION: Gain 2.","cost":2,"stats":{"shards":2,"strength":0},"keywords":["action"],"traits":{"type":"object","realm":"realmless","rarity":"uncommon","effect":"gain","effectAmount":1},"kind":"card"},"storm-tyrant":{"id":"storm-tyrant","name":"Thunderhoard Wyrm Azkarel","text":"Steal 2. HEROIC.","cost":6,"stats":{"shards":6,"strength":4},"keywords":["heroic"],"traits":{"type":"character","realm":"stormreach","rarity":"legendary","characterType":"dragon","effect":"steal","effectAmount":2},"kind":"card"},"gale-drake":{"id":"gale-drake","name":"Galeborn Drake","text":"Gain 1.","cost":4,"stats":{"shards":4,"strength":3},"keywords":[],"traits":{"type":"character","realm":"stormreach","rarity":"rare","characterType":"drake","effect":"gain","effectAmount":1},"kind":"card"},"sky-lancer":{"id":"sky-lancer","name":"Skylance Captain","text":"Gain 1. MOUNT. ACTION: GIVE a Character on your Canvas DEFEND.","cost":3,"stats":{"shards":3,"strength":2},"keywords":["action","mount","give"],"traits":{"type":"character","realm":"stormreach","rarity":"rare","characterType":"human","effect":"gain","effectAmount":1},"kind":"card"},"mirror-adept":{"id":"mirror-adept","name":"Mirror Adept","text":"Gain 1. ACTION: COPY another Character on any Canvas.","cost":3,"stats":{"shards":3,"strength":1},"keywords":["action","copy"],"traits":{"type":"character","realm":"stormreach","rarity":"rare","characterType":"human","effect":"gain","effectAmount":1},"kind":"card"},"drake-hatchling":{"id":"drake-hatchling","name":"Drake Hatchling","text":"Gain 1.","cost":2,"stats":{"shards":2,"strength":1},"keywords":[],"traits":{"type":"character","realm":"stormreach","rarity":"common","characterType":"drake","effect":"gain","effectAmount":1},"kind":"card"},"wind-rider":{"id":"wind-rider","name":"Windcrest Rider","text":"Gain 1. MOUNT.","cost":2,"stats":{"shards":2,"strength":1},"keywords":["mount"],"traits":{"type":"character","realm":"stormreach","rarity":"common","characterType":"human","effect":"gain","effectAmount":1},"kind":"card"},"tempest-shifter":{"id":"tempest-shifter","name":"Tempest Shifter","text":"Drain 1. ACTION: SWAP this card with a Character on another Canvas.","cost":3,"stats":{"shards":3,"strength":2},"keywords":["action","swap"],"traits":{"type":"character","realm":"stormreach","rarity":"uncommon","characterType":"spirit","effect":"drain","effectAmount":1},"kind":"card"},"stormforge":{"id":"stormforge","name":"Stormforge Anvil","text":"Gain 1. Pay 2 Shards: GIVE a Character on your Canvas PROTECTION.","cost":3,"stats":{"shards":3},"keywords":["paid","give"],"traits":{"type":"location","realm":"stormreach","rarity":"uncommon","effect":"gain","effectAmount":1,"paidCost":2},"kind":"card"},"static-charge":{"id":"static-charge","name":"Static Charge","text":"Gain 1. You may FREEZE a card.","cost":1,"stats":{"shards":1},"keywords":["freeze"],"traits":{"type":"action","realm":"stormreach","rarity":"common"},"kind":"card"},"grove-mother":{"id":"grove-mother","name":"Grovemother Ilwen","text":"Gain 2. HEROIC. MENAGERIE: Gain 3.","cost":6,"stats":{"shards":6,"strength":3},"keywords":["heroic","menagerie"],"traits":{"type":"character","realm":"verdance","rarity":"legendary","characterType":"spirit","effect":"gain","effectAmount":2},"kind":"card"},"thornback":{"id":"thornback","name":"Thornback Boar","text":"Gain 1.","cost":4,"stats":{"shards":4,"strength":3},"keywords":[],"traits":{"type":"character","realm":"verdance","rarity":"rare","characterType":"beast","effect":"gain","effectAmount":1},"kind":"card"},"hive-queen":{"id":"hive-queen","name":"Amberhive Queen","text":"Gain 2. ACTION: MENAGERIE: Draw 2.","cost":4,"stats":{"shards":4,"strength":2},"keywords":["menagerie"],"traits":{"type":"character","realm":"verdance","rarity":"rare","characterType":"insect","effect":"gain","effectAmount":2},"kind":"card"},"root-golem":{"id":"root-golem","name":"Rootbound Golem","text":"Prevent 1.","cost":5,"stats":{"shards":5,"strength":4},"keywords":[],"traits":{"type":"character","realm":"verdance","rarity":"rare","characterType":"construct","effect":"prevent","effectAmount":1},"kind":"card"},"fern-sprite":{"id":"fern-sprite","name":"Fern Sprite","text":"Gain 1.","cost":1,"stats":{"shards":1,"strength":1},"keywords":[],"traits":{"type":"character","realm":"verdance","rarity":"common","characterType":"spirit","effect":"gain","effectAmount":1},"kind":"card"},"moss-hound":{"id":"moss-hound","name":"Moss Hound","text":"Gain 1.","cost":2,"stats":{"shards":2,"strength":2},"keywords":[],"traits":{"type":"character","realm":"verdance","rarity":"common","characterType":"beast","effect":"gain","effectAmount":1},"kind":"card"},"canopy-scout":{"id":"canopy-scout","name":"Canopy Scout","text":"Gain 1. MENAGERIE: Draw 1.","cost":2,"stats":{"shards":2,"strength":1},"keywords":["menagerie"],"traits":{"type":"character","realm":"verdance","rarity":"uncommon","characterType":"human","effect":"gain","effectAmount":1},"kind":"card"},"wild-gathering":{"id":"wild-gathering","name":"Wild Gathering","text":"You may DIG a Character. Gain 1.","cost":2,"stats":{"shards":2},"keywords":["dig"],"traits":{"type":"action","realm":"verdance","rarity":"uncommon"},"kind":"card"},"bramble-ward":{"id":"bramble-ward","name":"Bramble Ward","text":"Prevent 1.","cost":2,"stats":{"shards":2,"strength":1},"keywords":[],"traits":{"type":"object","realm":"verdance","rarity":"common","effect":"prevent","effectAmount":1},"kind":"card"},"fen-widow":{"id":"fen-widow","name":"Gloam Widow Sethra","text":"Drain 2. ACTION: RESTRAIN a card on another Canvas.","cost":5,"stats":{"shards":5,"strength":3,"achrom":5},"keywords":["action","restrain"],"traits":{"type":"character","realm":"gloamfen","rarity":"legendary","characterType":"insect","effect":"drain","effectAmount":2},"kind":"card"},"bog-warden":{"id":"bog-warden","name":"Bog Warden","text":"Prevent 2. DIVERT.","cost":4,"stats":{"shards":4,"strength":2,"achrom":2},"keywords":["divert"],"traits":{"type":"character","realm":"gloamfen","rarity":"rare","characterType":"human","effect":"prevent","effectAmount":2},"kind":"card"},"carrion-crow":{"id":"carrion-crow","name":"Carrion Crow Oracle","text":"Gain 1. When a Character is Erased from another Canvas, Gain 1.","cost":3,"stats":{"shards":3,"strength":1,"achrom":1},"keywords":["erase_trigger"],"traits":{"type":"character","realm":"gloamfen","rarity":"rare","characterType":"beast","effect":"gain","effectAmount":1},"kind":"card"},"mire-leech":{"id":"mire-leech","name":"Mire Leech","text":"Drain 1. INFEST: Gain 2.","cost":3,"stats":{"shards":3,"strength":1,"achrom":2},"keywords":["infest"],"traits":{"type":"character","realm":"gloamfen","rarity":"rare","characterType":"insect","effect":"drain","effectAmount":1},"kind":"card"},"rot-grub":{"id":"rot-grub","name":"Rot Grub","text":"Gain 1. INFEST: Drain 1.","cost":2,"stats":{"shards":2,"strength":1,"achrom":1},"keywords":["infest"],"traits":{"type":"character","realm":"gloamfen","rarity":"common","characterType":"insect","effect":"gain","effectAmount":1},"kind":"card"},"sinkhole":{"id":"sinkhole","name":"Sinkhole","text":"Gain 1. DISPOSE: deal 2 Shard damage to a Character on another Canvas.","cost":2,"stats":{"shards":2,"achrom":1},"keywords":["dispose"],"traits":{"type":"location","realm":"gloamfen","rarity":"uncommon","effect":"gain","effectAmount":1},"kind":"card"},"spore-carrier":{"id":"spore-carrier","name":"Spore Carrier","text":"Gain 1. DISPOSE: Deploy a Character of Shard Value 2 or less from your hand for free.","cost":2,"stats":{"shards":2,"strength":1,"achrom":1},"keywords":["dispose"],"traits":{"type":"character","realm":"gloamfen","rarity":"uncommon","characterType":"insect","effect":"gain","effectAmount":1},"kind":"card"},"shade-binder":{"id":"shade-binder","name":"Shade Binder","text":"Gain 1. ACTION: RESTRAIN a card on another Canvas.","cost":3,"stats":{"shards":3,"strength":1,"achrom":2},"keywords":["action","restrain"],"traits":{"type":"character","realm":"gloamfen","rarity":"common","characterType":"spirit","effect":"gain","effectAmount":1},"kind":"card"},"gloam-tithe":{"id":"gloam-tithe","name":"Gloam Tithe","text":"Gain 1 for each Achrom card on your Canvas.","cost":1,"stats":{"shards":1,"achrom":1},"keywords":[],"traits":{"type":"action","realm":"gloamfen","rarity":"common"},"kind":"card"},"hollow-rite":{"id":"hollow-rite","name":"Hollow Rite","text":"SACRIFICE, then REPLACE it with a card of the same type from your hand.","cost":2,"stats":{"shards":2,"achrom":2},"keywords":["sacrifice","replace"],"traits":{"type":"action","realm":"gloamfen","rarity":"uncommon"},"kind":"card"}},"keyword":{"action":{"id":"action","name":"ACTION","text":"Happens once, right after the card is Deployed.","kind":"keyword"},"rage":{"id":"rage","name":"RAGE","text":"This Character may attack one more time each turn (it keeps the damage from earlier attacks). RAGE given several times stacks.","kind":"keyword"},"heroic":{"id":"heroic","name":"HEROIC","text":"Only one copy of a HEROIC card may be on a Canvas: when a second copy arrives, the first one is Erased before anything else happens.","kind":"keyword"},"protection":{"id":"protection","name":"PROTECTION","text":"Another player cannot damage, Erase or Drain this card (by attacks, Actions or abilities), unless POISONOUS is involved.","kind":"keyword"},"poisonous":{"id":"poisonous","name":"POISONOUS","text":"Any card this one deals Shard damage to in combat is Erased, even through PROTECTION.","kind":"keyword"},"defend":{"id":"defend","name":"DEFEND","text":"When another Character on your Canvas is attacked, this one may step in and take the attack instead (a Reaction).","kind":"keyword"},"shield_wall":{"id":"shield_wall","name":"SHIELD WALL","text":"When one of your Characters is attacked, it gets the number shown as extra Shard Value until the end of the turn (once per turn per Character).","kind":"keyword"},"relic":{"id":"relic","name":"REALM RELIC","text":"A Character may carry only one Realm Relic.","kind":"keyword"},"hunt":{"id":"hunt","name":"HUNT","text":"In your Main step, mark a Character on another Canvas; at the start of your next turn it takes the Shard damage shown.","kind":"keyword"},"infest":{"id":"infest","name":"INFEST","text":"May be Deployed for 1 Shard as a PARASITE onto a Character (the HOST): the HOST loses its own effects and resolves the INFEST ability instead.","kind":"keyword"},"mount":{"id":"mount","name":"MOUNT","text":"This Rider may climb onto an unmounted Dragon or Drake on your Canvas; they then fight as one.","kind":"keyword"},"menagerie":{"id":"menagerie","name":"MENAGERIE","text":"Once per turn, with 3 or more different Character types on your Canvas, this ability may be used.","kind":"keyword"},"dispose":{"id":"dispose","name":"DISPOSE","text":"Erase this card from your Canvas to make its ability happen; also usable as a Reaction in another player's turn.","kind":"keyword"},"divert":{"id":"divert","name":"DIVERT","text":"Once per turn, an Action or ability aimed at a card on your Canvas may be redirected to this card (a Reaction).","kind":"keyword"},"find":{"id":"find","name":"FIND","text":"Search your Palette for a card of the named type, put it in your hand, then shuffle your Palette.","kind":"keyword"},"dig":{"id":"dig","name":"DIG","text":"Take a card of the named type from your Dregs into your hand.","kind":"keyword"},"reveal":{"id":"reveal","name":"REVEAL","text":"Turn over cards from the top of your Palette until one of the named type appears; keep it, shuffle the rest back.","kind":"keyword"},"research":{"id":"research","name":"RESEARCH","text":"Look at the top cards of your Palette; pay 1 Shard for each one you keep, then put the rest back on top in any order.","kind":"keyword"},"freeze":{"id":"freeze","name":"FREEZE","text":"A FROZEN card cannot Gain, Drain, Steal or Prevent; it thaws at the end of its controller's turn.","kind":"keyword"},"trade":{"id":"trade","name":"TRADE","text":"Put a card from your hand into your Dregs and gain Shards equal to its Shard Value.","kind":"keyword"},"secret":{"id":"secret","name":"SECRET","text":"Hide the top card of a Palette face down under this card (its Keeper); later its controller may unveil and Deploy it for free.","kind":"keyword"},"sacrifice":{"id":"sacrifice","name":"SACRIFICE","text":"Erase one of your own cards to pay for the rest of the ability; with nothing to Erase, the ability stops.","kind":"keyword"},"splat":{"id":"splat","name":"SPLAT","text":"Give another card a Gain effect that its controller may resolve until the start of your next turn.","kind":"keyword"},"squish":{"id":"squish","name":"SQUISH","text":"Give another card a Drain effect that its controller may resolve until the start of your next turn.","kind":"keyword"},"claim":{"id":"claim","name":"CLAIM","text":"Take a card of the named type from another Canvas onto yours, under your control.","kind":"keyword"},"curse":{"id":"curse","name":"CURSE","text":"Turn a card sideways: it is CURSED. Nothing happens by itself, but some effects count or reward CURSED cards.","kind":"keyword"},"restrain":{"id":"restrain","name":"RESTRAIN","text":"Lift a card off another Canvas and hold it face up under this card for as long as this card stays.","kind":"keyword"},"copy":{"id":"copy","name":"COPY","text":"This Character becomes a copy of another Character, keeping only its own Shards.","kind":"keyword"},"swap":{"id":"swap","name":"SWAP","text":"This Character and a Character on another Canvas change places (and controllers).","kind":"keyword"},"replace":{"id":"replace","name":"REPLACE","text":"Put a card of the same type as the one just Erased from your hand onto the Canvas (this is not a Deploy).","kind":"keyword"},"give":{"id":"give","name":"GIVE","text":"One of your Characters gains the named keyword for as long as it stays on a Canvas.","kind":"keyword"},"paid":{"id":"paid","name":"PAY X SHARDS","text":"Once per turn in your Main step, pay the Shards shown to use this ability.","kind":"keyword"},"erase_trigger":{"id":"erase_trigger","name":"WHEN ERASED","text":"This ability happens when a matching card is Erased from the named Canvases.","kind":"keyword"}},"phase":{"mulligan":{"id":"mulligan","name":"Opening hand","text":"Every player decides at the same time whether to keep their opening hand or take a new one.","kind":"phase"},"start":{"id":"start","name":"Start step","text":"Unveil secrets, then draw a card, TRADE a card or skip.","kind":"phase"},"main":{"id":"main","name":"Main step","text":"Deploy up to 3 cards, attack, hunt and use abilities.","kind":"phase"},"resolve":{"id":"resolve","name":"Resolve step","text":"Use each of your cards' Achroma effects (Gain, Drain, Steal) once.","kind":"phase"},"end":{"id":"end","name":"End step","text":"Draw a card, TRADE a card or skip.","kind":"phase"},"post":{"id":"post","name":"Pass turn","text":"Deploys are still possible; then pass the turn to the next player.","kind":"phase"},"over":{"id":"over","name":"Game over","text":"The game has ended.","kind":"phase"}},"step":{"gain":{"id":"gain","name":"Gain","text":"Add Shards to your bank.","kind":"step"},"drain":{"id":"drain","name":"Drain","text":"Another player loses Shards from their bank (they may Prevent some).","kind":"step"},"steal":{"id":"steal","name":"Steal","text":"Take Shards from another player's bank into yours (they may Prevent some).","kind":"step"},"draw":{"id":"draw","name":"Draw","text":"Draw cards from your Palette.","kind":"step"},"damage":{"id":"damage","name":"Shard damage","text":"Deal Shard damage to a Character on another Canvas.","kind":"step"},"freeze":{"id":"freeze","name":"FREEZE","text":"Choose a card to FREEZE.","kind":"step"},"find":{"id":"find","name":"FIND","text":"Choose which card to FIND in your Palette.","kind":"step"},"dig":{"id":"dig","name":"DIG","text":"Choose a card to DIG out of your Dregs.","kind":"step"},"rage":{"id":"rage","name":"RAGE","text":"Choose one of your Characters to gain RAGE this turn.","kind":"step"},"trade":{"id":"trade","name":"TRADE","text":"Choose a card from your hand to TRADE.","kind":"step"},"deploy_free":{"id":"deploy_free","name":"Free Deploy","text":"Choose a cheap Character in your hand to Deploy for free.","kind":"step"},"secret":{"id":"secret","name":"SECRET","text":"Choose whose Palette gives up its top card to hide.","kind":"step"},"reveal":{"id":"reveal","name":"REVEAL","text":"Turn over Palette cards until one of the named type.","kind":"step"},"research":{"id":"research","name":"RESEARCH","text":"Look at the top cards of your Palette.","kind":"step"},"sacrifice":{"id":"sacrifice","name":"SACRIFICE","text":"Choose one of your cards to Erase.","kind":"step"},"splat":{"id":"splat","name":"SPLAT / SQUISH","text":"Choose a card to give the effect to, or pass.","kind":"step"},"claim":{"id":"claim","name":"CLAIM","text":"Choose a card on another Canvas to take.","kind":"step"},"curse":{"id":"curse","name":"CURSE","text":"Choose a card to CURSE.","kind":"step"},"gain_count":{"id":"gain_count","name":"Counted Gain","text":"Gain 1 Shard for each matching card.","kind":"step"},"restrain":{"id":"restrain","name":"RESTRAIN","text":"Choose a card on another Canvas to hold under this card.","kind":"step"},"copy":{"id":"copy","name":"COPY","text":"Choose a Character to copy.","kind":"step"},"swap":{"id":"swap","name":"SWAP","text":"Choose a Character on another Canvas to change places with.","kind":"step"},"replace":{"id":"replace","name":"REPLACE","text":"Choose a card in your hand to put in place of the Erased one.","kind":"step"},"give":{"id":"give","name":"GIVE","text":"Choose one of your Characters to receive the keyword.","kind":"step"},"unveiled":{"id":"unveiled","name":"Unveiled card","text":"Place a card freed from a SECRET: onto your Canvas, or onto a Character if it is an Object.","kind":"step"},"research_keep":{"id":"research_keep","name":"RESEARCH: keep","text":"Pay 1 Shard to keep one of the looked-at cards, or stop.","kind":"step"},"research_order":{"id":"research_order","name":"RESEARCH: order","text":"Choose which looked-at card goes on top of your Palette next.","kind":"step"},"hunt":{"id":"hunt","name":"HUNT damage","text":"A marked Character takes its HUNT damage.","kind":"step"},"react":{"id":"react","name":"Reaction","text":"The chance to React to a declared Deploy, ability or attack.","kind":"step"},"divert":{"id":"divert","name":"DIVERT","text":"The chance to DIVERT an Action or ability aimed at your card.","kind":"step"}},"prompt":{"choose":{"id":"choose","name":"Choice","text":"An ability asks you to pick one of its options.","kind":"prompt"},"prevent":{"id":"prevent","name":"Prevent","text":"Someone is Draining or Stealing from you: choose how many Shards your Prevent effects stop.","kind":"prompt"},"react":{"id":"react","name":"Reaction","text":"Another player declared something: you may React (DEFEND, DISPOSE, DIVERT) or pass.","kind":"prompt"},"order":{"id":"order","name":"Damage order","text":"Choose the order in which Objects carried by a Character absorb combat damage.","kind":"prompt"},"research":{"id":"research","name":"RESEARCH","text":"Keep looked-at cards for 1 Shard each, then order the rest on top of your Palette.","kind":"prompt"}},"trigger":{"deploy":{"id":"deploy","name":"a Deploy","text":"A player declared a Deploy.","kind":"trigger"},"attack":{"id":"attack","name":"an attack","text":"A player declared an attack.","kind":"trigger"},"ability":{"id":"ability","name":"an ability","text":"A player declared an ability (resolve, HUNT, MOUNT, DISPOSE, MENAGERIE...).","kind":"trigger"},"target":{"id":"target","name":"a targeted effect","text":"An Action or ability is aimed at a card on your Canvas.","kind":"trigger"}},"option":{"pass":{"id":"pass","name":"Pass","text":"Decline this optional step.","kind":"option"},"do":{"id":"do","name":"Do it","text":"Carry out this optional step.","kind":"option"},"done":{"id":"done","name":"Done","text":"Stop keeping RESEARCH cards.","kind":"option"},"canvas":{"id":"canvas","name":"Onto your Canvas","text":"Place the unveiled card on your own Canvas.","kind":"option"}},"reaction":{"pass":{"id":"pass","name":"Don't react","text":"Let the declared action happen.","kind":"reaction"},"defend":{"id":"defend","name":"DEFEND","text":"The named Character takes the attack instead.","kind":"reaction"},"dispose":{"id":"dispose","name":"DISPOSE","text":"Erase the named card now for its DISPOSE ability.","kind":"reaction"},"divert":{"id":"divert","name":"DIVERT","text":"Redirect the effect to the named card.","kind":"reaction"}},"action":{"keep":{"id":"keep","name":"Keep","text":"Keep your opening hand.","kind":"action"},"mulligan":{"id":"mulligan","name":"Mulligan","text":"Shuffle your opening hand away and draw a new one.","kind":"action"},"draw":{"id":"draw","name":"Draw","text":"Draw a card in your Start or End step.","kind":"action"},"trade":{"id":"trade","name":"Trade","text":"TRADE a card from your hand for Shards (at most 6 Shards a turn this way).","kind":"action"},"skip":{"id":"skip","name":"Skip","text":"Neither draw nor TRADE this step.","kind":"action"},"deploy":{"id":"deploy","name":"Deploy","text":"Pay a card's cost to put it from your hand onto a Canvas (at most 3 a turn).","kind":"action"},"attack":{"id":"attack","name":"Attack","text":"One of your Characters attacks a Character on another Canvas.","kind":"action"},"resolve":{"id":"resolve","name":"Resolve","text":"Use a card's Achroma effect (once per turn).","kind":"action"},"resolve_given":{"id":"resolve_given","name":"Resolve given effect","text":"Use the oldest SPLAT or SQUISH effect given to a card on your Canvas.","kind":"action"},"hunt":{"id":"hunt","name":"Hunt","text":"Mark a Character on another Canvas for your HUNT card.","kind":"action"},"proceed":{"id":"proceed","name":"Next step","text":"Move on to the next step of your turn.","kind":"action"},"pass_turn":{"id":"pass_turn","name":"Pass turn","text":"End your turn.","kind":"action"},"choose":{"id":"choose","name":"Choose","text":"Answer a choice.","kind":"action"},"prevent":{"id":"prevent","name":"Prevent","text":"Stop some of the Shards being Drained or Stolen from you.","kind":"action"},"react":{"id":"react","name":"React","text":"Answer a Reaction chance.","kind":"action"},"activate":{"id":"activate","name":"Pay Shards","text":"Use a card's PAY X SHARDS ability.","kind":"action"},"menagerie":{"id":"menagerie","name":"Menagerie","text":"Use a card's MENAGERIE ability.","kind":"action"},"dispose":{"id":"dispose","name":"Dispose","text":"Erase a card for its DISPOSE ability.","kind":"action"},"mount":{"id":"mount","name":"Mount","text":"Put a Rider onto one of your Dragons or Drakes.","kind":"action"},"unveil":{"id":"unveil","name":"Unveil","text":"Erase a Keeper and Deploy the cards hidden under it for free.","kind":"action"}},"event":{"hand":{"id":"hand","name":"Opening hand","text":"The cards you were dealt (only you see this).","kind":"event"},"mulligan":{"id":"mulligan","name":"Mulligan","text":"A player took a new opening hand.","kind":"event"},"keep":{"id":"keep","name":"Keep","text":"A player kept their opening hand.","kind":"event"},"turn":{"id":"turn","name":"New turn","text":"A player's turn begins.","kind":"event"},"draw":{"id":"draw","name":"Draw","text":"A player drew a card.","kind":"event"},"drew":{"id":"drew","name":"You drew","text":"The card you drew (only you see this).","kind":"event"},"skip":{"id":"skip","name":"Skip","text":"A player neither drew nor traded.","kind":"event"},"trade":{"id":"trade","name":"Trade","text":"A card was traded for Shards.","kind":"event"},"deploy":{"id":"deploy","name":"Deploy","text":"A card was Deployed.","kind":"event"},"declare":{"id":"declare","name":"Declared","text":"A player declared something others may React to.","kind":"event"},"attack":{"id":"attack","name":"Attack","text":"An attack was declared.","kind":"event"},"combat":{"id":"combat","name":"Combat","text":"Two Characters fought.","kind":"event"},"shield_wall":{"id":"shield_wall","name":"Shield wall","text":"A SHIELD WALL raised a card's Shard Value.","kind":"event"},"resolve":{"id":"resolve","name":"Resolve","text":"A card's Achroma effect (or a given effect) was used.","kind":"event"},"gain":{"id":"gain","name":"Gain","text":"A player gained Shards.","kind":"event"},"drain":{"id":"drain","name":"Drain","text":"A player lost Shards.","kind":"event"},"steal":{"id":"steal","name":"Steal","text":"Shards moved from one bank to another.","kind":"event"},"damage":{"id":"damage","name":"Shard damage","text":"A Character took Shard damage.","kind":"event"},"erased":{"id":"erased","name":"Erased","text":"A card left its Canvas for its owner's Dregs.","kind":"event"},"released":{"id":"released","name":"Released","text":"A RESTRAINED card came back.","kind":"event"},"erase_trigger":{"id":"erase_trigger","name":"Erase trigger","text":"An ability triggered by an Erase happened.","kind":"event"},"activate":{"id":"activate","name":"Pay Shards","text":"A PAY X SHARDS ability was used.","kind":"event"},"menagerie":{"id":"menagerie","name":"Menagerie","text":"A MENAGERIE ability was used.","kind":"event"},"dispose":{"id":"dispose","name":"Dispose","text":"A card was DISPOSED.","kind":"event"},"deferred":{"id":"deferred","name":"Deferred","text":"A card waits to be Deployed once everything else is done.","kind":"event"},"defend":{"id":"defend","name":"Defend","text":"A Character stepped in to take an attack.","kind":"event"},"divert":{"id":"divert","name":"Divert","text":"An effect was redirected.","kind":"event"},"pass":{"id":"pass","name":"Pass","text":"A player declined an optional step or a Reaction.","kind":"event"},"fizzle":{"id":"fizzle","name":"Fizzle","text":"An effect had nothing to act on (or its card was FROZEN) and did nothing.","kind":"event"},"mount":{"id":"mount","name":"Mount","text":"A Rider mounted a Dragon or Drake.","kind":"event"},"hunt":{"id":"hunt","name":"Hunt","text":"A Character was marked by a HUNT.","kind":"event"},"hunt_lost":{"id":"hunt_lost","name":"Hunt lost","text":"A HUNT ended without damage.","kind":"event"},"unveil":{"id":"unveil","name":"Unveil","text":"A Keeper was Erased and its hidden cards revealed.","kind":"event"},"step":{"id":"step","name":"Next step","text":"The turn moved to another step.","kind":"event"},"pass_turn":{"id":"pass_turn","name":"Pass turn","text":"A player ended their turn.","kind":"event"},"freeze":{"id":"freeze","name":"Freeze","text":"A card was FROZEN.","kind":"event"},"rage":{"id":"rage","name":"Rage","text":"A Character got RAGE.","kind":"event"},"secret":{"id":"secret","name":"Secret","text":"A Palette's top card was hidden under a Keeper.","kind":"event"},"sacrifice":{"id":"sacrifice","name":"Sacrifice","text":"A card was SACRIFICED.","kind":"event"},"restrain":{"id":"restrain","name":"Restrain","text":"A card was RESTRAINED.","kind":"event"},"copy":{"id":"copy","name":"Copy","text":"A Character became a copy.","kind":"event"},"swap":{"id":"swap","name":"Swap","text":"Two Characters changed places.","kind":"event"},"replace":{"id":"replace","name":"Replace","text":"A card took an Erased card's place.","kind":"event"},"give":{"id":"give","name":"Give","text":"A Character was given a keyword.","kind":"event"},"claim":{"id":"claim","name":"Claim","text":"A card was CLAIMED.","kind":"event"},"curse":{"id":"curse","name":"Curse","text":"A card was CURSED.","kind":"event"},"splat":{"id":"splat","name":"Splat","text":"A card was given a Gain effect.","kind":"event"},"squish":{"id":"squish","name":"Squish","text":"A card was given a Drain effect.","kind":"event"},"find":{"id":"find","name":"Find","text":"A player found a card in their Palette.","kind":"event"},"found":{"id":"found","name":"You found","text":"The card you found (only you see this).","kind":"event"},"dig":{"id":"dig","name":"Dig","text":"A card was dug out of the Dregs.","kind":"event"},"reveal":{"id":"reveal","name":"Reveal","text":"Palette cards were turned over.","kind":"event"},"research":{"id":"research","name":"Research","text":"A player looks at the top of their Palette.","kind":"event"},"looked":{"id":"looked","name":"You look at","text":"The cards you are looking at (only you see this).","kind":"event"},"research_keep":{"id":"research_keep","name":"Research keep","text":"A player paid 1 Shard to keep a looked-at card.","kind":"event"},"kept":{"id":"kept","name":"You kept","text":"The card you kept (only you see this).","kind":"event"},"research_done":{"id":"research_done","name":"Research done","text":"RESEARCH ended.","kind":"event"},"left":{"id":"left","name":"Left the game","text":"A player is out.","kind":"event"},"game_over":{"id":"game_over","name":"Game over","text":"The game ended.","kind":"event"}},"outcome":{"30_shards":{"id":"30_shards","name":"30 Shards","text":"A player reached 30 Shards in their bank and won.","kind":"outcome"},"last_player":{"id":"last_player","name":"Last player standing","text":"Every other player ran out of Shards and left the game.","kind":"outcome"},"turn_limit":{"id":"turn_limit","name":"Turn limit","text":"The game hit the engine's turn limit; remaining players rank by their banks.","kind":"outcome"}},"mulligan":{"pending":{"id":"pending","name":"Deciding","text":"Has not yet kept or taken a new opening hand.","kind":"mulligan"},"kept":{"id":"kept","name":"Kept","text":"Kept the opening hand.","kind":"mulligan"},"mulliganed":{"id":"mulliganed","name":"Mulliganed","text":"Took a new opening hand.","kind":"mulligan"}},"effect":{"gain":{"id":"gain","name":"Gain","text":"Resolve: add Shards to your bank.","kind":"effect"},"drain":{"id":"drain","name":"Drain","text":"Resolve: another player loses Shards.","kind":"effect"},"steal":{"id":"steal","name":"Steal","text":"Resolve: take Shards from another player.","kind":"effect"},"prevent":{"id":"prevent","name":"Prevent","text":"Each turn, stop up to this many Shards being Drained or Stolen from you.","kind":"effect"}},"zone":{"palette":{"id":"palette","name":"Palette","text":"Your face-down draw pile of 30 cards.","kind":"zone"},"hand":{"id":"hand","name":"Hand","text":"Cards only you can see; you start with 5.","kind":"zone"},"canvas":{"id":"canvas","name":"Canvas","text":"Where your Deployed Characters, Locations and Objects sit, face up.","kind":"zone"},"dregs":{"id":"dregs","name":"Dregs","text":"Your face-up pile of Erased, traded and resolved cards.","kind":"zone"},"bank":{"id":"bank","name":"Shard bank","text":"Your Shards: you start with 10; reach 30 to win, hit 0 and you are out.","kind":"zone"}},"card_type":{"character":{"id":"character","name":"Character","text":"Fights, resolves its Achroma effect and can carry Objects.","kind":"card_type"},"location":{"id":"location","name":"Location","text":"Stays on your Canvas and resolves its Achroma effect.","kind":"card_type"},"object":{"id":"object","name":"Object","text":"Deployed onto a Character; absorbs damage for it and adds Strength.","kind":"card_type"},"action":{"id":"action","name":"Action","text":"Resolves once, then goes to your Dregs.","kind":"card_type"}},"rarity":{"common":{"id":"common","name":"Common","text":"Up to 2 copies in a Palette.","kind":"rarity"},"uncommon":{"id":"uncommon","name":"Uncommon","text":"Up to 2 copies in a Palette.","kind":"rarity"},"rare":{"id":"rare","name":"Rare","text":"At most 4 Rares, each at most once, in a Palette.","kind":"rarity"},"legendary":{"id":"legendary","name":"Legendary","text":"At most 1 Legendary in a Palette.","kind":"rarity"}},"realm":{"emberwild":{"id":"emberwild","name":"Emberwild","text":"Fire and fury: RAGE, direct damage, HUNT.","kind":"realm"},"tidehollow":{"id":"tidehollow","name":"Tidehollow","text":"The deep sea: Drain, FREEZE, careful defence.","kind":"realm"},"stormreach":{"id":"stormreach","name":"Stormreach","text":"Dragons, Drakes and the Riders who MOUNT them.","kind":"realm"},"verdance":{"id":"verdance","name":"Verdance","text":"Wild creatures of many kinds: MENAGERIE.","kind":"realm"},"gloamfen":{"id":"gloamfen","name":"Gloamfen","text":"Achrom swamp-things: INFEST, RESTRAIN, DISPOSE.","kind":"realm"},"realmless":{"id":"realmless","name":"Realmless","text":"Fits in any Palette.","kind":"realm"}},"character_type":{"human":{"id":"human","name":"Human","text":"A Character type. MENAGERIE counts different types.","kind":"character_type"},"beast":{"id":"beast","name":"Beast","text":"A Character type. MENAGERIE counts different types.","kind":"character_type"},"spirit":{"id":"spirit","name":"Spirit","text":"A Character type. MENAGERIE counts different types.","kind":"character_type"},"dragon":{"id":"dragon","name":"Dragon","text":"A Character type. MENAGERIE counts different types; a Rider may MOUNT this type.","kind":"character_type"},"drake":{"id":"drake","name":"Drake","text":"A Character type. MENAGERIE counts different types; a Rider may MOUNT this type.","kind":"character_type"},"insect":{"id":"insect","name":"Insect","text":"A Character type. MENAGERIE counts different types.","kind":"character_type"},"construct":{"id":"construct","name":"Construct","text":"A Character type. MENAGERIE counts different types.","kind":"character_type"},"merfolk":{"id":"merfolk","name":"Merfolk","text":"A Character type. MENAGERIE counts different types.","kind":"character_type"}}}};

export const achromaSampleGame: Record<string, any> = {
 "active": 1,
 "first": 3,
 "turn": 23,
 "phase": "main",
 "deployed": 2,
 "traded": 2,
 "resolving": [],
 "promptKind": "react",
 "promptSeat": 3,
 "promptStep": "attack",
 "promptOptions": [
  "pass",
  "defend:p3c0"
 ],
 "combatAttacker": "",
 "combatDefender": "",
 "players": [
  {
   "seat": 0,
   "bank": 0,
   "out": true,
   "mulligan": "mulliganed",
   "handCount": 1,
   "paletteCount": 22,
   "dregs": [
    "p0c17:spark-burst",
    "p0c22:war-drums",
    "p0c26:cinder-rites",
    "p0c18:spark-burst",
    "p0c21:war-drums",
    "p0c12:blaze-raider",
    "p0c8:cinder-hound"
   ],
   "characters": [],
   "locations": []
  },
  {
   "seat": 1,
   "bank": 2,
   "out": false,
   "mulligan": "mulliganed",
   "handCount": 0,
   "paletteCount": 16,
   "dregs": [
    "p1c14:ember-brand",
    "p1c22:cinder-rites",
    "p1c0:ash-warden",
    "p1c11:blaze-raider",
    "p1c6:cinder-hound",
    "p1c9:flame-tender",
    "p1c17:spark-burst",
    "p1c5:ember-scout",
    "p1c7:cinder-hound"
   ],
   "characters": [
    {
     "uid": "p1c1",
     "def": "kiln-oracle",
     "owner": 1,
     "attachedTo": "",
     "role": "",
     "value": 3,
     "damage": 0,
     "strength": 2,
     "frozen": false,
     "attacksLeft": 1,
     "resolved": false,
     "secrets": 0,
     "cursed": false,
     "given": [],
     "copy": "",
     "gifts": [],
     "restrained": []
    },
    {
     "uid": "p1c27",
     "def": "iron-buckler",
     "owner": 1,
     "attachedTo": "p1c1",
     "role": "object",
     "value": 2,
     "damage": 0,
     "strength": 1,
     "frozen": false,
     "attacksLeft": 0,
     "resolved": false,
     "secrets": 0,
     "cursed": false,
     "given": [],
     "copy": "",
     "gifts": [],
     "restrained": []
    },
    {
     "uid": "p1c25",
     "def": "wandering-tinker",
     "owner": 1,
     "attachedTo": "",
     "role": "",
     "value": 2,
     "damage": 0,
     "strength": 1,
     "frozen": false,
     "attacksLeft": 1,
     "resolved": false,
     "secrets": 0,
     "cursed": false,
     "given": [],
     "copy": "",
     "gifts": [],
     "restrained": []
    }
   ],
   "locations": [
    {
     "uid": "p1c20",
     "def": "ashfall-market",
     "owner": 1,
     "attachedTo": "",
     "role": "",
     "value": 3,
     "damage": 0,
     "strength": 0,
     "frozen": false,
     "attacksLeft": 0,
     "resolved": false,
     "secrets": 0,
     "cursed": false,
     "given": [],
     "copy": "",
     "gifts": [],
     "restrained": []
    },
    {
     "uid": "p1c29",
     "def": "crossroads-inn",
     "owner": 1,
     "attachedTo": "",
     "role": "",
     "value": 2,
     "damage": 0,
     "strength": 0,
     "frozen": false,
     "attacksLeft": 0,
     "resolved": false,
     "secrets": 0,
     "cursed": false,
     "given": [],
     "copy": "",
     "gifts": [],
     "restrained": []
    }
   ]
  },
  {
   "seat": 2,
   "bank": 6,
   "out": false,
   "mulligan": "kept",
   "handCount": 1,
   "paletteCount": 16,
   "dregs": [
    "p2c28:frost-charm",
    "p2c10:tide-caller",
    "p2c0:tide-matriarch",
    "p2c24:call-the-deep",
    "p2c4:pearl-trident",
    "p2c19:riptide",
    "p2c18:tidal-gift",
    "p2c12:harbor-thief",
    "p2c14:coral-ward",
    "p2c2:brine-seer",
    "p2c9:tide-caller",
    "p2c6:kelp-runner"
   ],
   "characters": [],
   "locations": [
    {
     "uid": "p2c21",
     "def": "salt-bazaar",
     "owner": 2,
     "attachedTo": "",
     "role": "",
     "value": 2,
     "damage": 0,
     "strength": 0,
     "frozen": false,
     "attacksLeft": 0,
     "resolved": false,
     "secrets": 0,
     "cursed": false,
     "given": [],
     "copy": "",
     "gifts": [],
     "restrained": []
    }
   ]
  },
  {
   "seat": 3,
   "bank": 11,
   "out": false,
   "mulligan": "kept",
   "handCount": 2,
   "paletteCount": 16,
   "dregs": [
    "p3c29:old-map",
    "p3c2:eel-assassin",
    "p3c11:harbor-thief",
    "p3c13:coral-ward",
    "p3c12:coral-ward",
    "p3c17:tidal-gift",
    "p3c16:tidal-gift",
    "p3c18:riptide",
    "p3c9:tide-caller",
    "p3c27:iron-buckler"
   ],
   "characters": [
    {
     "uid": "p3c25",
     "def": "hired-blade",
     "owner": 3,
     "attachedTo": "",
     "role": "",
     "value": 4,
     "damage": 1,
     "strength": 2,
     "frozen": false,
     "attacksLeft": 1,
     "resolved": false,
     "secrets": 0,
     "cursed": false,
     "given": [],
     "copy": "",
     "gifts": [],
     "restrained": []
    },
    {
     "uid": "p3c0",
     "def": "reef-guardian",
     "owner": 3,
     "attachedTo": "",
     "role": "",
     "value": 5,
     "damage": 0,
     "strength": 2,
     "frozen": false,
     "attacksLeft": 1,
     "resolved": false,
     "secrets": 0,
     "cursed": false,
     "given": [],
     "copy": "",
     "gifts": [],
     "restrained": []
    }
   ],
   "locations": []
  }
 ],
 "unveiling": [],
 "reaction": {
  "seat": 1,
  "trigger": "attack",
  "action": "{\"type\":\"attack\",\"attacker\":\"p1c1\",\"defender\":\"p3c25\"}"
 },
 "deferred": [],
 "hunts": []
};

export const achromaSampleSecret: Record<string, any> = {
 "seat": 3,
 "hand": [
  "p3c3:brine-seer",
  "p3c10:harbor-thief"
 ],
 "options": [
  "pass",
  "defend:p3c0"
 ],
 "looking": []
};

export const achromaSampleSeats: BoardSeat[] = [{"seat":0,"name":"~Ash","connected":true,"acting":false,"bot":false},{"seat":1,"name":"~Birch","connected":true,"acting":false,"bot":false},{"seat":2,"name":"~Cedar","connected":true,"acting":false,"bot":false},{"seat":3,"name":"~Dune","connected":true,"acting":true,"bot":false}];

export const achromaSample: BoardProps = {
  game: achromaSampleGame,
  secret: achromaSampleSecret,
  seats: achromaSampleSeats,
  me: 3,
  cat: indexCatalog(achromaSampleCatalog),
};
