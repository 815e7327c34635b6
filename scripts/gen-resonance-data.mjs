#!/usr/bin/env node
/**
 * One-off generator for the Resonance card data (rules/resonance/data/*.ts).
 *
 *   node scripts/gen-resonance-data.mjs <path to resonance-rules.txt> [--check]
 *
 * Parses Appendix B (populated Faction Modules), C (keywords) and D (tags) of the rulebook and
 * writes rules/resonance/data/{keywords,tags,moduleSource}.ts. The rulebook lives outside the
 * repository; the generated files are committed and self-contained. With --check it only
 * prints the discrepancies it finds (template vs populated list, name vs printed id).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const src = process.argv[2];
if (!src) {
  process.stderr.write("usage: gen-resonance-data.mjs <resonance-rules.txt> [--check]\n");
  process.exit(2);
}
const checkOnly = process.argv.includes("--check");
const outDir = join(dirname(fileURLToPath(import.meta.url)), "..", "rules", "resonance", "data");
const lines = readFileSync(src, "utf8").split("\n");

const idx = (re) => lines.findIndex((l) => re.test(l));
const cStart = idx(/^APPENDIX C: KEYWORD LIST/);
const dStart = idx(/^APPENDIX D: TAG DEFINITIONS/);
const eStart = idx(/^APPENDIX E:/);
const bStart = idx(/^Populated Faction Modules/);

// ---------- Appendix C ----------
const keywords = [];
for (let i = cStart + 1; i < dStart; i++) {
  const raw = lines[i];
  const m = raw.match(/^\s*•\s*(\d)\.(\d)\s+([A-Za-z-]+):\s*(.*)$/);
  if (m) {
    keywords.push({ id: `${m[1]}.${m[2]}`, name: m[3], color: +m[1], category: +m[2], text: m[4].trim() });
    continue;
  }
  const b = raw.match(/^\s*•\s*(.*)$/);
  if (b && keywords.length) keywords[keywords.length - 1].text += `\n• ${b[1].trim()}`;
}

// ---------- Appendix D ----------
const tags = [];
for (let i = dStart + 1; i < eStart; i++) {
  const m = lines[i].match(/^\s*\d+\.\s+([A-Za-z]+) Tag:\s*(.*)$/);
  if (m) tags.push({ name: m[1], text: m[2].trim() });
}
const dHeader = lines[dStart];
const tagIds = new Map();
for (const m of dHeader.matchAll(/([A-Za-z]+) Tag \((\d\.\d)\)/g)) tagIds.set(m[1], m[2]);

// ---------- Appendix B ----------
const byName = new Map(keywords.map((k) => [k.name.toLowerCase(), k]));
const COLORS = ["Null", "Silver", "Yellow", "Green", "Black", "Orange", "White", "Red", "Blue", "Purple"];
const modules = [];
const notes = [];
for (let i = bStart + 1; i < cStart; i++) {
  const l = lines[i];
  const h = l.match(/^(\d+)\.\s+(Module|Faction):\s*(.*?)\s+\*\s+(.*)$/);
  if (!h) continue;
  const number = +h[1];
  let name, template, colors;
  if (h[2] === "Module") {
    name = h[3].trim();
    const [col, tpl] = name.split(" ");
    colors = [COLORS.indexOf(col)];
    template = tpl.toLowerCase();
  } else {
    const fm = h[3].match(/^(\w+)\/(\w+) \(C1-P\/C2-S\) (Complementary|Opposed)$/);
    colors = [COLORS.indexOf(fm[1]), COLORS.indexOf(fm[2])];
    template = fm[3].toLowerCase();
    name = `${fm[1]}/${fm[2]} ${fm[3]}`;
  }
  const rows = h[4].split(/\s+\*\s+/).map((r) => {
    const rm = r.match(/^(Animation \(P(\d)\/F(\d)\)|Item \(Cost (\d)\)):+\s*(.*)$/);
    if (!rm) throw new Error(`module ${number}: cannot parse row ${r}`);
    const list = rm[5].trim();
    if (list === "(None)") return { label: rm[1], ids: [] };
    const ids = list.split(/,\s*/).map((entry) => {
      const em = entry.trim().match(/^([A-Za-z-]+)(?:\s*\((\d\.\d)\))?$/);
      if (!em) throw new Error(`module ${number}: cannot parse entry ${entry}`);
      const k = byName.get(em[1].toLowerCase());
      if (!k) {
        notes.push(`module ${number} ${rm[1]}: unknown keyword ${em[1]}`);
        return null;
      }
      if (em[2] && em[2] !== k.id) notes.push(`module ${number} ${rm[1]}: ${em[1]} printed as (${em[2]}) but Appendix C has ${k.id}`);
      return k.id;
    });
    return { label: rm[1], ids: ids.filter(Boolean) };
  });
  if (rows.length !== 10) throw new Error(`module ${number}: ${rows.length} rows`);
  modules.push({ number, name, template, colors, rows });
}

