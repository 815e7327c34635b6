-- Ranked play: accounts (credentials of registered players) and queryable rating columns.
-- Runs on PostgreSQL 15..18 and PGlite.

-- A registered player: one `players` row (kind 'account') plus its credentials here.
-- Usernames are unique case-insensitively; the stored spelling is the one given at registration.
create table accounts (
  player_id     uuid primary key references players on delete cascade,
  username      text not null check (username ~ '^[A-Za-z0-9_-]{3,24}$'),
  -- scrypt$<N>$<r>$<p>$<salt base64>$<key base64>
  password_hash text not null,
  created_at    timestamptz not null default now()
);
create unique index accounts_username_lower_idx on accounts (lower(username));

-- The openskill state as plain columns (the `rating` jsonb keeps the same values for readers):
-- mu and sigma, the integer display rating the leaderboard orders by, and the provisional flag.
alter table ratings
  add column mu          double precision not null default 25,
  add column sigma       double precision not null default 8.333333333333334,
  add column display     integer not null default 1000,
  add column provisional boolean not null default true;

update ratings set
  mu = coalesce((rating->>'mu')::double precision, 25),
  sigma = coalesce((rating->>'sigma')::double precision, 8.333333333333334)
where jsonb_typeof(rating) = 'object';

-- Leaderboards: by game, best display first, ties by player id descending, so a page after
-- a cursor is one index range: (display, player_id) < (cursor's display, cursor's player id).
create index ratings_leaderboard_idx on ratings (game, display desc, player_id desc);
create index ratings_leaderboard_established_idx on ratings (game, display desc, player_id desc) where not provisional;
