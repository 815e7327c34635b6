/** The open reports (resolve one with a word), and the audit log of every admin action. */
import { useEffect, useState } from "preact/hooks";
import { adminApi, type AuditRow, type Report } from "../adminApi.ts";
import { gameTitle } from "../games.ts";
import { problemText, ReasonButton, useAction, when } from "./actions.tsx";

export function ReportList({ reports, onResolve, busy }: { reports: Report[]; onResolve?: (id: number, resolution: string) => void; busy?: boolean }) {
  if (reports.length === 0) return <p class="none">None.</p>;
  return (
    <ul class="admin-list">
      {reports.map((r) => (
        <li key={r.id} data-testid="report">
          <b>{r.reason.replace(/_/g, " ")}</b>: <a href={`#/admin/player/${r.reporter.id}`}>{r.reporter.name}</a> reported <a href={`#/admin/player/${r.reported.id}`}>{r.reported.name}</a> in{" "}
          <a href={`#/replay/${r.matchId}`}>a {gameTitle(r.game)} match</a> <span class="muted">{when(r.createdAt)}</span>
          {r.details && <div class="muted">“{r.details}”</div>}
          {r.resolvedAt ? (
            <div class="muted">
              resolved {when(r.resolvedAt)}: {r.resolution}
            </div>
          ) : (
            onResolve && <ReasonButton label="Resolve" testid="resolve-report" busy={busy ?? false} onRun={(note) => onResolve(r.id, note)} />
          )}
        </li>
      ))}
    </ul>
  );
}

export function Reports() {
  const [reports, setReports] = useState<Report[] | null>(null);
  const [problem, setProblem] = useState("");
  const load = () =>
    adminApi.reports().then(
      (r) => setReports(r.items),
      (e: unknown) => setProblem(problemText(e)),
    );
  const action = useAction(() => void load());
  useEffect(() => void load(), []);
  return (
    <section>
      <h2>Open reports</h2>
      {(problem || action.problem) && <p class="problem">{problem || action.problem}</p>}
      {reports === null ? <p class="muted">Loading…</p> : <ReportList reports={reports} busy={action.busy} onResolve={(id, note) => void action.run(() => adminApi.resolve(id, note))} />}
    </section>
  );
}

export function Audit() {
  const [rows, setRows] = useState<AuditRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [problem, setProblem] = useState("");
  const more = (before?: string) =>
    adminApi.audit(before).then(
      (page) => {
        setRows((old) => (before ? [...old, ...page.items] : page.items));
        setNext(page.next);
      },
      (e: unknown) => setProblem(problemText(e)),
    );
  useEffect(() => void more(), []);
  return (
    <section>
      <h2>Audit log</h2>
      {problem && <p class="problem">{problem}</p>}
      <table class="admin-table" data-testid="audit-log">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>What</th>
            <th>Target</th>
            <th>Reason</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid="audit-row">
              <td class="muted">{when(r.at)}</td>
              <td>{r.actor ? <a href={`#/admin/player/${r.actor}`}>{r.actorName}</a> : r.actorName}</td>
              <td>{r.action.replace(/_/g, " ")}</td>
              <td class="small">{r.target}</td>
              <td>{r.reason}</td>
              <td class={r.status >= 400 ? "warn" : ""}>{r.status || ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {next && (
        <button type="button" class="quiet" onClick={() => void more(next)}>
          Load more
        </button>
      )}
    </section>
  );
}
