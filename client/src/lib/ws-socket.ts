/**
 * The socket wrapper: one WebSocket connection with the app's protocol (server/contract/realtime.ts)
 * on top. It opens with the token as a subprotocol (browsers cannot set headers on a WebSocket),
 * turns frames into typed server messages, sends JSON, and can be let go of without its close
 * handler running. What to do when it closes is the client's business (ws-client.ts).
 */
import { type ClientMessage, PUSH_TYPES, type PushMessage, type ServerMessage, WS_PATH, WS_PROTOCOL } from '@contract/realtime.ts';

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

export const browserSocket: SocketFactory = (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike;

const OPEN = 1;
const PUSH_TYPE_SET: ReadonlySet<string> = new Set(PUSH_TYPES);

/** ws:// or wss:// on the page's own host (the server and the app share an origin). */
export function realtimeUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${WS_PATH}`;
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

export interface ConnectionEvents {
  onOpen(): void;
  /** Every frame; null when it was malformed or of an unknown type (still a sign of life). */
  onMessage(message: ServerMessage | null): void;
  /** The connection closed by itself (never after discard()). */
  onClose(code: number): void;
}

/** One connection attempt. Throws when the socket cannot even be created (a bad address). */
export class Connection {
  private socket: SocketLike | null;

  constructor(createSocket: SocketFactory, url: string, token: string, events: ConnectionEvents) {
    const socket = createSocket(url, [WS_PROTOCOL, token]);
    this.socket = socket;
    socket.onopen = () => events.onOpen();
    socket.onmessage = (event) => events.onMessage(parseFrame(event.data));
    // An error is always followed by a close, which decides what happens next.
    socket.onerror = () => {};
    socket.onclose = (event) => {
      this.detach();
      events.onClose(typeof event?.code === 'number' ? event.code : 1006);
    };
  }

  /** Sends a client message when the socket is open; false otherwise. */
  send(message: ClientMessage): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  /** Lets go of the socket without running its close handler. */
  discard(code: number, reason: string): void {
    const socket = this.detach();
    if (!socket) return;
    try {
      socket.close(code, reason);
    } catch {
      // Already closed or closing.
    }
  }

  private detach(): SocketLike | null {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
    }
    return socket;
  }
}
