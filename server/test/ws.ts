/** A WebSocket test client that records every message and how the socket closed. */
import WebSocket from 'ws';
import type { ServerMessage } from '../contract/realtime.ts';
import { waitFor } from './nats.ts';

export interface TestSocket {
  ws: WebSocket;
  messages: ServerMessage[];
  /** Resolves with the first message (already received or coming) that matches. */
  next(match: (message: ServerMessage) => boolean, timeoutMs?: number): Promise<ServerMessage>;
  closed: Promise<{ code: number; reason: string }>;
}

export function recordSocket(ws: WebSocket): TestSocket {
  const messages: ServerMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  return {
    ws,
    messages,
    closed,
    async next(match, timeoutMs = 10_000) {
      await waitFor(() => messages.some(match), timeoutMs, 'a matching message');
      return messages.find(match) as ServerMessage;
    },
  };
}

/** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(url: string, options: { headers?: Record<string, string>; protocols?: string[] } = {}): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options.protocols ?? [], { headers: options.headers });
    const recorded = recordSocket(ws);
    ws.once('open', () => resolve(recorded));
    ws.once('unexpected-response', (_request, response) =>
      reject(Object.assign(new Error(`HTTP ${response.statusCode}`), { statusCode: response.statusCode })),
    );
    ws.once('error', reject);
  });
}

export const wsUrl = (baseUrl: string, path = '/api/v1/ws') => `${baseUrl.replace(/^http/, 'ws')}${path}`;
