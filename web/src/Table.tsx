/**
 * The two ways to sit at a table (TableView.tsx draws it): `Table` is a seat at it (taken back
 * after a reload); `Watch` is the same table for a spectator: no seat, no hand, no decisions (a
 * reload joins again as a spectator).
 */
import type { Room } from "@colyseus/sdk";
import { useEffect, useState } from "preact/hooks";
import { ConnectionBanner } from "./ConnectionBanner.tsx";
import { onSeatChange, reconnect, seatStatus, stopWatching, watchRoom, type SeatLink } from "./session.ts";
import { TableView } from "./TableView.tsx";

export function Table({ roomId }: { roomId: string }) {
  const [room, setRoom] = useState<Room | null>(null);
  const [game, setGame] = useState("");
  const [link, setLink] = useState<SeatLink>(seatStatus().link);
  const [problem, setProblem] = useState("");

  // Take the room: the one just joined, or the saved seat after a reload.
  useEffect(() => {
    let cancelled = false;
    // The seat's room changes when the page takes it back after the SDK gave up (same room id,
    // a new Room object): the table follows it; while it is away the last one stays on screen.
    const follow = () => {
      const seat = seatStatus();
      setLink(seat.link);
      if (seat.room?.roomId === roomId) {
        setRoom(seat.room);
        setGame(seat.game);
      }
    };
    const stop = onSeatChange(follow);
    reconnect(roomId).then(
      (found) => {
        if (cancelled) return;
        if (!found) return setProblem("You have no seat at this table (or it was already taken back). Join it from the lobby.");
        setGame(found.game);
        follow();
      },
      (e: unknown) => !cancelled && setProblem(`Could not take your seat back: ${(e as Error).message}`),
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [roomId]);

  if (problem) {
    return (
      <main class="table">
        <p class="problem" data-testid="problem">
          {problem}
        </p>
        <a href="#/">Back to the lobby</a>
      </main>
    );
  }
  if (!room) return <main class="table">{link.state === "rejoining" ? <ConnectionBanner link={link} /> : "Taking your seat…"}</main>;
  return <TableView room={room} game={game} watching={false} link={link} />;
}

/** Why a spectator could not join, in words. */
function watchProblem(e: unknown): string {
  const text = String((e as Error)?.message ?? e);
  if (/spectators_full/.test(text)) return "This match already has as many spectators as it takes. Try again later.";
  if (/not_started/.test(text)) return "This match has not started yet: it can be watched once every seat is taken.";
  if (/not found|no rooms found|not exist|invalid|expired/i.test(text)) return "This match is over or gone: there is nothing to watch here any more.";
  return `Could not watch this match: ${text}`;
}

export function Watch({ roomId }: { roomId: string }) {
  const [room, setRoom] = useState<Room | null>(null);
  const [game, setGame] = useState("");
  const [problem, setProblem] = useState("");

  useEffect(() => {
    let cancelled = false;
    watchRoom(roomId).then(
      (w) => {
        if (cancelled) return;
        setRoom(w.room);
        setGame(w.game);
      },
      (e: unknown) => !cancelled && setProblem(watchProblem(e)),
    );
    return () => {
      cancelled = true;
      void stopWatching();
    };
  }, [roomId]);

  if (problem) {
    return (
      <main class="table">
        <p class="banner watching" data-testid="watching">
          Watching
        </p>
        <p class="problem" data-testid="problem">
          {problem}
        </p>
        <a href="#/" data-testid="back">
          Back to the lobby
        </a>
      </main>
    );
  }
  if (!room) return <main class="table">Joining as a spectator…</main>;
  return <TableView room={room} game={game} watching={true} />;
}
