/**
 * History queries at scale: 100,000 stored matches, `GET /api/matches?player=` p50/p99,
 * against `GET /health` (one `select 1` through the same stack) in the same run.
 */
import type { Sql } from "postgres";
import { summarize } from "./stats.ts";

const PLAYERS = 2000;

export async function seedMatches(sql: Sql, count: number): Promise<string[]> {
  await sql`insert into players (id, name, kind)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'bench-' || g, 'bot'
    from generate_series(1, ${PLAYERS}) g on conflict do nothing`;
  const chunk = 20_000;
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    await sql.begin(async (tx) => {
      await tx`create temp table if not exists bench_new (n int, id uuid, ended timestamptz) on commit drop`;
      await tx`insert into bench_new select g, gen_random_uuid(), now() - make_interval(secs => g * 7)
        from generate_series(${from}::int, ${to}::int) g`;
      await tx`insert into matches (id, game, mode, config, seats, seed, seed_hash, version, started_at, ended_at, outcome)
        select id, 'solrei', 'casual', '{}'::jsonb, '[]'::jsonb, 'bench', 'bench', '1.0.0', ended - interval '10 minutes', ended,
               '{"ranks":[1,2],"reason":"bench"}'::jsonb from bench_new`;
      await tx`insert into match_players (match_id, seat, player_id, name, rank, game, ended_at)
        select id, s, ('00000000-0000-4000-8000-' || lpad(to_hex(((n * 7 + s * 13) % ${PLAYERS}) + 1), 12, '0'))::uuid,
               'bench', s + 1, 'solrei', ended
        from bench_new cross join generate_series(0, 1) s`;
    });
  }
  await sql`analyze`;
  return Array.from({ length: PLAYERS }, (_, i) => `00000000-0000-4000-8000-${(i + 1).toString(16).padStart(12, "0")}`);
}

export async function historyLatency(baseUrl: string, players: string[], requests: number) {
  const timed = async (path: string) => {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${path}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} -> ${res.status}`);
    return performance.now() - t0;
  };
  // Warm up connections and caches for both endpoints.
  for (let i = 0; i < 50; i++) {
    await timed("/health");
    await timed(`/api/matches?player=${players[i]}&limit=20`);
  }
  const history: number[] = [];
  const health: number[] = [];
  for (let i = 0; i < requests; i++) {
    health.push(await timed("/health"));
    history.push(await timed(`/api/matches?player=${players[(i * 31) % players.length]}&limit=20`));
  }
  return { history: summarize(history), health: summarize(health) };
}
