/**
 * Realtime pushes to members: a handler publishes `{type, data, id, at}` for a user id and every
 * gateway instance holding a socket of that member receives it. Ephemeral by design: a member who
 * is offline misses it and catches up through the HTTP routes.
 */
import type { PushMessage } from '../../contract/realtime.ts';
import type { Log } from '../logging.ts';

export type PushListener = (message: PushMessage) => void;

export interface PushBus {
  readonly kind: 'nats' | 'in-process';
  /** Throws when the bus is unreachable, so a handler's job fails and is retried. */
  publish(userId: number, message: PushMessage): Promise<void>;
  /** Listens for one member's pushes; returns the unsubscribe function. */
  subscribe(userId: number, listener: PushListener): () => void;
  close(): Promise<void>;
}

/** The embedded default: one process, so a map of listeners is the whole bus. */
export class InProcessPushBus implements PushBus {
  readonly kind = 'in-process' as const;
  private readonly listeners = new Map<number, Set<PushListener>>();

  private readonly log?: Log;
  constructor(log?: Log) {
    this.log = log;
  }

  async publish(userId: number, message: PushMessage): Promise<void> {
    // Serialised like the NATS bus does, so no listener shares an object with the publisher.
    const text = JSON.stringify(message);
    for (const listener of this.listeners.get(userId) ?? []) {
      queueMicrotask(() => {
        try {
          listener(JSON.parse(text) as PushMessage);
        } catch (error) {
          this.log?.error({ err: error, userId }, 'push listener failed');
        }
      });
    }
  }

  subscribe(userId: number, listener: PushListener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
