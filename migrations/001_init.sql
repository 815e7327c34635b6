-- Players, finished matches, their seats, replays and ratings.
-- Runs on PostgreSQL 15..18 and PGlite (no extensions: ids come from the application).

create table players (
  id         uuid primary key,
  name       text not null,
  kind       text not null default 'guest' check (kind in ('guest', 'account', 'bot')),
  created_at timestamptz not null default now()
);

create table matches (
  id         uuid primary key,
  game       text not null,
  mode       text not null check (mode in ('casual', 'ranked')),
  status     text not null default 'finished',
  config     jsonb not null,
  seats      jsonb not null,
  seed       text not null,
  seed_hash  text not null,
  version    text not null,
  started_at timestamptz not null,
  ended_at   timestamptz not null,
  outcome    jsonb not null
);

-- History, newest first, keyset paged by (ended_at, id).
create index matches_ended_idx on matches (ended_at desc, id desc);
create index matches_game_ended_idx on matches (game, ended_at desc, id desc);

create table match_players (
  match_id      uuid not null references matches on delete cascade,
  seat          smallint not null,
  player_id     uuid not null references players,
  name          text not null,
  rank          smallint not null,
  -- Denormalised from matches on purpose: a player's history is one index range scan.
  game          text not null,
  ended_at      timestamptz not null,
  rating_before jsonb,
  rating_after  jsonb,
  primary key (match_id, seat)
);

create index match_players_player_idx on match_players (player_id, ended_at desc, match_id desc);
create index match_players_player_game_idx on match_players (player_id, game, ended_at desc, match_id desc);

create table replays (
  match_id   uuid primary key references matches on delete cascade,
  steps      jsonb not null,
  step_count int not null,
  final_hash text not null
);

create table ratings (
  player_id    uuid not null references players,
  game         text not null,
  rating       jsonb not null,
  games_played int not null default 0,
  updated_at   timestamptz not null default now(),
  primary key (player_id, game)
);
