/**
 * The import graph of the product code, checked: no cycles, and each layer imports only
 * downward (docs/architecture.md):
 *
 *   rules/core  <-  rules/<game>  <-  rules/games.ts  <-  match/  <-  rooms/ , server/  <-  composition root  <-  web (types)
 *
 * - rules/core imports only rules/core; a game's rules only rules/core and itself (no I/O anywhere in rules/);
 * - rules/games.ts, the games list, imports only each game's manifest (plain data);
 * - match/ imports rules/ and match/; rooms/ imports rules/, match/ and rooms/;
 * - server/ knows no game: rules/core, match/ and server/ only;
 * - the composition roots may import any layer: server/app.ts and server/main.ts (the
 *   process), rooms/replayWorker.ts (the replay worker thread's entry: the games plus the
 *   server's worker loop) and rooms/client.ts (the client typings: the wire types of every layer);
 * - web/src imports web/src, and from the server only the client typings (rooms/client.ts)
 *   and the games list (rules/games.ts), and what they need.
 * Type-only imports count: a cycle of types is still a tangle a reader must hold in mind.
 *
 * `node --import tsx scripts/check-imports.ts` prints every cycle and every import against the
 * layer order, and exits 1 if there is any. Tests and benchmarks are not product code.
 */
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");
export const PRODUCT = ["rules", "match", "rooms", "server", "web/src"];
const ROOTS = new Set(["server/app.ts", "server/main.ts", "rooms/replayWorker.ts", "rooms/client.ts"]);
/** What the web client may take from the server side: its typings, and what they import. */
const WEB_MAY_IMPORT = ["rooms/client.ts", "rules/games.ts"];

type Layer = "rules/core" | "rules/game" | "rules/games" | "match" | "rooms" | "server" | "root" | "web";

function layerOf(file: string): Layer {
  if (ROOTS.has(file)) return "root";
  if (file.startsWith("rules/core/")) return "rules/core";
  if (file === "rules/games.ts") return "rules/games";
  if (file.startsWith("rules/")) return "rules/game";
  if (file.startsWith("match/")) return "match";
  if (file.startsWith("rooms/")) return "rooms";
  if (file.startsWith("server/")) return "server";
  return "web";
}

const MAY: Record<Layer, readonly Layer[]> = {
  "rules/core": ["rules/core"],
  "rules/game": ["rules/core", "rules/game"],
  "rules/games": ["rules/core", "rules/game"],
  match: ["rules/core", "rules/game", "rules/games", "match"],
  rooms: ["rules/core", "rules/game", "rules/games", "match", "rooms"],
  server: ["rules/core", "match", "server"],
  root: ["rules/core", "rules/game", "rules/games", "match", "rooms", "server", "root"],
  web: ["web"],
};

const isTest = (f: string) => /\.test\.tsx?$/.test(f) || /(^|\/)(testkit|fuzzkit|fuzzSuite|testing)\.ts$/.test(f);

/** The product source files under `roots` (tests and test helpers left out), relative to the repository. */
export function productFiles(roots: readonly string[] = PRODUCT): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = join(ROOT, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isFile()) {
      if (/\.tsx?$/.test(rel) && !rel.endsWith(".d.ts") && !isTest(rel)) out.push(rel);
      return;
    }
    for (const name of readdirSync(abs)) if (name !== "node_modules" && name !== "dist") walk(`${rel}/${name}`);
  };
  roots.forEach(walk);
  return out.sort();
}

/** The product files `file` imports (relative specifiers only; packages are not layers). */
function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(ROOT, file), "utf8"), true, true);
  const out: string[] = [];
  for (const ref of info.importedFiles) {
    if (!ref.fileName.startsWith(".")) continue;
    const target = relative(ROOT, resolve(ROOT, dirname(file), ref.fileName));
    const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`];
    const found = candidates.find((c) => existsSync(join(ROOT, c)) && statSync(join(ROOT, c)).isFile());
    if (found && /\.tsx?$/.test(found)) out.push(found);
  }
  return out;
}

export interface ImportReport {
  files: number;
  cycles: string[][];
  violations: string[];
}

export function checkImports(): ImportReport {
  const files = productFiles();
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => !isTest(t))]));
  const violations: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    for (const target of targets) {
      const to = layerOf(target);
      const gameOf = (f: string) => f.split("/")[1];
      if (from === "web") {
        if (to !== "web" && !reachableFrom(WEB_MAY_IMPORT, graph).has(target)) violations.push(`${file} -> ${target} (web takes only the client typings from the server)`);
        continue;
      }
      if (!MAY[from].includes(to)) violations.push(`${file} -> ${target} (${from} may not import ${to})`);
      else if (from === "rules/games" && !/^rules\/[a-z0-9]+\/manifest\.ts$|^rules\/core\/manifest\.ts$/.test(target)) violations.push(`${file} -> ${target} (the games list reads only manifests)`);
      else if (from === "rules/game" && to === "rules/game" && gameOf(file) !== gameOf(target)) violations.push(`${file} -> ${target} (one game's rules import another's)`);
    }
  }
  return { files: files.length, cycles: cyclesOf(graph), violations };
}

function reachableFrom(starts: readonly string[], graph: Map<string, string[]>): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...(graph.get(f) ?? []));
  }
  return seen;
}

/** Every strongly connected component of more than one file (or a file importing itself), as a cycle to show. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  const strong = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) strong(v);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = checkImports();
  for (const cycle of report.cycles) console.log(`cycle: ${cycle.join(" <-> ")}`);
  for (const v of report.violations) console.log(`layer: ${v}`);
  console.log(`${report.files} product files: ${report.cycles.length} cycles, ${report.violations.length} imports against the layer order`);
  process.exit(report.cycles.length + report.violations.length > 0 ? 1 : 0);
}
