-- Operations: account roles, bans, player reports, voided matches and the audit log.
-- Runs on PostgreSQL 15..18 and PGlite.

-- An account is a player or an admin (npm run admin -- grant <username>, or ADMIN_USERNAMES).
-- last_address: where it last logged in or registered from; a ban of the account also refuses
-- guest identities from there while it lasts.
alter table accounts
  add column role text not null default 'player' check (role in ('player', 'admin')),
  add column last_address text;

-- A ban of an account (player_id) or of an address or range (address): until a time, or for
-- good (until null). Lifting a ban keeps its row (lifted_at); the audit log says who did what.
create table bans (
  id         bigint generated always as identity primary key,
  player_id  uuid references players,
  address    cidr,
  reason     text not null,
  created_by uuid,
  created_at timestamptz not null default now(),
  until      timestamptz,
  lifted_at  timestamptz,
  lifted_by  uuid,
  check ((player_id is null) <> (address is null))
);
create index bans_player_idx on bans (player_id) where player_id is not null and lifted_at is null;
create index bans_address_idx on bans (created_at desc) where address is not null and lifted_at is null;

-- A player's report of another player of the same stored match; one per (match, reporter, reported).
create table reports (
  id          bigint generated always as identity primary key,
  match_id    uuid not null references matches on delete cascade,
  reporter    uuid not null references players,
  reported    uuid not null references players,
  reason      text not null,
  details     text not null default '',
  created_at  timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid,
  resolution  text,
  unique (match_id, reporter, reported)
);
create index reports_open_idx on reports (id desc) where resolved_at is null;
create index reports_reported_idx on reports (reported, id desc);
create index reports_reporter_idx on reports (reporter, id desc);

-- A voided ranked match (matches.status = 'voided') keeps its record and replay; its rating
-- changes are undone and every later rating that depended on them recomputed.
alter table matches add column voided_at timestamptz;

-- Who did what, when: every admin call. Append-only: updates and deletes are refused.
create table audit_log (
  id         bigint generated always as identity primary key,
  at         timestamptz not null default now(),
  actor      uuid,
  actor_name text not null,
  action     text not null,
  target     text,
  reason     text,
  status     int not null,
  detail     jsonb not null default '{}'::jsonb
);
create index audit_log_actor_idx on audit_log (actor, id desc);
create index audit_log_target_idx on audit_log (target, id desc);

create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;
create trigger audit_log_append_only before update or delete on audit_log
  for each statement execute function audit_log_append_only();
