/**
 * A value per asynchronous call (AsyncLocalStorage) that costs nothing while no call is running.
 *
 * While any AsyncLocalStorage is enabled, Node 20 runs a hook on every promise the process makes,
 * which triples what a promise costs (an `await` ~120 -> ~375 ns here), and an AsyncLocalStorage
 * stays enabled once it has run. The matchmaking gate needs one only during its own calls
 * (the rooms at play paid for it on every decision), so this store disables itself
 * when its last call settles; the next `run` enables it again.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export class PerCallStore<T> {
  private readonly storage = new AsyncLocalStorage<T>();
  private inFlight = 0;

  /** The value of the call this code runs in (through its awaits and the callbacks it causes); undefined outside one. */
  get(): T | undefined {
    return this.storage.getStore();
  }

  async run<R>(value: T, call: () => Promise<R>): Promise<R> {
    this.inFlight++;
    try {
      return await this.storage.run(value, call);
    } finally {
      if (--this.inFlight === 0) this.storage.disable();
    }
  }

  /** Whether Node's promise hook is on for this store (Node 20's AsyncLocalStorage shows it as `enabled`). */
  get hooked(): boolean {
    return (this.storage as unknown as { enabled?: boolean }).enabled === true;
  }
}
