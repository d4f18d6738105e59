/**
 * Token authentication: `Authorization: Token <jwt>` (or `Bearer <jwt>`). The JWT carries a
 * session id; the session row decides, so sign-out, reset and deletion end access at once.
 * Requests that carry the token elsewhere (the WebSocket upgrade) name where to find it and go
 * through the very same check, so there is one place that decides who a caller is.
 */
import fastifyJwt from '@fastify/jwt';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { preparedQuery } from '../kernel/db/prepared.ts';
import { sessions } from '../kernel/db/schema/index.ts';
import { unauthorized } from '../kernel/errors.ts';
import { verifiedTokens } from './verified-tokens.ts';

export interface Member {
  userId: number;
  sessionId: string;
}

/** Where a request carries its raw token; null when it carries none. */
export type TokenSource = (request: FastifyRequest) => string | null;

interface TokenClaims {
  sid: string;
  sub: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for routes that need a signed-in member (token in the Authorization header). */
    authenticate(request: FastifyRequest): Promise<void>;
    /** The same check on a token found by `source`: sets request.member, or throws 401. */
    authenticateFrom(request: FastifyRequest, source: TokenSource): Promise<void>;
    /** Resolves a raw token to its member, or null when it is forged, expired or revoked. */
    memberFromToken(token: string): Promise<Member | null>;
    issueToken(member: Member): string;
  }
  interface FastifyRequest {
    member: Member;
  }
}

/** Every authenticated request runs this: built once, prepared, one round trip. */
const liveSession = preparedQuery<Array<{ userId: number }>, { sid: string }>((db) =>
  db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('sid')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`))),
);

const SCHEME = /^(?:Token|Bearer)\s+(\S+)$/i;
const TOKEN_ALGORITHM = 'HS256';

export function tokenFromHeader(header: string | undefined): string | null {
  return header?.match(SCHEME)?.[1] ?? null;
}

export const authorizationHeaderToken: TokenSource = (request) => tokenFromHeader(request.headers.authorization);

export default fp<{ secret: string; ttlDays: number }>(
  async (app, options) => {
    // One algorithm both ways: a verifier that accepts any HS* lets a token choose how it is
    // checked, and nothing here ever signs with anything but HS256.
    await app.register(fastifyJwt, {
      secret: options.secret,
      sign: { algorithm: TOKEN_ALGORITHM, expiresIn: `${options.ttlDays}d` },
      verify: { algorithms: [TOKEN_ALGORITHM] },
    });

    app.decorate('issueToken', (member: Member) =>
      app.jwt.sign({ sid: member.sessionId, sub: String(member.userId) } satisfies TokenClaims),
    );

    const verified = verifiedTokens<TokenClaims>();
    app.decorate('memberFromToken', async (token: string): Promise<Member | null> => {
      let claims: TokenClaims;
      try {
        claims = verified.claimsOf(token, (raw) => app.jwt.verify<TokenClaims & { exp?: number }>(raw));
      } catch {
        return null;
      }
      if (typeof claims.sid !== 'string' || !/^[0-9a-f-]{36}$/i.test(claims.sid)) return null;
      const [session] = await liveSession(app.db, { sid: claims.sid });
      return session ? { userId: session.userId, sessionId: claims.sid } : null;
    });

    app.decorateRequest('member', null as unknown as Member);

    app.decorate('authenticateFrom', async (request: FastifyRequest, source: TokenSource) => {
      const token = source(request);
      if (!token) throw unauthorized();
      const member = await app.memberFromToken(token);
      if (!member) throw unauthorized('Invalid or expired token.');
      request.member = member;
    });

    app.decorate('authenticate', (request: FastifyRequest) => app.authenticateFrom(request, authorizationHeaderToken));
  },
  { name: 'auth', dependencies: ['context'] },
);
