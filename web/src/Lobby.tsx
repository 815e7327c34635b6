/**
 * The lobby: the games this server runs (`GET /api/games`) with a few words of rules each;
 * sign-in (guest, or an account: register / log in); per game: create a casual room (seat
 * count, set-up, seats for bots: all bots makes a match to watch), play alone against bots,
 * quick match (`joinOrCreate`) and join by id; the live rooms (`GET /api/rooms` every 3 s):
 * open rooms to join and matches to watch; the ranked queue for accounts.
 */
import { useEffect, useState } from "preact/hooks";
import { fetchGames, fetchRooms, login, register, signInAsGuest, type GameInfo, type Identity, type ListedRoom } from "./api.ts";
import { useCatalogs, type CatalogIndex } from "./catalog.tsx";
import { gameSummary, gameTitle, playerCounts, roomConfig, seatCount, seatText } from "./games.ts";
import { presetName } from "./presets.ts";
import { enterQueue, leaveQueue, onQueueChange, queueView } from "./queue.ts";
import { createBotMatch, createRoom, joinRoom, loadIdentity, quickMatch, savedSeat, saveIdentity, type BotLevel } from "./session.ts";

function errorText(e: unknown): string {
  return (e as Error)?.message || String(e);
}

const POLL_MS = 3000;

/** The game's catalog once loaded (it names the set-ups); null until then or without a game. */
function useCatalog(game: string | undefined): CatalogIndex | null {
  const cats = useCatalogs(game ? [game] : []);
  return (game && cats[game]) || null;
}

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

function SignIn({ identity, onChange }: { identity: Identity | null; onChange: (i: Identity | null) => void }) {
  const [name, setName] = useState("");
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  if (identity) {
    return (
      <section class="signin">
        {identity.player.guest ? "Playing as guest " : "Signed in as "}
        <b data-testid="signed-in" data-guest={identity.player.guest ? "true" : "false"}>
          {identity.player.username}
        </b>{" "}
        <button type="button" class="quiet" data-testid="sign-out" onClick={() => onChange(null)}>
          Sign out
        </button>
      </section>
    );
  }
  const run = async (get: () => Promise<Identity>) => {
    setBusy(true);
    setProblem("");
    try {
      onChange(await get());
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="signin signin-forms">
      <form
        class="controls"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => signInAsGuest(name.trim() || undefined));
        }}
      >
        <label>
          Your name{" "}
          <input data-testid="guest-name" value={name} maxLength={24} placeholder="optional" onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit" data-testid="guest-signin" disabled={busy}>
          Play as a guest
        </button>
      </form>
      <form
        class="controls"
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => login(username.trim(), password));
        }}
      >
        <input data-testid="account-username" value={username} maxLength={24} placeholder="username" autocomplete="username" aria-label="Username" onInput={(e) => setUsername(e.currentTarget.value)} />
        <input data-testid="account-password" type="password" value={password} placeholder="password" autocomplete="current-password" aria-label="Password" onInput={(e) => setPassword(e.currentTarget.value)} />
        <button type="submit" data-testid="account-login" disabled={busy || !username.trim() || !password}>
          Sign in
        </button>
        <button type="button" class="secondary" data-testid="account-register" disabled={busy || !username.trim() || !password} onClick={() => void run(() => register(username.trim(), password))}>
          Register
        </button>
      </form>
      <p class="fine">Guests play casual matches; ranked play needs an account (a password of 8 characters or more).</p>
      {problem && (
        <p class="problem" data-testid="signin-problem">
          {problem}
        </p>
      )}
    </section>
  );
}

function seconds(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}

function RankedQueue({ games, identity }: { games: GameInfo[]; identity: Identity | null }) {
  const [q, setQ] = useState(queueView());
  const [game, setGame] = useState(games[0]?.game ?? "");
  const [players, setPlayers] = useState(2);
  const [, setTick] = useState(0);
  useEffect(() => onQueueChange(() => setQ(queueView())), []);
  useEffect(() => {
    if (q.phase !== "queued") return;
    const t = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [q.phase]);

  const account = identity && !identity.player.guest;
  const info = games.find((g) => g.game === game);
  const counts = playerCounts(game);
  const presetNames = Object.keys(info?.presets ?? {});
  const [preset, setPreset] = useState("");
  const queueCat = useCatalog(info?.game);
  const chosen = counts ? (counts.includes(players) ? players : counts[0]!) : 2;
  const active = q.phase !== "idle" && q.phase !== "over";
  const s = q.status;
  const waited = s ? s.waitedMs + (q.phase === "queued" ? Date.now() - q.statusAt : 0) : 0;

  return (
    <section class="ranked" data-testid="ranked">
      <h2>Ranked</h2>
      {!account ? (
        <p class="hint">Sign in with an account to play ranked matches: players of a similar rating are matched, and the result moves your rating.</p>
      ) : active ? (
        <div data-testid="queue-status" data-phase={q.phase}>
          <p>
            In the queue for <b>{gameTitle(q.game)}</b> ({q.seats} players).
          </p>
          {s ? (
            <ul class="queue-facts">
              <li>
                Position <b data-testid="queue-position">{s.position}</b> of <b data-testid="queue-size">{s.size}</b>
              </li>
              <li>
                Waited <span data-testid="queue-waited">{seconds(waited)}</span>
              </li>
              <li data-testid="queue-estimate">{s.estimatedWaitMs === null ? "No estimate yet" : `About ${seconds(Math.max(0, s.estimatedWaitMs - (q.phase === "queued" ? Date.now() - q.statusAt : 0)))} left`}</li>
            </ul>
          ) : (
            <p>Joining the queue…</p>
          )}
          {q.note && <p class="hint">{q.note}</p>}
          {q.phase === "queued" && (
            <button type="button" class="quiet" data-testid="queue-leave" onClick={() => void leaveQueue()}>
              Leave queue
            </button>
          )}
        </div>
      ) : (
        <form
          class="controls"
          onSubmit={(e) => {
            e.preventDefault();
            const seat = info?.presets[presetNames.includes(preset) ? preset : (presetNames[0] ?? "")] ?? {};
            void enterQueue(game, seatCount(game, chosen), seat);
          }}
        >
          <label>
            Game{" "}
            <select data-testid="queue-game" value={game} onChange={(e) => setGame(e.currentTarget.value)}>
              {games.map((g) => (
                <option key={g.game} value={g.game}>
                  {gameTitle(g.game)}
                </option>
              ))}
            </select>
          </label>
          {counts && (
            <label>
              Players{" "}
              <select data-testid="queue-players" value={chosen} onChange={(e) => setPlayers(Number(e.currentTarget.value))}>
                {counts.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          {presetNames.length > 1 && (
            <label>
              Set-up{" "}
              <select data-testid="queue-preset" value={presetNames.includes(preset) ? preset : presetNames[0]} onChange={(e) => setPreset(e.currentTarget.value)}>
                {presetNames.map((p) => (
                  <option key={p} value={p}>
                    {presetName(queueCat, p, info?.presets[p])}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button type="submit" data-testid="queue-join">
            Join the ranked queue
          </button>
          {q.note && <p class="hint">{q.note}</p>}
        </form>
      )}
    </section>
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
      location.hash = `#/table/${await joinListed(room, games.find((g) => g.game === room.game), identity)}`;
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
              ? await quickMatch(options)
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
