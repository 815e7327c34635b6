-- Bot levels: a seat played by a server-side bot records how well it played (`easy`: a uniform
-- pick among the legal decisions; `normal`: a search from its seat's view). Null for people, and
-- for bots of matches stored before levels existed (they were all `easy`).
-- Runs on PostgreSQL 15..18 and PGlite.
alter table match_players
  add column bot_level text check (bot_level in ('easy', 'normal'));
