-- Decisions the room makes for a seat without asking it, besides time-outs (`auto`):
-- 'forced' (its only decision, from public facts alone) and 'stop' (its only decision, made
-- because the seat asked to pass when it has no choice). Null: the seat's own, or a time-out.
alter table live_steps add column auto_kind text check (auto_kind in ('forced', 'stop'));
