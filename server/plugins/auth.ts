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
import { type Restriction, RESTRICTED_CODE, restrictedSentence } from '../contract/restrictions.ts';
import { sessions, users } from '../kernel/db/schema/index.ts';
import { AppError, unauthorized } from '../kernel/errors.ts';
import { verifiedTokens } from './verified-tokens.ts';

export interface Member {
  userId: number;
  sessionId: string;
  /** Set while a moderator's suspension runs or a ban stands: the member may use only the routes marked `allowRestricted`. */
  restriction: Restriction | null;
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
    issueToken(member: Pick<Member, 'userId' | 'sessionId'>): string;
  }
  interface FastifyRequest {
    member: Member;
  }
  interface FastifyContextConfig {
    /**
     * A suspended or banned member may call this route: reading their statements of reasons,
     * appealing, signing out and deleting the account. Every other authenticated route (and the
     * WebSocket upgrade) answers them 403 with the restriction's sentence.
     */
    allowRestricted?: boolean;
  }
}

/**
 * Every authenticated request runs this: built once, prepared, one round trip. The account's
 * restriction comes in the same row; a suspension whose end has passed reads as none (the
 * database's clock decides, so suspensions end by themselves with nothing to clear them).
 */
const liveSession = preparedQuery<Array<{ userId: number; suspendedUntil: Date | null; bannedAt: Date | null }>, { sid: string }>((db) =>
  db
    .select({
      userId: sessions.userId,
      suspendedUntil: sql<Date | null>`case when ${users.suspendedUntil} > now() then ${users.suspendedUntil} end`.mapWith(
        users.suspendedUntil,
      ),
      bannedAt: users.bannedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sid')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`))),
);

function restrictionOf(row: { suspendedUntil: Date | null; bannedAt: Date | null }): Restriction | null {
  if (row.bannedAt) return { kind: 'banned', since: row.bannedAt };
  if (row.suspendedUntil) return { kind: 'suspended', until: row.suspendedUntil };
  return null;
}

/** The 403 a restricted member gets from a route they may not use. */
export const restricted = (restriction: Restriction) => new AppError(RESTRICTED_CODE, 403, restrictedSentence(restriction));

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

    app.decorate('issueToken', (member: Pick<Member, 'userId' | 'sessionId'>) =>
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
      return session ? { userId: session.userId, sessionId: claims.sid, restriction: restrictionOf(session) } : null;
    });

    app.decorateRequest('member', null as unknown as Member);

    app.decorate('authenticateFrom', async (request: FastifyRequest, source: TokenSource) => {
      const token = source(request);
      if (!token) throw unauthorized();
      const member = await app.memberFromToken(token);
      if (!member) throw unauthorized('Invalid or expired token.');
      if (member.restriction && request.routeOptions.config.allowRestricted !== true) throw restricted(member.restriction);
      request.member = member;
    });

    app.decorate('authenticate', (request: FastifyRequest) => app.authenticateFrom(request, authorizationHeaderToken));
  },
  { name: 'auth', dependencies: ['context'] },
);
