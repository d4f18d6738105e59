import { sql } from 'drizzle-orm';
import t from 'tap';
import { AUTH_MESSAGES } from '../../contract/auth.ts';
import { buildTestApp } from '../../test/app.ts';
import { signUp } from '../../test/factories.ts';
import { waitFor } from '../../test/nats.ts';

// The mail is sent after the answer: wait for it to land in the test mailbox.
const nextMail = (mailbox: unknown[], count: number) => waitFor(() => mailbox.length >= count, 10_000, `mail number ${count}`);

const tokenFrom = (text: string) => text.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '';

t.test('password reset', async (t) => {
  const { app, db, mailbox } = await buildTestApp(t, { PUBLIC_URL: 'https://betroth.example' });
  const member = await signUp(app, { username: 'resetter', email: 'resetter@example.com', password: 'Old-Password-1' });
  const request = (email: string) => app.inject({ method: 'POST', url: '/api/v1/request-password-reset/', payload: { email } });
  const confirm = (payload: Record<string, string>) => app.inject({ method: 'POST', url: '/api/v1/reset-password-confirm/', payload });
  const signin = (password: string) => app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username: 'resetter', password } });

  t.test('unknown and known emails get the same 200; only the real one gets mail', async (t) => {
    const unknown = await request('nobody@example.com');
    const known = await request('Resetter@Example.com');
    t.equal(unknown.statusCode, 200);
    t.equal(known.statusCode, 200);
    t.same(unknown.json(), known.json());
    // Mails go out in request order, so the known address's mail is the sentinel: once it is
    // there, a mail for the unknown address would be there too.
    await nextMail(mailbox, 1);
    t.equal(mailbox.length, 1);
    t.equal(mailbox[0].to, 'resetter@example.com');
    t.match(mailbox[0].text, /https:\/\/betroth\.example\/reset-password\?token=[A-Za-z0-9_-]{40,}/);
  });

  t.test('an invalid email address is a 400 with the spec message', async (t) => {
    const response = await request('nope');
    t.equal(response.statusCode, 400);
    t.equal(response.json().error, AUTH_MESSAGES.invalidEmail);
  });

  t.test('only a hash of the token is stored', async (t) => {
    const token = tokenFrom(mailbox[0].text);
    const rows = await db.execute<{ token_hash: string }>(sql`select token_hash from password_resets`);
    t.equal(rows.length, 1);
    t.not(rows[0].token_hash, token);
    t.match(rows[0].token_hash, /^[0-9a-f]{64}$/);
  });

  t.test('weak or mismatched new passwords get the spec messages and use nothing up', async (t) => {
    const token = tokenFrom(mailbox[0].text);
    const weak = await confirm({ token, new_password: 'alllowercase', confirm_password: 'alllowercase' });
    t.equal(weak.statusCode, 400);
    t.same(weak.json().errors.new_password, [AUTH_MESSAGES.passwordNeedsUppercase, AUTH_MESSAGES.passwordNeedsNumber]);
    const mismatch = await confirm({ token, new_password: 'New-Password-2', confirm_password: 'New-Password-3' });
    t.same(mismatch.json().errors.confirm_password, [AUTH_MESSAGES.passwordsDontMatch]);
    const [row] = await db.execute<{ used: boolean }>(sql`select used_at is not null as used from password_resets`);
    t.equal(row.used, false);
  });

  t.test('a valid token sets the password once, and revokes every session', async (t) => {
    const token = tokenFrom(mailbox[0].text);
    const ok = await confirm({ token, new_password: 'New-Password-2', confirm_password: 'New-Password-2' });
    t.equal(ok.statusCode, 200);
    t.equal((await signin('Old-Password-1')).statusCode, 400, 'old password no longer works');
    t.equal((await signin('New-Password-2')).statusCode, 200, 'new password works');
    const oldSession = await app.inject({ method: 'POST', url: '/api/v1/signout/', headers: member.auth });
    t.equal(oldSession.statusCode, 401, 'sessions from before the reset are revoked');

    const again = await confirm({ token, new_password: 'Third-Password-3', confirm_password: 'Third-Password-3' });
    t.equal(again.statusCode, 400, 'a used token is refused');
    t.equal(again.json().error, AUTH_MESSAGES.resetTokenInvalid);
  });

  t.test('an expired token is refused', async (t) => {
    await request('resetter@example.com');
    await nextMail(mailbox, 2);
    const token = tokenFrom(mailbox[1].text);
    await db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where used_at is null`);
    const response = await confirm({ token, new_password: 'Later-Password-4', confirm_password: 'Later-Password-4' });
    t.equal(response.statusCode, 400);
    t.equal(response.json().error, AUTH_MESSAGES.resetTokenInvalid);
    t.equal((await signin('New-Password-2')).statusCode, 200, 'password unchanged');
  });

  t.test('using one link voids every older link of the account', async (t) => {
    const before = mailbox.length;
    await request('resetter@example.com');
    await nextMail(mailbox, before + 1);
    await request('resetter@example.com');
    await nextMail(mailbox, before + 2);
    const older = tokenFrom(mailbox[before].text);
    const newer = tokenFrom(mailbox[before + 1].text);
    t.not(older, newer);
    const used = await confirm({ token: newer, new_password: 'Newest-Password-5', confirm_password: 'Newest-Password-5' });
    t.equal(used.statusCode, 200);
    const stale = await confirm({ token: older, new_password: 'Stale-Password-6', confirm_password: 'Stale-Password-6' });
    t.equal(stale.statusCode, 400, 'the older link is dead');
    t.equal(stale.json().error, AUTH_MESSAGES.resetTokenInvalid);
    t.equal((await signin('Newest-Password-5')).statusCode, 200, 'the chosen password stands');
    const [row] = await db.execute<{ open: number }>(sql`select count(*)::int as open from password_resets where used_at is null`);
    t.equal(row.open, 0, 'no live token is left');
  });

  t.test('a made-up token is refused', async (t) => {
    const response = await confirm({ token: 'made-up', new_password: 'Later-Password-4', confirm_password: 'Later-Password-4' });
    t.equal(response.statusCode, 400);
  });
});
