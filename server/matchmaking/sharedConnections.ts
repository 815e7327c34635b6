/**
 * The ranked queue connections held by one process of a cluster (server/matchmaking/shared.ts),
 * and the deliveries to queued players: each goes to the process holding that player's queue
 * connection, over the cluster's pub/sub (one publish per process), or straight to the
 * connection when it is here.
 */
import type { QueueStatus } from "./core.ts";
import type { QueueSubscriber } from "./service.ts";
import type { StoredEntrant } from "./sharedBook.ts";
import type { Delivery, MessageBus } from "./sharedCluster.ts";

export class QueueConnections {
  /** Queue connections on this process. */
  readonly local = new Map<string, QueueSubscriber>();
  /** What each of them was queued with: the book is written again from these if Redis loses it. */
  readonly entries = new Map<string, StoredEntrant>();
  /** The group of each of them who was sent `matched` (until `started`, `forfeit` or `requeued`). */
  readonly groups = new Map<string, number>();
  /** Connections that closed before their enqueue finished: removed from the book once it has. */
  readonly abandoned = new WeakSet<QueueSubscriber>();
  /** The last status sent to each of them. */
  readonly lastStatus = new Map<string, QueueStatus>();

  constructor(
    private readonly bus: MessageBus,
    private readonly prefix: string,
    private readonly processId: string,
  ) {}

  /** Sends each delivery to the process holding that player's queue connection (one publish per process). */
  async deliver(deliveries: readonly Delivery[], entries: ReadonlyMap<string, Pick<StoredEntrant, "process">>): Promise<void> {
    const byProcess = new Map<string, Delivery[]>();
    for (const d of deliveries) {
      const process = entries.get(d.playerId)?.process;
      if (!process) continue;
      byProcess.set(process, [...(byProcess.get(process) ?? []), d]);
    }
    await Promise.all(
      [...byProcess].map(([process, list]) => (process === this.processId ? this.receive({ deliveries: list }) : this.bus.publish(`${this.prefix}to:${process}`, { deliveries: list }))),
    );
  }

  /** Deliveries for players queued on this process. */
  receive(data: { deliveries?: Delivery[] }): void {
    for (const d of data.deliveries ?? []) {
      const sub = this.local.get(d.playerId);
      if (!sub) continue;
      if (d.type === "queue" || d.type === "requeued") {
        const { reason: _reason, ...st } = d.message as QueueStatus & { reason?: string };
        this.lastStatus.set(d.playerId, st as QueueStatus);
      }
      if (d.type === "matched" && d.group !== undefined) this.groups.set(d.playerId, d.group);
      if (d.type === "requeued") this.groups.delete(d.playerId);
      if (d.close) this.forget(d.playerId);
      sub.send(d.type, d.message);
      if (d.close) sub.close();
    }
  }

  forget(playerId: string): void {
    this.local.delete(playerId);
    this.entries.delete(playerId);
    this.groups.delete(playerId);
    this.lastStatus.delete(playerId);
  }

  /** Tells a player their queue connection no longer holds a place (queue again), and closes it. */
  dismiss(playerId: string, reason: string): void {
    const sub = this.local.get(playerId);
    this.forget(playerId);
    sub?.send("left", { reason });
    sub?.close();
  }
}
