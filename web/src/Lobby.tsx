/**
 * The lobby: the games this server runs (`GET /api/games`) with a few words of rules each;
 * sign-in (SignIn.tsx); per game: create a casual room (seat count, set-up, seats for bots: all
 * bots makes a match to watch), play alone against bots, quick match (`joinOrCreate`, optionally
 * filling the seats still empty with bots after a wait) and join by id; the live rooms
 * (`GET /api/rooms` every 3 s): open rooms to join and matches to watch; the ranked queue for
 * accounts (RankedQueue.tsx).
 */
import { useEffect, useState } from "preact/hooks";
import { errorText, fetchGames, fetchRooms, signInAsGuest, type GameInfo, type Identity, type ListedRoom } from "./api.ts";
import { useCatalog } from "./catalog.tsx";
import { gameSummary, gameTitle, playerCounts, roomConfig, seatCount, seatText } from "./games.ts";
import { presetName } from "./presets.ts";
import { leaveQueue } from "./queue.ts";
import { RankedQueue } from "./RankedQueue.tsx";
import { createBotMatch, createRoom, joinRoom, loadIdentity, quickMatch, savedSeat, saveIdentity, type BotLevel } from "./session.ts";
import { SignIn } from "./SignIn.tsx";

const POLL_MS = 3000;

/** Quick match's "fill empty seats with bots after" choices, in seconds (0: wait for people only). */
const FILL_AFTER_S = [0, 15, 30, 60, 120];

export function Lobby() {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [problem, setProblem] = useState("");
  const [identity, setIdentity] = useState<Identity | null>(loadIdentity());
  const saved = savedSeat();

  useEffect(() => {
    fetchGames().then(setGames, (e) => setProblem(`Could not list the games: ${errorText(e)}`));
  }, []);

  const change = (i: Identity | null) => {
    if (!i) void leaveQueue();
    saveIdentity(i);
    setIdentity(i);
  };

  return (
    <main class="lobby">
      <SignIn identity={identity} onChange={change} />
      {saved && (
        <p class="hint">
          You have a seat at a {gameTitle(saved.game)} table: <a href={`#/table/${saved.roomId}`}>back to it</a>.
        </p>
      )}
      {problem && <p class="problem">{problem}</p>}
      {!games && !problem && <p>Loading the games…</p>}
      {games && <RankedQueue games={games} identity={identity} />}
      {games && <LiveRooms games={games} identity={identity} />}
      <div class="games">
        {games?.map((g) => (
          <GameCard key={g.game} info={g} identity={identity} onIdentity={change} />
        ))}
      </div>
    </main>
  );
}

/** Join a listed room: the game's set-ups are tried in order (some games need the seats' set-ups to differ). */
async function joinListed(room: ListedRoom, info: GameInfo | undefined, identity: Identity): Promise<string> {
  const presets = Object.values(info?.presets ?? {});
  if (presets.length === 0) presets.push({});
  let last: unknown;
  for (const seat of presets) {
    try {
      return (await joinRoom(room.roomId, { game: room.game, name: identity.player.username, seat })).roomId;
    } catch (e) {
      last = e;
      if (!/seat|config|differ/i.test(errorText(e))) break;
    }
  }
  throw last;
}

