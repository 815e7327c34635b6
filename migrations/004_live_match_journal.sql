-- The journal of live matches: a match's header at its start, then every applied decision,
-- appended before the room tells anyone about it. The engines are deterministic, so seed +
-- decisions rebuild any match exactly: a process that dies (kill -9, a crash) or stops (a
-- deploy) loses no match; it is resumed from here, by the same process when it comes back or
-- by another one of the cluster. The finished match is stored (matches, replay) and its live
-- rows deleted in ONE transaction, so "finished but not stored" cannot be lost either.
-- Runs on PostgreSQL 15..18 and PGlite.
create table live_matches (
  id           uuid primary key,
  room_id      text not null,
  -- the room type (game) that resumes it
  room_name    text not null,
  -- processes sharing Redis take each other's matches over; '' = a process on its own
  cluster      text not null default '',
  -- the server instance that runs it (DATA_DIR/instance-id); only it, or a taker-over, resumes it
  owner        text not null,
  -- game, version, mode, config, seat set-ups, seed, players, bots, clock settings, start time (JSON text)
  header       text not null,
  -- per seat: the Colyseus session id and reconnection token of its client, so a client can
  -- reconnect to the resumed room with the standard reconnection (JSON text)
  links        text not null default '{}',
  -- a graceful stop handed it over at this time (the turn clocks paused then)
  suspended_at timestamptz,
  -- a resume that failed for good (rebuilt state differs from a journaled hash...): never retried
  failure      text,
  created_at   timestamptz not null default now()
);
create index live_matches_owner_idx on live_matches (cluster, owner);

create table live_steps (
  match_id uuid not null references live_matches (id) on delete cascade,
  -- 1-based position in the journal
  n        int not null,
  -- 'act': a decision applied by the engine; 'abandon': a ranked seat left for good
  kind     text not null check (kind in ('act', 'abandon')),
  seat     int not null,
  -- the parsed action as JSON text (null for an abandon)
  action   text,
  -- ms since the match started
  at       int not null,
  -- the engine's default, applied for a seat whose time ran out
  auto     boolean not null default false,
  -- sha256 of the state after this step, every JOURNAL_CHECKPOINT_EVERY decisions
  hash     text,
  primary key (match_id, n)
);

-- Liveness of server instances: a cluster member whose heartbeat is older than
-- TAKEOVER_AFTER_MS is dead, and its matches are resumed by another.
create table server_instances (
  id           text primary key,
  cluster      text not null default '',
  heartbeat_at timestamptz not null default now(),
  started_at   timestamptz not null default now()
);
