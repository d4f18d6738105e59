/**
 * One member's socket: bounded sends (a client that reads too slowly is dropped instead of
 * letting its queue grow in server memory) and liveness by ping/pong.
 */
import type { WebSocket } from 'ws';
import { WS_CLOSE, type ServerMessage } from '../contract/realtime.ts';

const OPEN = 1;
const CLOSED = 3;

export type DropReason = 'too-slow' | 'dead' | 'session-ended' | 'shutdown' | 'too-many';

export class MemberSocket {
  private alive = true;
  private closed = false;

  readonly userId: number;
  readonly sessionId: string;
  readonly socket: WebSocket;
  private readonly maxBufferedBytes: number;
  private readonly onDrop: (reason: DropReason) => void;
  constructor(userId: number, sessionId: string, socket: WebSocket, maxBufferedBytes: number, onDrop: (reason: DropReason) => void) {
    this.userId = userId;
    this.sessionId = sessionId;
    this.socket = socket;
    this.maxBufferedBytes = maxBufferedBytes;
    this.onDrop = onDrop;
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('close', () => {
      this.closed = true;
    });
  }

  get isOpen(): boolean {
    return !this.closed && this.socket.readyState === OPEN;
  }

  /** Queues a message; drops the client when its unsent data would pass the bound. */
  send(message: ServerMessage): boolean {
    if (!this.isOpen) return false;
    const data = JSON.stringify(message);
    if (this.socket.bufferedAmount + Buffer.byteLength(data) > this.maxBufferedBytes) {
      this.drop('too-slow', WS_CLOSE.tooSlow, 'too slow: reconnect and refetch');
      return false;
    }
    this.socket.send(data);
    return true;
  }

  /** One heartbeat tick: a socket that did not answer the previous ping is terminated. */
  heartbeat(): void {
    if (!this.isOpen) return;
    if (!this.alive) {
      this.onDrop('dead');
      this.closed = true;
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  /**
   * Closes with a code the client can act on, then terminates if the client has not finished the
   * close handshake soon (ws alone would wait 30 s; a slow client's queue is the problem itself).
   */
  drop(reason: DropReason, code: number, text: string): void {
    if (this.closed) return;
    this.closed = true;
    this.onDrop(reason);
    this.socket.close(code, text);
    const graceMs = reason === 'too-slow' ? 1_000 : 3_000;
    setTimeout(() => {
      if (this.socket.readyState !== CLOSED) this.socket.terminate();
    }, graceMs).unref();
  }
}
