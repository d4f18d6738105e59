/**
 * The API as the benchmarks drive it: built and ready on the bench's database, with fixed secrets,
 * mail thrown away and quiet logs. `env` adds settings (the view budgets, WORKERS) to the test
 * configuration; `tokensFor` signs members in without a password check, so a run's set-up does not
 * spend minutes on argon2.
 */
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/kernel/config.ts';
import type { Db } from '../../server/kernel/db/client.ts';
import { sessions } from '../../server/kernel/db/schema/index.ts';

/** The per-member view budgets would stop a benchmark's viewers after a few hundred pages. */
export const UNLIMITED_VIEWS = { PROFILE_VIEW_LIMIT_PER_HOUR: '1000000', DISCOVERY_LIMIT_PER_HOUR: '1000000' } as const;

export async function buildBenchApp(db: Db, databaseUrl: string, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir(), ...env });
  const app = await buildApp({
    config,
    db,
    mailer: { send: async () => {} },
    jwtSecret: 'bench-secret-bench-secret-bench-secret!',
    identityHashSecret: 'bench-identity-secret-bench-identity-secret!',
  });
  await app.ready();
  return app;
}

/** A live session for each member, as `Authorization` header values. */
export async function tokensFor(app: FastifyInstance, db: Db, userIds: number[]): Promise<string[]> {
  const rows = await db
    .insert(sessions)
    .values(userIds.map((userId) => ({ userId, expiresAt: new Date(Date.now() + 86_400_000) })))
    .returning({ id: sessions.id, userId: sessions.userId });
  return rows.map((row) => `Token ${app.issueToken({ userId: row.userId, sessionId: row.id })}`);
}
