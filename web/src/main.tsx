/** The web client: hash routes `#/` (lobby) and `#/table/<roomId>` (a table). */
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { Lobby } from "./Lobby.tsx";
import { Table } from "./Table.tsx";
import "./style.css";

function route(): { page: "lobby" } | { page: "table"; roomId: string } {
  const m = /^#\/table\/([^/?#]+)/.exec(location.hash);
  return m ? { page: "table", roomId: decodeURIComponent(m[1]!) } : { page: "lobby" };
}

function App() {
  const [where, setWhere] = useState(route());
  useEffect(() => {
    const onHash = () => setWhere(route());
    addEventListener("hashchange", onHash);
    return () => removeEventListener("hashchange", onHash);
  }, []);
  return (
    <>
      <header class="top">
        <a href="#/" class="brand">
          Tabletop
        </a>
      </header>
      {where.page === "table" ? <Table key={where.roomId} roomId={where.roomId} /> : <Lobby />}
    </>
  );
}

render(<App />, document.getElementById("app")!);
