/**
 * The token signing secret (server/auth/secret.ts): JWT_SECRET when configured; otherwise a
 * random secret generated once into DATA_DIR/jwt-secret (0600, created atomically, the same
 * for racing processes) and reused on later starts. The public development secret is never
 * used unless configured explicitly.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken, verifyToken } from "../server/auth/tokens.ts";
import { startServer } from "../server/app.ts";
import { DEV_JWT_SECRET, loadConfig } from "../server/config.ts";
import { silentLogger } from "../server/log.ts";
import { highCardBinding } from "./fixtures/highcard.ts";
import { accountsApi } from "./support/accountsApi.ts";
import { startTestServer, type TestServer } from "./support/testServer.ts";

/** A pino logger writing its JSON lines into `lines`. */
function capturingLogger() {
  const lines: any[] = [];
  const log = pino({ level: "debug" }, { write: (s: string) => void lines.push(JSON.parse(s)) });
  return { log, lines, text: () => lines.map((l) => JSON.stringify(l)).join("\n") };
}

const dirs: string[] = [];
function freshDir(): string {
  const d = mkdtempSync(join(tmpdir(), "jwt-secret-test-"));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const secretModule = () => import("../server/auth/secret.ts");

describe("resolveJwtSecret", () => {
  it("uses JWT_SECRET when configured, logs the source (never the secret), writes no file", async () => {
    const { resolveJwtSecret } = await secretModule();
    const dir = freshDir();
    const cap = capturingLogger();
    const configured = "a-configured-secret-of-more-than-32-chars";
    expect(await resolveJwtSecret({ configured, dataDir: dir, log: cap.log })).toBe(configured);
    expect(readdirSync(dir)).toEqual([]);
    expect(cap.text()).toMatch(/"source":"env"/);
    expect(cap.text()).not.toContain(configured);
  });

  it("without JWT_SECRET: generates a random secret into DATA_DIR/jwt-secret (0600), reuses it on later starts", async () => {
    const { resolveJwtSecret } = await secretModule();
    const dir = join(freshDir(), "not-yet-created");
    const cap = capturingLogger();
    const first = await resolveJwtSecret({ configured: undefined, dataDir: dir, log: cap.log });
    expect(first).toMatch(/^[A-Za-z0-9_-]{43,}$/); // 32+ random bytes, base64url
    expect(first).not.toBe(DEV_JWT_SECRET);
    const file = join(dir, "jwt-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["jwt-secret"]); // no temporary file left behind
    expect(cap.text()).toContain(file);
    expect(cap.text()).not.toContain(first);
    // A later start reads the same secret back: tokens survive restarts.
    expect(await resolveJwtSecret({ configured: undefined, dataDir: dir, log: silentLogger })).toBe(first);
    // Another data dir, another secret.
    expect(await resolveJwtSecret({ configured: undefined, dataDir: freshDir(), log: silentLogger })).not.toBe(first);
  });

  it("racing starts on one DATA_DIR all end with the secret that is in the file", async () => {
    const { resolveJwtSecret } = await secretModule();
    const dir = freshDir();
    const secrets = await Promise.all(Array.from({ length: 12 }, () => resolveJwtSecret({ configured: undefined, dataDir: dir, log: silentLogger })));
    const inFile = readFileSync(join(dir, "jwt-secret"), "utf8").trim();
    expect(new Set(secrets)).toEqual(new Set([inFile]));
    expect(readdirSync(dir)).toEqual(["jwt-secret"]);
  });

  it("refuses an unusable secret file instead of replacing it (tokens would silently change)", async () => {
    const { resolveJwtSecret } = await secretModule();
    const dir = freshDir();
    writeFileSync(join(dir, "jwt-secret"), "short\n", { mode: 0o600 });
    await expect(resolveJwtSecret({ configured: undefined, dataDir: dir, log: silentLogger })).rejects.toThrow(/jwt-secret.*32/);
    expect(readFileSync(join(dir, "jwt-secret"), "utf8")).toBe("short\n");
  });

  it("NODE_ENV=production may use the generated file, with a warning that several processes must share JWT_SECRET", async () => {
    const { resolveJwtSecret } = await secretModule();
    const cap = capturingLogger();
    await resolveJwtSecret({ configured: undefined, dataDir: freshDir(), log: cap.log, production: true });
    const warning = cap.lines.find((l) => l.level === 40);
    expect(warning?.msg).toMatch(/JWT_SECRET/);
    expect(warning?.msg).toMatch(/process/);
  });
});

describe("configuration", () => {
  it("JWT_SECRET has no built-in default any more; production starts without it; the public dev value is refused there", () => {
    expect(loadConfig({}).jwtSecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "production" }).jwtSecret).toBeUndefined();
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: DEV_JWT_SECRET })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET="short": must be at least 32/);
  });
});

describe("a server started without JWT_SECRET", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ bindings: [highCardBinding] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses tokens signed with the public development secret", async () => {
    const api = accountsApi(t.url);
    const reg = await api.register("dev_secret_victim", "a fine password");
    expect(reg.status).toBe(201);
    const forged = await issueToken(DEV_JWT_SECRET, { playerId: reg.body.player.id, username: "dev_secret_victim", guest: false }, 3600);
    const r = await api.me(forged);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe("invalid_token");
  });

  it("signs with the secret kept in DATA_DIR/jwt-secret, so its tokens survive a restart on the same DATA_DIR", async () => {
    const api = accountsApi(t.url);
    const reg = await api.register("survivor", "a fine password");
    const fileSecret = readFileSync(join(t.dataDir, "jwt-secret"), "utf8").trim();
    expect((await verifyToken(fileSecret, reg.body.token)).playerId).toBe(reg.body.player.id);
    // A second server process on the same DATA_DIR and database accepts the first one's token.
    const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: t.dataDir });
    const second = await startServer({ config, log: silentLogger, sql: t.sql, bindings: [highCardBinding], spoolDir: join(t.dataDir, `spool-${randomUUID()}`) });
    try {
      const r = await accountsApi(second.url).me(reg.body.token);
      expect(r.status).toBe(200);
      expect(r.body.player.id).toBe(reg.body.player.id);
    } finally {
      await second.shutdown();
    }
  });
});
