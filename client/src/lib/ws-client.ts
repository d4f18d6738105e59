/**
 * The realtime socket of one signed-in tab (protocol: server/contract/realtime.ts): the life cycle
 * that ties together the socket wrapper (ws-socket.ts), the reconnect policy (ws-reconnect.ts) and
 * the dedup window (ws-dedup.ts).
 *
 * - Reconnects with backoff after a drop: server restart (1001), abnormal close / network loss
 *   (1006), too slow (4008), a failed handshake, or a heartbeat that got no answer. Going offline
 *   closes at once; coming back online reconnects at once.
 * - Never reconnects after 4001 (the session ended: `onSessionEnded`, the member signs in again)
 *   nor after 4029 (the member opened too many sockets and this, the oldest, was let go).
 * - Drops repeated push ids.
 *
 * No React and no DOM at import time: the socket, timers and network events are passed in, so the
 * whole life cycle is unit-tested with a fake WebSocket (ws-client.test.ts).
 */
import { type ClientMessage, type PushMessage, type ServerMessage, WS_CLOSE } from '@contract/realtime.ts';
import { DEFAULT_REMEMBERED_IDS, RecentIds } from './ws-dedup.ts';
import { alwaysOnline, browserTimers, type NetworkWatch, type Timers } from './ws-environment.ts';
import { backoffDelay, isFinalClose } from './ws-reconnect.ts';
import { browserSocket, Connection, type SocketFactory } from './ws-socket.ts';

// The pieces realtime.tsx wires in come through this one entry.
export { browserNetwork } from './ws-environment.ts';
export { realtimeUrl } from './ws-socket.ts';

/**
 * 'open': connected, pushes arrive and send() works. 'connecting': not connected now but trying
 * (handshake under way, a retry scheduled, or waiting for the network). 'closed': not trying at
 * all (signed out, session ended, or let go for too many sockets).
 */
export type RealtimeStatus = 'connecting' | 'open' | 'closed';

export interface RealtimeClientOptions {
  url: string;
  /** The session token, read at every connect; null stops the client. */
  getToken: () => string | null;
  /** Every push, once per push id. */
  onPush: (message: PushMessage) => void;
  onStatus?: (status: RealtimeStatus) => void;
  /**
   * A connection opened. `reconnected` is true when an earlier connection dropped or an earlier
   * attempt failed: pushes may have been missed, so lists should be fetched again.
   */
  onOpen?: (info: { reconnected: boolean }) => void;
  /** The server closed with 4001: the session is over (signed out elsewhere, password reset, deleted). */
  onSessionEnded?: () => void;
  createSocket?: SocketFactory;
  timers?: Timers;
  network?: NetworkWatch;
  random?: () => number;
  now?: () => number;
  /** How many recent push ids are remembered for deduplication. */
  rememberIds?: number;
  /** A ping is sent after this long without any message; 0 turns the heartbeat off. */
  heartbeatMs?: number;
  /** No message at all this long after a ping: the connection is taken for dead and replaced. */
  pongTimeoutMs?: number;
}

export const DEFAULT_HEARTBEAT_MS = 30_000;
export const DEFAULT_PONG_TIMEOUT_MS = 10_000;
/** The code this client closes with when it replaces a connection it believes dead. */
export const CLIENT_DEAD_CLOSE = 4000;

export class RealtimeClient {
  private readonly options: Required<Omit<RealtimeClientOptions, 'onStatus' | 'onOpen' | 'onSessionEnded'>> &
    Pick<RealtimeClientOptions, 'onStatus' | 'onOpen' | 'onSessionEnded'>;
  private readonly seen: RecentIds;
  private connection: Connection | null = null;
  private statusValue: RealtimeStatus = 'closed';
  private running = false;
  /** Failed or dropped connections since the last greeting: the backoff exponent. */
  private attempt = 0;
  /** Something dropped or failed since the last open: pushes may have been missed. */
  private missed = false;
  /**
   * The browser said the network went away (an 'offline' event) and has not said it is back.
   * Only that transition holds connecting back: `navigator.onLine` alone is a hint, not proof. A
   * browser with no network interface but loopback reports itself offline from the start, yet the
   * server that just served this page on the same machine is reachable.
   */
  private wentOffline = false;
  private retryTimer: unknown = null;
  private heartbeatTimer: unknown = null;
  private pongTimer: unknown = null;
  private unwatchNetwork: (() => void) | null = null;
  /** `at` of the newest push seen, or the server time of the last greeting. */
  lastSeenAt: string | null = null;

