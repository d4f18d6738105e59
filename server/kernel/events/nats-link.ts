/**
 * The process's one NATS connection, opened in the background: start-up never waits for NATS,
 * a missing server is retried with backoff, and after the first connection the client itself
 * reconnects forever (resubscribing). `current()` answers null while disconnected so callers
 * fail fast and retry instead of queueing work behind a dead link.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Log } from '../logging.ts';
import { backoffDelay } from './backoff.ts';

export interface NatsLinkOptions {
  url: string;
  /** Shown in the server's connection list, e.g. 'betroth-api'. */
  name: string;
  log: Log;
}

export class NatsLink {
  private nc: NatsConnection | null = null;
  private connected = false;
  private closed = false;
  private connecting: Promise<void> | null = null;
  private wakeSleeper: (() => void) | null = null;
  private readonly connectListeners = new Set<(nc: NatsConnection) => void>();

  private readonly options: NatsLinkOptions;
  constructor(options: NatsLinkOptions) {
    this.options = options;
  }

  get url(): string {
    return this.options.url;
  }

  start(): void {
    this.connecting ??= this.connectLoop();
  }

  /** The connection when it is up right now, else null. */
  current(): NatsConnection | null {
    return this.connected && this.nc && !this.nc.isClosed() ? this.nc : null;
  }

  /** Calls fn with the connection once it first exists (at once if it does). */
  onConnect(fn: (nc: NatsConnection) => void): () => void {
    if (this.nc) fn(this.nc);
    else this.connectListeners.add(fn);
    return () => this.connectListeners.delete(fn);
  }

  /** Waits until connected (starting the link if needed); rejects after timeoutMs or on close. */
  ready(timeoutMs = 30_000): Promise<NatsConnection> {
    this.start();
    const now = this.current();
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(new Error(`NATS at ${this.options.url} not reachable within ${timeoutMs} ms`));
      }, timeoutMs);
      const off = this.onConnect((nc) => {
        clearTimeout(timer);
        resolve(nc);
      });
    });
  }

  /** A round trip to the server within timeoutMs (readiness probe). */
  async ping(timeoutMs = 2_000): Promise<boolean> {
    const nc = this.current();
    if (!nc) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        nc.flush(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeSleeper?.();
    await this.connecting;
    const nc = this.nc;
    if (!nc || nc.isClosed()) return;
    // Drain delivers what is buffered and unsubscribes cleanly; a dead link cannot drain.
    if (this.connected) {
      const drained = nc.drain().then(
        () => true,
        () => false,
      );
      const timedOut = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 3_000).unref());
      if (await Promise.race([drained, timedOut])) return;
    }
    await nc.close().catch(() => {});
  }

  private async connectLoop(): Promise<void> {
    const { url, name, log } = this.options;
    for (let attempt = 1; !this.closed; attempt += 1) {
      try {
        const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 1_000, timeout: 3_000 });
        if (this.closed) {
          await nc.close();
          return;
        }
        this.nc = nc;
        this.connected = true;
        void this.watch(nc);
        log.info({ server: nc.getServer() }, 'connected to NATS');
        for (const listener of this.connectListeners) listener(nc);
        this.connectListeners.clear();
        return;
      } catch (error) {
        const delay = backoffDelay(attempt, { baseMs: 250, maxMs: 10_000 });
        if (attempt === 1 || attempt % 10 === 0) {
          log.warn({ err: error, url, attempt, retryInMs: delay }, 'NATS not reachable, retrying');
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          timer.unref();
          this.wakeSleeper = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeSleeper = null;
      }
    }
  }

  private async watch(nc: NatsConnection): Promise<void> {
    const { log } = this.options;
    try {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect') {
          this.connected = false;
          log.warn({ server: status.server }, 'NATS disconnected, reconnecting');
        } else if (status.type === 'reconnect') {
          this.connected = true;
          log.info({ server: status.server }, 'NATS reconnected');
        }
      }
    } catch {
      // The status iterator ends with the connection.
    }
    this.connected = false;
  }
}
