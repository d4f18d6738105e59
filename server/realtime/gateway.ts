/**
 * The realtime gateway: WebSocket at /api/v1/ws. The member is authenticated before the upgrade
 * (onRequest) by the auth plugin's own check, on a token from `Authorization: Token <jwt>` or
 * from the subprotocol list [WS_PROTOCOL, jwt] (browsers cannot set headers on a WebSocket);
 * a token in the query string is refused so no access log keeps it. Each socket is registered
 * under its member, whose pushes arrive through the push bus (NATS subject per member, or
 * in-process). A client's typing indicator goes to its chat's peer through the same bus, checked
 * and throttled by typing.ts. On close: every socket gets 1001 before the server stops.
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { WS_CLOSE, WS_PATH, WS_PROTOCOL } from '../contract/realtime.ts';
import { badRequest } from '../kernel/errors.ts';
import { authorizationHeaderToken, type TokenSource } from '../plugins/auth.ts';
import { selectActiveSessions, typingPeerOf } from './realtime.queries.ts';
import { ConnectionRegistry } from './registry.ts';
import { TypingRelay } from './typing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: ConnectionRegistry;
  }
}

const URL_TOKEN_PARAMS = ['token', 'access_token', 'jwt', 'auth'];

/** `betroth, <jwt>` -> the jwt. Only when WS_PROTOCOL is offered, since it is what the server selects. */
export function tokenFromProtocols(header: string | undefined): string | null {
  const offered = (header ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (!offered.includes(WS_PROTOCOL)) return null;
  return offered.find((item) => item !== WS_PROTOCOL) ?? null;
}

const upgradeToken: TokenSource = (request) =>
  authorizationHeaderToken(request) ?? tokenFromProtocols(request.headers['sec-websocket-protocol']);

export default fp(
  async (app) => {
    const { config } = app;
    const log = app.log.child({ component: 'realtime' });
    const typing = new TypingRelay({ push: app.events.push, log, typingPeer: (userId, matchId) => typingPeerOf(app.db, userId, matchId) });
    const registry = new ConnectionRegistry({
      push: app.events.push,
      log,
      metrics: app.metrics,
      maxBufferedBytes: config.wsMaxBufferedBytes,
      heartbeatMs: config.wsHeartbeatSeconds * 1000,
      activeSessions: (ids) => selectActiveSessions(app.db, ids),
      onTyping: (connection, matchId) => typing.onTyping(connection, matchId),
    });
    app.decorate('realtime', registry);

    // Added before @fastify/websocket's own preClose, which closes sockets without a code.
    app.addHook('preClose', async () => {
      await registry.closeAll(WS_CLOSE.serverShutdown, 'server shutting down');
    });

    await app.register(fastifyWebsocket, {
      options: {
        maxPayload: 4_096,
        // Answer with our protocol name, never with the token the client offered beside it.
        handleProtocols: (protocols: Set<string>) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
      },
    });

    async function authenticateUpgrade(request: FastifyRequest): Promise<void> {
      const query = new URL(request.url, 'http://localhost').searchParams;
      if (URL_TOKEN_PARAMS.some((name) => query.has(name))) {
        throw badRequest('Send the token in the Authorization header or the Sec-WebSocket-Protocol header, never in the URL.');
      }
      await app.authenticateFrom(request, upgradeToken);
    }

    app.get(WS_PATH, { websocket: true, onRequest: authenticateUpgrade }, (socket, request) => {
      registry.add(request.member.userId, request.member.sessionId, socket);
    });
  },
  { name: 'realtime', dependencies: ['auth', 'events', 'metrics'] },
);
