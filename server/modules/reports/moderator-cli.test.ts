/**
 * `npm run moderator -- grant|revoke <username>`: the role changes, one line is printed, an
 * unknown username exits 1 with a message, and every change is audited with no actor.
 */
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import t from 'tap';
import { connectDatabase } from '../../kernel/db/client.ts';
import { createTestDatabase } from '../../test/app.ts';
import { MODERATOR_USAGE, moderatorCommand } from './index.ts';

const root = new URL('../../../', import.meta.url);

function runCli(databaseUrl: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // No NODE_OPTIONS: Node alone loads the TypeScript (type stripping), as `npm run moderator` does.
    const env = { ...process.env, NODE_OPTIONS: '', DATABASE_URL: databaseUrl };
    const child = spawn(process.execPath, ['scripts/moderator.ts', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

t.test('granting and revoking the moderator role', async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const database = connectDatabase(databaseUrl, { max: 2 });
  t.teardown(() => database.close({ timeoutSeconds: 5 }));
  const { db } = database;
  const [{ id: adamId }] = await db.execute<{ id: number }>(
    sql`insert into users (username, email, password_hash) values ('Adam', 'adam@example.com', 'x') returning id`,
  );
  const roleOf = async () => (await db.execute<{ role: string }>(sql`select role from users where id = ${adamId}`))[0].role;
  t.equal(await roleOf(), 'member', 'every account starts as a member');

  t.test('the command line itself', async (t) => {
    const granted = await runCli(databaseUrl, ['grant', 'adam']);
    t.equal(granted.code, 0, granted.stderr);
    t.equal(granted.stdout, `Adam (user ${adamId}) is now a moderator.\n`, 'one line');
    t.equal(await roleOf(), 'moderator');
    const revoked = await runCli(databaseUrl, ['revoke', 'Adam']);
    t.equal(revoked.code, 0, revoked.stderr);
    t.equal(revoked.stdout, `Adam (user ${adamId}) is no longer a moderator.\n`);
    t.equal(await roleOf(), 'member');
    const unknown = await runCli(databaseUrl, ['grant', 'nobody']);
    t.equal(unknown.code, 1);
    t.equal(unknown.stderr, 'No member is called "nobody".\n');
    t.equal(unknown.stdout, '');
  });

  t.test('the command, called directly', async (t) => {
    t.same(await moderatorCommand(db, ['grant', 'adam']), { code: 0, line: `Adam (user ${adamId}) is now a moderator.` });
    t.same(await moderatorCommand(db, ['grant', 'adam']), { code: 0, line: `Adam (user ${adamId}) was already a moderator.` });
    t.same(await moderatorCommand(db, ['revoke', 'adam']), { code: 0, line: `Adam (user ${adamId}) is no longer a moderator.` });
    t.same(await moderatorCommand(db, ['revoke', 'adam']), { code: 0, line: `Adam (user ${adamId}) was not a moderator.` });
    t.same(await moderatorCommand(db, ['revoke', 'eve']), { code: 1, line: 'No member is called "eve".' });
    for (const args of [[], ['grant'], ['promote', 'adam'], ['grant', 'adam', 'eve']]) {
      t.same(await moderatorCommand(db, args), { code: 1, line: MODERATOR_USAGE }, `usage for ${JSON.stringify(args)}`);
    }
  });

  t.test('every grant and revoke is in the audit, with no actor', async (t) => {
    const rows = await db.execute<{ actor_id: number | null; subject_id: number; action: string; from_state: string; to_state: string }>(
      sql`select actor_id, subject_id, action, from_state, to_state from moderation_audit order by id`,
    );
    t.same(
      rows.map((row) => [row.actor_id, row.subject_id, row.action, row.from_state, row.to_state]),
      [
        [null, adamId, 'role.granted', 'member', 'moderator'],
        [null, adamId, 'role.revoked', 'moderator', 'member'],
        [null, adamId, 'role.granted', 'member', 'moderator'],
        [null, adamId, 'role.granted', 'moderator', 'moderator'],
        [null, adamId, 'role.revoked', 'moderator', 'member'],
        [null, adamId, 'role.revoked', 'member', 'member'],
      ],
    );
    t.equal(await roleOf(), 'member');
  });
});
