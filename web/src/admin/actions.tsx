/** What every admin view shares: dates and errors in words, running an action, a reason with its button. */
import { useState } from "preact/hooks";
import { ApiError } from "../api.ts";

export function when(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

export function problemText(error: unknown): string {
  return error instanceof ApiError ? `${error.message} (${error.code})` : String((error as Error)?.message ?? error);
}

/** Runs an admin call, keeping its error for the page; `done` reloads what it changed. */
export function useAction(done: () => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setProblem("");
    try {
      await action();
      done();
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, problem, run };
}

/** A reason input and a button: the action runs with the reason typed. */
export function ReasonButton({ label, testid, onRun, busy }: { label: string; testid: string; onRun: (reason: string) => void; busy: boolean }) {
  const [reason, setReason] = useState("");
  return (
    <span class="reason-button">
      <input value={reason} placeholder="reason" aria-label={`Reason to ${label.toLowerCase()}`} data-testid={`${testid}-reason`} onInput={(e) => setReason(e.currentTarget.value)} />
      <button type="button" class="danger" data-testid={testid} disabled={busy || !reason.trim()} onClick={() => onRun(reason.trim())}>
        {label}
      </button>
    </span>
  );
}