  constructor(options: RealtimeClientOptions) {
    this.options = {
      createSocket: browserSocket,
      timers: browserTimers,
      network: alwaysOnline,
      random: Math.random,
      now: Date.now,
      rememberIds: DEFAULT_REMEMBERED_IDS,
      heartbeatMs: DEFAULT_HEARTBEAT_MS,
      pongTimeoutMs: DEFAULT_PONG_TIMEOUT_MS,
      ...options,
    };
    this.seen = new RecentIds(this.options.rememberIds);
  }

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  /** Connects (once; calling it again while running does nothing). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.unwatchNetwork = this.options.network.subscribe(
      () => this.onOnline(),
      () => this.onOffline(),
    );
    this.connect();
  }

  /** Closes the socket for good (sign-out, unmount); no reconnect follows. */
  stop(): void {
    if (!this.running) return;
    this.halt();
    this.setStatus('closed');
  }

  /** Sends a client message when the socket is open; false otherwise. */
  send(message: ClientMessage): boolean {
    if (this.statusValue !== 'open' || !this.connection) return false;
    return this.connection.send(message);
  }

  private halt(): void {
    this.running = false;
    this.clearRetry();
    this.unwatchNetwork?.();
    this.unwatchNetwork = null;
    this.discardConnection(1000, 'client closed');
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    this.options.onStatus?.(status);
  }

  private connect(): void {
    this.clearRetry();
    if (!this.running || this.connection) return;
    const token = this.options.getToken();
    if (!token) {
      this.stop();
      return;
    }
    if (this.wentOffline && !this.options.network.online()) {
      // Wait for the 'online' event.
      this.missed = true;
      this.setStatus('connecting');
      return;
    }
    try {
      this.connection = new Connection(this.options.createSocket, this.options.url, token, {
        onOpen: () => {
          const reconnected = this.missed;
          this.missed = false;
          this.setStatus('open');
          this.armHeartbeat();
          this.options.onOpen?.({ reconnected });
        },
        onMessage: (message) => {
          this.armHeartbeat();
          this.onFrame(message);
        },
        onClose: (code) => {
          this.connection = null;
          this.onClosed(code);
        },
      });
    } catch {
      this.missed = true;
      this.scheduleRetry();
      return;
    }
    this.setStatus('connecting');
  }

  private onFrame(message: ServerMessage | null): void {
    if (!message || message.type === 'pong') return;
    if (message.type === 'hello') {
      // The server took the connection: the next drop starts the backoff from 1 s again.
      this.attempt = 0;
      if (this.lastSeenAt === null && typeof message.data.serverTime === 'string') this.lastSeenAt = message.data.serverTime;
      return;
    }
    if (!this.seen.add(message.id)) return;
    if (typeof message.at === 'string') this.lastSeenAt = message.at;
    this.options.onPush(message);
  }

  private onClosed(code: number): void {
    if (!this.running) return;
    if (isFinalClose(code)) {
      this.halt();
      this.setStatus('closed');
      if (code === WS_CLOSE.sessionEnded) this.options.onSessionEnded?.();
      return;
    }
    this.missed = true;
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    this.clearRetry();
    if (!this.running) return;
    const delay = backoffDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.setStatus('connecting');
    this.retryTimer = this.options.timers.set(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.options.timers.clear(this.retryTimer);
    this.retryTimer = null;
    this.clearHeartbeat();
  }

  /** After every message: ping when the line has been quiet for heartbeatMs. */
  private armHeartbeat(): void {
    this.clearHeartbeat();
    const { heartbeatMs, pongTimeoutMs, timers } = this.options;
    if (heartbeatMs <= 0) return;
    this.heartbeatTimer = timers.set(() => {
      this.heartbeatTimer = null;
      if (!this.send({ type: 'ping' })) return;
      this.pongTimer = timers.set(() => {
        this.pongTimer = null;
        this.replaceDeadConnection();
      }, pongTimeoutMs);
    }, heartbeatMs);
  }

  private clearHeartbeat(): void {
    const { timers } = this.options;
    if (this.heartbeatTimer !== null) timers.clear(this.heartbeatTimer);
    if (this.pongTimer !== null) timers.clear(this.pongTimer);
    this.heartbeatTimer = null;
    this.pongTimer = null;
  }

  /** No answer to a ping: a half-open connection (sleep, network change). Replace it now. */
  private replaceDeadConnection(): void {
    if (!this.running || !this.connection) return;
    this.discardConnection(CLIENT_DEAD_CLOSE, 'no answer to ping');
    this.onClosed(1006);
  }

  private onOffline(): void {
    if (!this.running) return;
    this.wentOffline = true;
    // The socket cannot be trusted any more and would only close after a long timeout.
    this.discardConnection(CLIENT_DEAD_CLOSE, 'offline');
    this.clearRetry();
    this.missed = true;
    this.setStatus('connecting');
  }

  private onOnline(): void {
    this.wentOffline = false;
    if (!this.running || this.statusValue === 'open') return;
    this.attempt = 0;
    if (!this.connection) this.connect();
  }

  /** Lets go of the current connection without running its close handler. */
  private discardConnection(code: number, reason: string): void {
    this.clearHeartbeat();
    const connection = this.connection;
    this.connection = null;
    connection?.discard(code, reason);
  }
}
