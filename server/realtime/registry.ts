/**
 * Who is connected to this instance. One push-bus subscription per member (not per socket): the
 * first socket of a member subscribes to their subject, the last one to close unsubscribes.
 * Every heartbeat tick pings the sockets and re-checks their sessions in one query, so sign-out,
 * password reset and deletion also end open sockets.
 */
import type { WebSocket } from 'ws';
import { type PushMessage, WS_CLOSE } from '../contract/realtime.ts';
import type { PushBus } from '../kernel/events/push.ts';
import type { Log } from '../kernel/logging.ts';
import type { Metrics } from '../kernel/metrics.ts';
import { parseClientMessage } from './client-messages.ts';
import { type DropReason, MemberSocket } from './connection.ts';

interface MemberEntry {
  sockets: Set<MemberSocket>;
  unsubscribe: () => void;
  /** Recently pushed ids, so a redelivered event reaches the member once. */
  recent: Set<string>;
}

export interface RegistryOptions {
  push: PushBus;
  log: Log;
  metrics: Metrics;
  maxBufferedBytes: number;
  heartbeatMs: number;
  activeSessions: (sessionIds: string[]) => Promise<Set<string>>;
  /** A client said it is typing in a chat (typing.ts decides whether anyone hears of it). */
  onTyping?: (connection: MemberSocket, matchId: number) => void;
}

const RECENT_IDS = 200;
/** Tabs and devices of one member; past it the oldest socket goes (it is the likeliest dead one). */
export const MAX_SOCKETS_PER_MEMBER = 10;

export class ConnectionRegistry {
  private readonly members = new Map<number, MemberEntry>();
  private readonly timer: NodeJS.Timeout;
  private closing = false;

  private readonly options: RegistryOptions;
  constructor(options: RegistryOptions) {
    this.options = options;
    this.timer = setInterval(() => void this.tick(), options.heartbeatMs);
    this.timer.unref();
  }

  get openSockets(): number {
    let count = 0;
    for (const entry of this.members.values()) count += entry.sockets.size;
    return count;
  }

  add(userId: number, sessionId: string, socket: WebSocket): MemberSocket | null {
    if (this.closing) {
      socket.close(WS_CLOSE.serverShutdown, 'server shutting down');
      return null;
    }
    const { metrics, log } = this.options;
    const connection = new MemberSocket(userId, sessionId, socket, this.options.maxBufferedBytes, (reason: DropReason) => {
      metrics.wsDropped.inc({ reason });
      log.info({ userId, reason }, 'websocket dropped');
    });
    let entry = this.members.get(userId);
    if (!entry) {
      const recent = new Set<string>();
      entry = { sockets: new Set(), recent, unsubscribe: this.options.push.subscribe(userId, (message) => this.deliver(userId, message)) };
      this.members.set(userId, entry);
    }
    if (entry.sockets.size >= MAX_SOCKETS_PER_MEMBER) {
      const oldest = entry.sockets.values().next().value as MemberSocket;
      oldest.drop('too-many', WS_CLOSE.tooManySockets, 'too many connections');
      this.remove(oldest);
    }
    entry.sockets.add(connection);
    metrics.wsOpen.inc();
    socket.on('close', () => this.remove(connection));
    socket.on('message', (data: Buffer, isBinary: boolean) => this.onClientMessage(connection, data, isBinary));
    connection.send({ type: 'hello', data: { userId, serverTime: new Date().toISOString() } });
    return connection;
  }

  /** Sends a push to every socket of the member on this instance, once per push id. */
  deliver(userId: number, message: PushMessage): void {
    const entry = this.members.get(userId);
    if (!entry) return;
    if (entry.recent.has(message.id)) return;
    entry.recent.add(message.id);
    if (entry.recent.size > RECENT_IDS) entry.recent.delete(entry.recent.values().next().value as string);
    for (const connection of entry.sockets) {
      if (connection.send(message)) this.options.metrics.pushesSent.inc({ type: message.type });
    }
  }

  /** Closes every socket with `code`, waits up to graceMs for the close handshakes, then terminates. */
  async closeAll(code: number, reason: string, graceMs = 2_000): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    const all = [...this.members.values()].flatMap((entry) => [...entry.sockets]);
    const closed = all.map(
      (connection) =>
        new Promise<void>((resolve) => {
          if (connection.socket.readyState === 3) return resolve();
          connection.socket.once('close', () => resolve());
        }),
    );
    for (const connection of all) connection.drop('shutdown', code, reason);
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.all(closed), timeout]);
    for (const connection of all) if (connection.socket.readyState !== 3) connection.socket.terminate();
  }

  private remove(connection: MemberSocket): void {
    const entry = this.members.get(connection.userId);
    if (!entry?.sockets.delete(connection)) return;
    this.options.metrics.wsOpen.dec();
    if (entry.sockets.size === 0) {
      this.members.delete(connection.userId);
      entry.unsubscribe();
    }
  }

  /** Unknown or malformed messages are ignored (client-messages.ts). */
  private onClientMessage(connection: MemberSocket, data: Buffer, isBinary: boolean): void {
    const message = parseClientMessage(data, isBinary);
    if (message?.type === 'ping') {
      connection.send({ type: 'pong', data: { serverTime: new Date().toISOString() } });
    } else if (message?.type === 'typing') {
      this.options.onTyping?.(connection, message.matchId);
    }
  }

  private async tick(): Promise<void> {
    const all = [...this.members.values()].flatMap((entry) => [...entry.sockets]);
    for (const connection of all) connection.heartbeat();
    if (all.length === 0) return;
    try {
      const active = await this.options.activeSessions([...new Set(all.map((c) => c.sessionId))]);
      for (const connection of all) {
        if (!active.has(connection.sessionId)) connection.drop('session-ended', WS_CLOSE.sessionEnded, 'session ended');
      }
    } catch (error) {
      this.options.log.warn({ err: error }, 'websocket session check failed');
    }
  }
}
