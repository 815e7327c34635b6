-- Dead letters: finished matches the store refused (a value PostgreSQL rejects, such as U+0000
-- in a name, or a record that fails validation) and spool files that could not be read.
-- Retrying them can never succeed, so they are kept here, untouched, for a human to look at,
-- instead of blocking the match writer or the next start. Runs on PostgreSQL 15..18 and PGlite.
create table match_dead_letters (
  id         bigint generated always as identity primary key,
  -- text, not uuid: the refused record's id may itself be what is wrong (null when unusable).
  match_id   text,
  failed_at  timestamptz not null default now(),
  -- the SQLSTATE PostgreSQL refused it with, or the store's own code (invalid_match, unreadable_spool_file)
  error_code text not null,
  error      text not null,
  -- the record as the text of its JSON (JSON.stringify): jsonb and text refuse U+0000, but
  -- JSON escapes it as \u0000, so any record fits and parses back exactly as it was.
  record     text not null
);

create index match_dead_letters_failed_idx on match_dead_letters (failed_at desc, id desc);
create index match_dead_letters_match_idx on match_dead_letters (match_id);
