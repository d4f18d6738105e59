/**
 * The realtime socket of one signed-in tab (protocol: server/contract/realtime.ts).
 *
 * - Authenticates as browsers must: `new WebSocket(url, [WS_PROTOCOL, token])`.
 * - Reconnects with exponential backoff and jitter (1 s doubling to 30 s) after a drop: server
 *   restart (1001), abnormal close / network loss (1006), too slow (4008), a failed handshake, or
 *   a heartbeat that got no answer. Going offline closes at once; coming back online reconnects
 *   at once.
 * - Never reconnects after 4001 (the session ended: `onSessionEnded`, the member signs in again)
 *   nor after 4029 (the member opened too many sockets and this, the oldest, was let go).
 * - Drops repeated push ids (a bounded memory of the most recent ones).
 *
 * No React and no DOM at import time: the socket, timers and network events are passed in, so the
 * whole life cycle is unit-tested with a fake WebSocket (ws-client.test.ts).
 */
import {
  type ClientMessage,
  PUSH_TYPES,
  type PushMessage,
  type ServerMessage,
  WS_CLOSE,
  WS_PATH,
  WS_PROTOCOL,
} from '../../../server/contract/realtime.ts';

/**
 * 'open': connected, pushes arrive and send() works. 'connecting': not connected now but trying
 * (handshake under way, a retry scheduled, or waiting for the network). 'closed': not trying at
 * all (signed out, session ended, or let go for too many sockets).
 */
export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** What the client needs of a WebSocket: the browser's, or a fake in tests. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string, protocols: string[]) => SocketLike;

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Whether the device has a network, and word when that changes. */
export interface NetworkWatch {
  online(): boolean;
  /** Answers an unsubscribe function. */
  subscribe(onOnline: () => void, onOffline: () => void): () => void;
}

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

export const BACKOFF_INITIAL_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
export const DEFAULT_REMEMBERED_IDS = 500;
export const DEFAULT_HEARTBEAT_MS = 30_000;
export const DEFAULT_PONG_TIMEOUT_MS = 10_000;
/** The code this client closes with when it replaces a connection it believes dead. */
export const CLIENT_DEAD_CLOSE = 4000;

const OPEN = 1;
const PUSH_TYPE_SET: ReadonlySet<string> = new Set(PUSH_TYPES);

/** Close codes after which the client must not connect again with the same token. */
const FINAL_CLOSES: ReadonlySet<number> = new Set([WS_CLOSE.sessionEnded, WS_CLOSE.tooManySockets]);

/**
 * Delay before reconnect attempt number `attempt` (0-based): 1 s doubling up to 30 s, each
 * lowered by up to 30 % at random so many tabs dropped together do not come back together.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** Math.min(Math.max(attempt, 0), 16));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(base * (1 - 0.3 * r));
}

/** ws:// or wss:// on the page's own host (the server and the app share an origin). */
export function realtimeUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${WS_PATH}`;
}

/** A set of the `limit` most recently added strings. */
export class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly limit: number) {}

  /** Adds the id; false when it was already there. */
  add(id: string): boolean {
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    if (this.ids.size > this.limit) this.ids.delete(this.ids.values().next().value as string);
    return true;
  }

  get size(): number {
    return this.ids.size;
  }
}

/** A server frame: a push of a known type, hello or pong; null for anything malformed or unknown. */
export function parseFrame(raw: unknown): ServerMessage | null {
  if (typeof raw !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { type, id, data } = message as { type?: unknown; id?: unknown; data?: unknown };
  if (typeof data !== 'object' || data === null) return null;
  if (type === 'hello' || type === 'pong') return message as ServerMessage;
  if (typeof type !== 'string' || !PUSH_TYPE_SET.has(type)) return null;
  if (typeof id !== 'string' || id === '') return null;
  return message as PushMessage;
}

const browserTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The browser's online/offline events; always online where there is no window. */
export function browserNetwork(): NetworkWatch {
  const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  return {
    online: () => (typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean' ? true : navigator.onLine),
    subscribe(onOnline, onOffline) {
      if (!hasWindow) return () => {};
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      return () => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      };
    },
  };
}

const browserSocket: SocketFactory = (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike;

export class RealtimeClient {
  private readonly options: Required<Omit<RealtimeClientOptions, 'onStatus' | 'onOpen' | 'onSessionEnded'>> &
    Pick<RealtimeClientOptions, 'onStatus' | 'onOpen' | 'onSessionEnded'>;
  private readonly seen: RecentIds;
  private socket: SocketLike | null = null;
  private statusValue: RealtimeStatus = 'closed';
  private running = false;
  /** Failed or dropped connections since the last greeting: the backoff exponent. */
  private attempt = 0;
  /** Something dropped or failed since the last open: pushes may have been missed. */
  private missed = false;
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
      network: { online: () => true, subscribe: () => () => {} },
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
    const socket = this.socket;
    if (this.statusValue !== 'open' || !socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  private halt(): void {
    this.running = false;
    this.clearRetry();
    this.unwatchNetwork?.();
    this.unwatchNetwork = null;
    this.discardSocket(1000, 'client closed');
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.statusValue) return;
    this.statusValue = status;
    this.options.onStatus?.(status);
  }

  private connect(): void {
    this.clearRetry();
    if (!this.running || this.socket) return;
    const token = this.options.getToken();
    if (!token) {
      this.stop();
      return;
    }
    if (!this.options.network.online()) {
      // Wait for the 'online' event.
      this.missed = true;
      this.setStatus('connecting');
      return;
    }
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url, [WS_PROTOCOL, token]);
    } catch {
      this.missed = true;
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnected = this.missed;
      this.missed = false;
      this.setStatus('open');
      this.armHeartbeat();
      this.options.onOpen?.({ reconnected });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.armHeartbeat();
      this.onFrame(event.data);
    };
    // An error is always followed by a close, which decides what happens next.
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.detach(socket);
      this.socket = null;
      this.onClosed(typeof event?.code === 'number' ? event.code : 1006);
    };
  }

  private onFrame(raw: unknown): void {
    const message = parseFrame(raw);
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
    if (FINAL_CLOSES.has(code)) {
      this.halt();
      this.setStatus('closed');
      if (code === WS_CLOSE.sessionEnded) this.options.onSessionEnded?.();
      return;
    }
    // 1001 server restart, 1006 network loss, 4008 too slow, a refused or failed handshake,
    // and anything unexpected: try again with backoff.
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
        this.replaceDeadSocket();
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
  private replaceDeadSocket(): void {
    if (!this.running || !this.socket) return;
    this.discardSocket(CLIENT_DEAD_CLOSE, 'no answer to ping');
    this.onClosed(1006);
  }

  private onOffline(): void {
    if (!this.running) return;
    // The socket cannot be trusted any more and would only close after a long timeout.
    this.discardSocket(CLIENT_DEAD_CLOSE, 'offline');
    this.clearRetry();
    this.missed = true;
    this.setStatus('connecting');
  }

  private onOnline(): void {
    if (!this.running || this.statusValue === 'open') return;
    this.attempt = 0;
    if (!this.socket) this.connect();
  }

  private detach(socket: SocketLike): void {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }

  /** Lets go of the current socket without running its close handler. */
  private discardSocket(code: number, reason: string): void {
    const socket = this.socket;
    this.clearHeartbeat();
    if (!socket) return;
    this.socket = null;
    this.detach(socket);
    try {
      socket.close(code, reason);
    } catch {
      // Already closed or closing.
    }
  }
}