function LiveRooms({ games, identity }: { games: GameInfo[]; identity: Identity | null }) {
  const [open, setOpen] = useState<ListedRoom[] | null>(null);
  const [live, setLive] = useState<ListedRoom[] | null>(null);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const [w, p] = await Promise.all([fetchRooms("waiting"), fetchRooms("playing")]);
        if (stopped) return;
        setOpen(w);
        setLive(p);
      } catch {
        // the next poll tries again
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  const join = async (room: ListedRoom) => {
    if (!identity) return setProblem("Sign in (as a guest or with an account) to take a seat.");
    setBusy(true);
    setProblem("");
    try {
      location.hash = `#/table/${await joinListed(
        room,
        games.find((g) => g.game === room.game),
        identity,
      )}`;
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const who = (r: ListedRoom) => (r.players.length ? r.players.join(", ") : "nobody yet");
  return (
    <section class="live" data-testid="live-rooms">
      <div class="live-col">
        <h2>Open rooms</h2>
        {open === null ? (
          <p class="none">Looking…</p>
        ) : open.length === 0 ? (
          <p class="none">No room is waiting for players. Create one below.</p>
        ) : (
          <ul class="room-list" data-testid="open-rooms">
            {open.map((r) => (
              <li key={r.roomId} data-testid="open-room" data-room-id={r.roomId} data-game={r.game}>
                <span class="room-line">
                  <b>{gameTitle(r.game)}</b> · {r.seats - r.open}/{r.seats} seated · {who(r)}
                  {r.bots > 0 && ` · ${r.bots} bot${r.bots > 1 ? "s" : ""}`}
                </span>
                <button type="button" data-testid="join-room" disabled={busy || !identity} onClick={() => void join(r)}>
                  Join
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div class="live-col">
        <h2>Matches to watch</h2>
        {live === null ? (
          <p class="none">Looking…</p>
        ) : live.length === 0 ? (
          <p class="none">No match is being played right now.</p>
        ) : (
          <ul class="room-list" data-testid="live-matches">
            {live.map((r) => (
              <li key={r.roomId} data-testid="live-match" data-room-id={r.roomId} data-game={r.game}>
                <span class="room-line">
                  <b>{gameTitle(r.game)}</b>
                  {r.mode === "ranked" ? " (ranked)" : ""} · {who(r)}
                  {r.bots > 0 && ` · ${r.bots} bot${r.bots > 1 ? "s" : ""}`} · {r.spectators} watching
                </span>
                <a class="button" href={`#/watch/${r.roomId}`} data-testid="watch-room">
                  Watch
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {problem && <p class="problem">{problem}</p>}
    </section>
  );
}

function GameCard({ info, identity, onIdentity }: { info: GameInfo; identity: Identity | null; onIdentity: (i: Identity) => void }) {
  const presetNames = Object.keys(info.presets);
  const counts = playerCounts(info.game);
  const [preset, setPreset] = useState(presetNames[0] ?? "");
  const cat = useCatalog(info.game);
  const [players, setPlayers] = useState(counts?.[0] ?? 2);
  const [bots, setBots] = useState(0);
  /** How well the server's bots play (docs/bots.md): `normal` searches from its seat's view, `easy` picks at random. */
  const [botLevel, setBotLevel] = useState<BotLevel>("normal");
  /** Quick match: bots (at `botLevel`) take the seats still empty this long after you sat (docs/bots.md); 0: never. */
  const [fillAfterS, setFillAfterS] = useState(0);
  const [roomId, setRoomId] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const summary = gameSummary(info.game) || info.summary || info.rules;
  const seats = seatCount(info.game, players);
  const botChoice = Math.min(bots, seats);

  const go = async (how: "create" | "quick" | "join" | "solo") => {
    const allBots = how === "create" && botChoice === seats;
    if (!identity && !allBots && how !== "solo") return setProblem("Sign in (as a guest or with an account) first.");
    setBusy(true);
    setProblem("");
    const config = roomConfig(info.game, players);
    try {
      let who = identity;
      if (!who && how === "solo") {
        // One click: a guest identity is made on the way.
        who = await signInAsGuest();
        onIdentity(who);
      }
      const options = { game: info.game, name: who?.player.username ?? "", seat: info.presets[preset] ?? {}, config };
      if (allBots) {
        const room = await createBotMatch(info.game, config, seats, botLevel);
        location.hash = `#/watch/${room.roomId}`;
        return;
      }
      const room =
        how === "create"
          ? await createRoom({ ...options, bots: botChoice, botLevel })
          : how === "solo"
            ? await createRoom({ ...options, bots: seats - 1, botLevel })
            : how === "quick"
              ? await quickMatch(fillAfterS > 0 ? { ...options, fillBotsAfterMs: fillAfterS * 1000, fillBotLevel: botLevel } : options)
              : await joinRoom(roomId.trim(), options);
      location.hash = `#/table/${room.roomId}`;
    } catch (e) {
      setProblem(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="game" data-testid={`game-${info.game}`}>
      <h2>
        {gameTitle(info.game)} <small>v{info.version}</small>
      </h2>
      <p class="seats-text" data-testid="seat-counts">
        {seatText(info.game)}
      </p>
      {summary && <p class="summary">{summary}</p>}
      <div class="controls">
        {presetNames.length > 0 && (
          <label>
            Set-up{" "}
            <select data-testid="preset" value={preset} onChange={(e) => setPreset(e.currentTarget.value)}>
              {presetNames.map((p) => (
                <option key={p} value={p}>
                  {presetName(cat, p, info.presets[p])}
                </option>
              ))}
            </select>
          </label>
        )}
        {counts && (
          <label>
            Players{" "}
            <select data-testid="players" value={players} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
              {counts.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          Seats for bots{" "}
          <select data-testid="bots" value={botChoice} onChange={(e) => setBots(Number(e.currentTarget.value))}>
            {Array.from({ length: seats + 1 }, (_, n) => (
              <option key={n} value={n}>
                {n === seats ? `${n} (all: watch them)` : n}
              </option>
            ))}
          </select>
        </label>
        <label>
          Bot level{" "}
          <select data-testid="bot-level" value={botLevel} onChange={(e) => setBotLevel(e.currentTarget.value as BotLevel)}>
            <option value="normal">normal (plays to win)</option>
            <option value="easy">easy (random)</option>
          </select>
        </label>
        <label title="Quick match: if people are still missing this long after you sat down, bots of the chosen level take their seats">
          Quick match: bots fill empty seats{" "}
          <select data-testid="fill-after" value={fillAfterS} onChange={(e) => setFillAfterS(Number(e.currentTarget.value))}>
            {FILL_AFTER_S.map((s) => (
              <option key={s} value={s}>
                {s === 0 ? "never (wait for people)" : `after ${s} s`}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="controls">
        <button type="button" data-testid="create" disabled={busy || (!identity && botChoice < seats)} onClick={() => void go("create")}>
          {botChoice === seats ? "Start a bot match to watch" : "Create a room"}
        </button>
        <button type="button" data-testid="solo" disabled={busy} onClick={() => void go("solo")}>
          Play alone vs bots
        </button>
        <button type="button" data-testid="quick" disabled={busy || !identity} onClick={() => void go("quick")}>
          Quick match
        </button>
      </div>
      <form
        class="controls"
        onSubmit={(e) => {
          e.preventDefault();
          void go("join");
        }}
      >
        <input data-testid="join-id" value={roomId} placeholder="room id" aria-label="Room id" onInput={(e) => setRoomId(e.currentTarget.value)} />
        <button type="submit" data-testid="join" disabled={busy || !identity || !roomId.trim()}>
          Join
        </button>
      </form>
      {problem && <p class="problem">{problem}</p>}
    </section>
  );
}
