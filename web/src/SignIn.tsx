/**
 * Sign-in at the top of the lobby: as a guest (an optional name), or with an account (log in or
 * register); once signed in, who is playing and a way to sign out.
 */
import { useState } from "preact/hooks";
import { errorText, login, register, signInAsGuest, type Identity } from "./api.ts";

export function SignIn({ identity, onChange }: { identity: Identity | null; onChange: (i: Identity | null) => void }) {
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
          Your name <input data-testid="guest-name" value={name} maxLength={24} placeholder="optional" onInput={(e) => setName(e.currentTarget.value)} />
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
        <input
          data-testid="account-username"
          value={username}
          maxLength={24}
          placeholder="username"
          autocomplete="username"
          aria-label="Username"
          onInput={(e) => setUsername(e.currentTarget.value)}
        />
        <input
          data-testid="account-password"
          type="password"
          value={password}
          placeholder="password"
          autocomplete="current-password"
          aria-label="Password"
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
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
