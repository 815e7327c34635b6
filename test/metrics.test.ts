/**
 * GET /metrics (server/metrics): behind METRICS_TOKEN on the main port, in Prometheus' text
 * format as `promtool check metrics` (Debian's prometheus package) accepts it, with the
 * catalogue's series present and no unbounded label; and a real Prometheus scraping the
 * running server with that bearer token, a decision counter queried back through its HTTP API.
 * promtool and prometheus are skipped when missing, unless REQUIRE_PROMETHEUS is set (CI).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solreiBinding } from "../rooms/solrei/binding.ts";
import { sampleSeatConfig } from "../rules/solrei/index.ts";
import { playBotMatch } from "./support/botMatch.ts";
import { freePort } from "./support/serverProcess.ts";
import { startTestServer, waitFor, type TestServer } from "./support/testServer.ts";

const PROMTOOL = process.env.PROMTOOL_PATH ?? "/usr/bin/promtool";
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? "/usr/bin/prometheus";
const havePrometheus = existsSync(PROMTOOL) && existsSync(PROMETHEUS);
if (!havePrometheus) {
  const why = `no ${PROMTOOL} / ${PROMETHEUS} (apt-get install prometheus)`;
  if (process.env.REQUIRE_PROMETHEUS) throw new Error(`the metrics tests need Prometheus: ${why}`);
  console.warn(`Prometheus checks skipped: ${why}`);
}

const TOKEN = "metrics-test-token-0123456789";

describe("GET /metrics", () => {
  let t: TestServer;
  let text = "";

  beforeAll(async () => {
    t = await startTestServer({ bindings: [solreiBinding], env: { METRICS_TOKEN: TOKEN, PROMPT_TIMEOUT_MS: "0" } });
    // One whole match: decisions, act -> patch times, a started and an ended match, journal commits.
    await playBotMatch(t, "solrei", { config: {}, seats: [sampleSeatConfig(0), sampleSeatConfig(1)], names: ["M0", "M1"], seedPrefix: "metrics" });
    await waitFor(async () => (await scrape()).includes("tabletop_matches_stored_total{server="), "the match stored");
    // Counted by route pattern, never by the path asked for.
    expect((await fetch(`${t.url}/api/matches/${randomUUID()}`)).status).toBe(404);
    text = await scrape();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  async function scrape(token = TOKEN): Promise<string> {
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    return res.status === 200 ? res.text() : `HTTP ${res.status}`;
  }

  it("needs the bearer token: none or a wrong one is 401", async () => {
    expect((await fetch(`${t.url}/metrics`)).status).toBe(401);
    expect(await scrape("wrong-token-wrong-token-wrong")).toBe("HTTP 401");
  });

  it("has the catalogue's series, each labelled with the process, none with an id or a name", () => {
    for (const name of [
      "tabletop_clients",
      "tabletop_rooms",
      "tabletop_decisions_total",
      "tabletop_bot_decisions_total",
      "tabletop_act_to_patch_seconds",
      "tabletop_matches_started_total",
      "tabletop_matches_ended_total",
      "tabletop_journal_durable_seconds",
      "tabletop_queue_players",
      "tabletop_matches_stored_total",
      "tabletop_dead_letters_total",
      "tabletop_refusals_total",
      "tabletop_http_requests_total",
      "tabletop_db_up",
      "tabletop_db_pool_size",
      "tabletop_draining",
      "nodejs_eventloop_lag_p99_seconds",
      "nodejs_gc_duration_seconds",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} (counter|gauge|histogram)$`, "m"));
    }
    expect(text).toMatch(/^tabletop_act_to_patch_seconds_count\{server="[^"]+",game="solrei"\} [1-9]\d*$/m);
    expect(text).toMatch(/^tabletop_decisions_total\{game="solrei",server="[^"]+"\} [1-9]\d*$/m);
    expect(text).toMatch(/^tabletop_matches_ended_total\{[^}]*end="finished"[^}]*\} 1$/m);
    expect(text).toMatch(/^tabletop_http_requests_total\{method="GET",route="\/api\/matches\/:id",status="404"[^}]*\} 1$/m);
    // Bounded labels: no uuid, room id or player name anywhere in a label value.
    const labelValues = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1]!);
    const server = /server="([^"]+)"/.exec(text)![1]!;
    for (const v of labelValues.filter((value) => value !== server)) {
      expect(v).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/i);
      expect(v).not.toMatch(/^M[01]$/);
    }
  });

  it.skipIf(!havePrometheus)("promtool check metrics accepts the exposition", () => {
    const run = spawnSync(PROMTOOL, ["check", "metrics"], { input: text, encoding: "utf8" });
    expect(`${run.stdout}${run.stderr}`.trim()).toBe("");
    expect(run.status).toBe(0);
  });

  it.skipIf(!havePrometheus)(
    "a real Prometheus scrapes the server with the token and answers a query about it",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "tt-prometheus-"));
      const port = await freePort();
      const target = new URL(t.url).host;
      writeFileSync(
        join(dir, "prometheus.yml"),
        [
          "global:",
          "  scrape_interval: 1s",
          "scrape_configs:",
          "  - job_name: tabletop",
          "    authorization:",
          `      credentials: ${TOKEN}`,
          "    static_configs:",
          `      - targets: ["${target}"]`,
        ].join("\n"),
      );
      const prometheus: ChildProcess = spawn(PROMETHEUS, [`--config.file=${join(dir, "prometheus.yml")}`, `--storage.tsdb.path=${join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`], {
        stdio: ["ignore", "ignore", "pipe"],
      });
      let log = "";
      prometheus.stderr!.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
      try {
        const query = `tabletop_decisions_total{game="solrei"}`;
        const result = await waitFor(
          async () => {
            const res = await fetch(`http://127.0.0.1:${port}/api/v1/query?query=${encodeURIComponent(query)}`).catch(() => null);
            if (!res?.ok) return null;
            const body = (await res.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
            return body.data.result[0] ?? null;
          },
          `Prometheus to answer ${query} (its log: ${log})`,
          60_000,
        );
        expect(result.metric).toMatchObject({ job: "tabletop", game: "solrei", instance: target });
        expect(result.metric.server).toBeTruthy();
        expect(Number(result.value[1])).toBeGreaterThan(0);
      } finally {
        prometheus.kill("SIGTERM");
        await new Promise((resolve) => (prometheus.exitCode !== null ? resolve(null) : prometheus.once("exit", resolve)));
        rmSync(dir, { recursive: true, force: true });
      }
    },
    90_000,
  );
});
