/**
 * The lobby: the games this server runs (`GET /api/games`), guest sign-in, and for each game:
 * create a casual room (seat count where the game has one, a preset seat set-up), quick match
 * (`joinOrCreate`) and join an open room by its id.
 */
import { useEffect, useState } from "preact/hooks";
import { fetchGames, signInAsGuest, type GameInfo, type Identity } from "./api.ts";
import { gameTitle, playerCounts, roomConfig } from "./games.ts";
import { createRoom, joinRoom, loadIdentity, quickMatch, savedSeat, saveIdentity } from "./session.ts";

function errorText(e: unknown): string {
  return (e as Error)?.message || String(e);
}

export function Lobby() {
  const [games, setGames] = useState<GameInfo[] | null>(null);
  const [problem, setProblem] = useState("");
  const [identity, setIdentity] = useState<Identity | null>(loadIdentity());
  const saved = savedSeat();

  useEffect(() => {
    fetchGames().then(setGames, (e) => setProblem(`Could not list the games: ${errorText(e)}`));
  }, []);

  return (
    <main class="lobby">
      <SignIn identity={identity} onChange={(i) => (saveIdentity(i), setIdentity(i))} />
      {saved && (
        <p class="hint">
          You have a seat at a {gameTitle(saved.game)} table: <a href={`#/table/${saved.roomId}`}>back to it</a>.
        </p>
      )}
      {problem && <p class="problem">{problem}</p>}
      {!games && !problem && <p>Loading the games…</p>}
      <div class="games">
        {games?.map((g) => (
          <GameCard key={g.game} info={g} identity={identity} />
        ))}
      </div>
    </main>
  );
}

function SignIn({ identity, onChange }: { identity: Identity | null; onChange: (i: Identity | null) => void }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  if (identity) {
    return (
      <section class="signin">
        Playing as <b data-testid="signed-in">{identity.player.username}</b>{" "}
        <button type="button" class="quiet" onClick={() => onChange(null)}>
          Sign out
        </button>
      </section>
    );
  }
  return (
    <form
      class="signin"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        setProblem("");
        try {
          onChange(await signInAsGuest(name.trim() || undefined));
        } catch (err) {
          setProblem(errorText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <label>
        Your name{" "}
        <input data-testid="guest-name" value={name} maxLength={24} placeholder="optional" onInput={(e) => setName(e.currentTarget.value)} />
      </label>
      <button type="submit" data-testid="guest-signin" disabled={busy}>
        Play as a guest
      </button>
      {problem && <p class="problem">{problem}</p>}
    </form>
  );
}

function GameCard({ info, identity }: { info: GameInfo; identity: Identity | null }) {
  const presetNames = Object.keys(info.presets);
  const counts = playerCounts(info.game);
  const [preset, setPreset] = useState(presetNames[0] ?? "");
  const [players, setPlayers] = useState(counts?.[0] ?? 2);
  const [roomId, setRoomId] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const summary = info.summary ?? info.rules;

  const go = async (how: "create" | "quick" | "join") => {
    if (!identity) return setProblem("Sign in as a guest first.");
    setBusy(true);
    setProblem("");
    const options = { game: info.game, name: identity.player.username, seat: info.presets[preset] ?? {}, config: roomConfig(info.game, players) };
    try {
      const room = how === "create" ? await createRoom(options) : how === "quick" ? await quickMatch(options) : await joinRoom(roomId.trim(), options);
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
      {summary && <p class="summary">{summary}</p>}
      <div class="controls">
        {presetNames.length > 0 && (
          <label>
            Set-up{" "}
            <select data-testid="preset" value={preset} onChange={(e) => setPreset(e.currentTarget.value)}>
              {presetNames.map((p) => (
                <option key={p} value={p}>
                  {p}
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
      </div>
      <div class="controls">
        <button type="button" data-testid="create" disabled={busy || !identity} onClick={() => void go("create")}>
          Create a room
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
        <input data-testid="join-id" value={roomId} placeholder="room id" onInput={(e) => setRoomId(e.currentTarget.value)} />
        <button type="submit" data-testid="join" disabled={busy || !identity || !roomId.trim()}>
          Join
        </button>
      </form>
      {problem && <p class="problem">{problem}</p>}
    </section>
  );
}