// Template category patterns (Appendix B "Faction Module Templates"); side 0 = C1, 1 = C2.
const TPL = {
  paragon: [[0, 1], [2], [3, 7], [], [4, 5, 6], [8, 9], [4], [5], [1, 2, 3], [6, 7, 8]],
  fallen: [[0, 1], [0, 1, 2], [3, 4], [], [6, 7, 8], [5, 9], [0, 5], [4, 1], [2, 3, 4], [5, 6, 7]],
  ascendant: [[0, 2], [8], [3, 6], [], [2, 7, 8], [1, 9], [7], [0, 8], [3, 4, 5], [1, 6, 9]],
  complementary: [["1.1", "1.2"], ["2.3"], ["1.4", "2.7"], [], ["1.5", "2.6", "1.8"], ["1.1", "2.9"], ["1.4"], ["2.5"], ["1.2", "2.3", "1.6"], ["2.7", "1.8", "2.9"]],
  opposed: [["1.0", "2.1"], ["1.8"], ["2.3", "1.5"], [], ["2.2", "1.6", "2.7"], ["1.0", "2.9"], ["1.0"], ["2.7"], ["1.1", "2.4", "1.5"], ["2.3", "1.6", "2.8"]],
};
const deviations = [];
for (const m of modules) {
  m.rows.forEach((r, slot) => {
    const pat = TPL[m.template][slot];
    const expected = pat.map((p) => (typeof p === "number" ? `${m.colors[0]}.${p}` : `${m.colors[+p[0] - 1]}.${p[2]}`));
    const same = expected.length === r.ids.length && expected.every((e, j) => e === r.ids[j]);
    if (!same) deviations.push({ module: m.number, name: m.name, slot, label: r.label, expected, printed: r.ids });
  });
}

if (checkOnly) {
  console.log(JSON.stringify({ keywords: keywords.length, tags: tags.length, modules: modules.length, notes, deviations }, null, 1));
  process.exit(0);
}

const header = (what) => `/**\n * ${what}\n * GENERATED by scripts/gen-resonance-data.mjs from the rulebook; edit the rulebook parse, not this file.\n */\n`;
const q = (s) => JSON.stringify(s);

let kw = header('Resonance keywords, Appendix C (100 keywords, ids "C.D"). Texts are the rulebook\'s, verbatim.');
kw += `import type { KeywordDef } from "./types.ts";\n\nexport const KEYWORDS: readonly KeywordDef[] = Object.freeze([\n`;
for (const k of keywords) {
  const tag = k.category === 4 || k.category === 5 ? q(k.id) : "null";
  kw += `  { id: ${q(k.id)}, name: ${q(k.name)}, color: ${k.color}, category: ${k.category}, tag: ${tag},\n    text: ${q(k.text)} },\n`;
}
kw += `] satisfies KeywordDef[]);

const BY_ID: ReadonlyMap<string, KeywordDef> = new Map(KEYWORDS.map((k) => [k.id, k]));
const BY_NAME: ReadonlyMap<string, KeywordDef> = new Map(KEYWORDS.map((k) => [k.name.toLowerCase(), k]));

/** The keyword with this id ("C.D"), or undefined. */
export function keywordById(id: string): KeywordDef | undefined {
  return BY_ID.get(id);
}

/** The keyword with this name (case-insensitive, as printed in Appendix B/C), or undefined. */
export function keywordByName(name: string): KeywordDef | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}
`;
writeFileSync(join(outDir, "keywords.ts"), kw);

let tg = header("Resonance tags, Appendix D (20 tags). Texts are the rulebook's, verbatim.");
tg += `import type { TagDef } from "./types.ts";\n\nexport const TAGS: readonly TagDef[] = Object.freeze([\n`;
for (const t of tags) {
  const id = tagIds.get(t.name);
  if (!id) throw new Error(`tag ${t.name} has no id in the classification list`);
  const kind = id.endsWith(".4") ? "boost" : "status";
  tg += `  { id: ${q(id)}, name: ${q(`${t.name} Tag`)}, kind: ${q(kind)},\n    text: ${q(t.text)} },\n`;
}
tg += `] satisfies TagDef[]);

const BY_ID: ReadonlyMap<string, TagDef> = new Map(TAGS.map((t) => [t.id, t]));

/** The tag applied by keyword \`id\` (a #.4 or #.5 keyword id), or undefined. */
export function tagById(id: string): TagDef | undefined {
  return BY_ID.get(id);
}
`;
writeFileSync(join(outDir, "tags.ts"), tg);

let ms = header('Resonance Faction Modules, Appendix B "Populated Faction Modules", as printed: one keyword-id list per template row.');
ms += `import type { Color, FactionTemplate, KeywordId } from "./types.ts";\n\n`;
ms += `export interface ModuleSource {\n  number: number;\n  name: string;\n  template: FactionTemplate;\n  colors: readonly Color[];\n  /** The 10 rows in template order (6 Animation rows, 4 Item rows); the P4/F5 row is printed "(None)". */\n  rows: readonly (readonly KeywordId[])[];\n}\n\n`;
ms += `export const MODULE_SOURCE: readonly ModuleSource[] = [\n`;
for (const m of modules) {
  ms += `  { number: ${m.number}, name: ${q(m.name)}, template: ${q(m.template)}, colors: [${m.colors.join(", ")}],\n    rows: [${m.rows.map((r) => `[${r.ids.map(q).join(", ")}]`).join(", ")}] },\n`;
}
ms += `];\n`;
writeFileSync(join(outDir, "moduleSource.ts"), ms);
process.stdout.write(`wrote ${keywords.length} keywords, ${tags.length} tags, ${modules.length} modules; ${deviations.length} template deviations, ${notes.length} notes\n`);
