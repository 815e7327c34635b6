/**
 * A worker in a child process instead of a thread, behind the few Worker calls TicketWorker makes
 * (postMessage, message / error / exit, terminate, unref). What a thread cannot have: its whole
 * process, every thread of it (V8's GC helpers included), in the lowest scheduling class, so it
 * takes no CPU the rooms' process wants (tsProcess.mjs). Messages are structured clones, as
 * between threads (`serialization: "advanced"`).
 */
import { fork, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";

/** The part of node:worker_threads' Worker that TicketWorker uses. */
export interface WorkerLike {
  postMessage(message: unknown): void;
  on(event: "message", listener: (message: unknown) => void): this;
  on(event: "error", listener: (err: Error) => void): this;
  on(event: "exit", listener: (code: number) => void): this;
  terminate(): Promise<unknown>;
  unref(): void;
}

class ProcessWorker extends EventEmitter implements WorkerLike {
  constructor(private readonly child: ChildProcess) {
    super();
    child.on("message", (m) => this.emit("message", m));
    child.on("error", (err) => this.emit("error", err));
    child.on("exit", (code, signal) => this.emit("exit", code ?? (signal ? 1 : 0)));
  }

  postMessage(message: unknown): void {
    if (!this.child.connected) throw new Error("the worker process is gone");
    this.child.send(message as object);
  }

  terminate(): Promise<unknown> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.child.once("exit", resolve);
      this.child.kill("SIGKILL");
    });
  }

  unref(): void {
    this.child.unref();
    (this.child as ChildProcess & { channel?: { unref(): void } }).channel?.unref();
  }
}

/** Starts `entry` (a TypeScript module) in a child process of its own named `name`. */
export function processWorker(entry: URL, name: string): WorkerLike {
  const boot = new URL("./tsProcess.mjs", import.meta.url);
  const child = fork(boot, [], {
    env: { ...process.env, WORKER_ENTRY: entry.href, WORKER_NAME: name },
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    // Not the server's own flags (inspector ports, CPU profiles, heap snapshots): a worker of its own.
    execArgv: [],
  });
  return new ProcessWorker(child);
}
