import { describe, expect, it } from "vitest";
import { ConfigError, DEV_JWT_SECRET, loadConfig } from "./config.ts";

describe("configuration from the environment", () => {
  it("has sane defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 2567, databaseUrl: undefined, dataDir: "./data", promptTimeoutMs: 60_000, logLevel: "info" });
  });

  it("reads and coerces values; empty strings count as unset", () => {
    const c = loadConfig({ PORT: "3000", DATABASE_URL: "postgres://u@h:5432/db", RECONNECT_GRACE_S: "5", LOG_LEVEL: "" });
    expect(c).toMatchObject({ port: 3000, databaseUrl: "postgres://u@h:5432/db", reconnectGraceS: 5, logLevel: "info" });
  });

  it("reports every bad value at once, each with what was wrong", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud", DB_POOL_SIZE: "0" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.join("\n")).toMatch(/PORT="eighty"/);
    expect(problems.join("\n")).toMatch(/DATABASE_URL="mysql:\/\/x": must be a postgres/);
    expect(problems.join("\n")).toMatch(/LOG_LEVEL="loud"/);
    expect(problems.join("\n")).toMatch(/DB_POOL_SIZE="0"/);
  });
});

describe("auth configuration", () => {
  it("has no JWT_SECRET by default (DATA_DIR/jwt-secret is used), a one-hour token TTL and the auth limits", () => {
    const c = loadConfig({});
    expect(c.jwtSecret).toBeUndefined();
    expect(c).toMatchObject({
      tokenTtlS: 3600,
      loginMaxFailures: 5,
      loginWindowS: 900,
      loginMaxFailuresPerIp: 30,
      registerPerIpPerHour: 20,
      guestPerIpPerMinute: 30,
    });
    expect(() => loadConfig({ REGISTER_PER_IP_PER_HOUR: "0" })).toThrow(/REGISTER_PER_IP_PER_HOUR/);
  });

  it("refuses the public development JWT_SECRET when NODE_ENV=production, and short secrets anywhere", () => {
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: DEV_JWT_SECRET })).toThrow(/JWT_SECRET: the public development secret/);
    expect(loadConfig({ NODE_ENV: "production" }).jwtSecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "production", JWT_SECRET: "x".repeat(32) }).jwtSecret).toBe("x".repeat(32));
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET="short": must be at least 32/);
    expect(() => loadConfig({ TOKEN_TTL_S: "5" })).toThrow(/TOKEN_TTL_S/);
  });
});

describe("ranked matchmaking configuration", () => {
  it("gives matched players 15 s to join, cools no-shows down for 60 s, groups every second", () => {
    expect(loadConfig({})).toMatchObject({ rankedJoinTimeoutS: 15, rankedNoShowCooldownS: 60, queueTickMs: 1000 });
    expect(loadConfig({ RANKED_JOIN_TIMEOUT_S: "3", RANKED_NO_SHOW_COOLDOWN_S: "0", QUEUE_TICK_MS: "50" })).toMatchObject({
      rankedJoinTimeoutS: 3,
      rankedNoShowCooldownS: 0,
      queueTickMs: 50,
    });
    expect(() => loadConfig({ RANKED_JOIN_TIMEOUT_S: "0" })).toThrow(/RANKED_JOIN_TIMEOUT_S/);
  });
});

describe("front door configuration", () => {
  it("limits bodies to 16 KiB and caps rooms and connections generously by default; trusts no proxy", () => {
    expect(loadConfig({})).toMatchObject({
      maxBodyBytes: 16_384,
      trustProxyHops: 0,
      roomsPerMinutePerIp: 60,
      joinsByIdPerMinutePerIp: 120,
      pendingJoinsPerIp: 16,
      maxRooms: 2000,
      maxConnectionsPerIp: 200,
      maxConnections: 5000,
    });
  });

  it("reads TRUST_PROXY as a hop count (true = 1, false = 0), 0 as no cap, and refuses bad values by name", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "2", MAX_ROOMS: "0", MAX_CONNECTIONS_PER_IP: "0" })).toMatchObject({ trustProxyHops: 2, maxRooms: 0, maxConnectionsPerIp: 0 });
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY="yes"/);
    expect(() => loadConfig({ MAX_BODY_BYTES: "10" })).toThrow(/MAX_BODY_BYTES="10"/);
    expect(() => loadConfig({ ROOMS_PER_MINUTE_PER_IP: "-1" })).toThrow(/ROOMS_PER_MINUTE_PER_IP/);
  });
});
