import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { createMailer } from './mailer/mailer.ts';
import { buildTestApp, makeTempDir } from '../test/app.ts';
import { signUp } from '../test/factories.ts';
import { loadConfig } from './config.ts';
import { scrubUrl } from './logging.ts';

t.test('in production the log never holds passwords, tokens or reset links', async (t) => {
  const lines: string[] = [];
  const { app } = await buildTestApp(
    t,
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'trace',
      JWT_SECRET: 'x'.repeat(40),
      IDENTITY_HASH_SECRET: 'h'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  const member = await signUp(app, { username: 'quiet_one', password: 'Secret-Words-77' });
  await app.inject({ method: 'POST', url: '/api/v1/signin/', payload: { username: 'quiet_one', password: 'Secret-Words-77' } });
  await app.inject({ method: 'POST', url: '/api/v1/signout/', headers: member.auth });
  await app.inject({ method: 'GET', url: '/reset-password?token=SECRETRESETTOKEN123' });
  await app.inject({
    method: 'POST',
    url: '/api/v1/reset-password-confirm/',
    payload: { token: 'SECRETRESETTOKEN456', new_password: 'Abcdefg-1', confirm_password: 'Abcdefg-1' },
  });
  const log = lines.join('');
  t.ok(log.includes('/reset-password?token=[redacted]'), 'requests are logged, with the token cut');
  t.notOk(log.includes('Secret-Words-77'), 'no password');
  t.notOk(log.includes(member.token), 'no session token');
  t.notOk(log.includes('SECRETRESETTOKEN'), 'no reset token');
});

t.test('scrubUrl cuts secret query parameters only', async (t) => {
  t.equal(scrubUrl('/reset-password?token=abc&x=1'), '/reset-password?token=[redacted]&x=1');
  t.equal(scrubUrl('/credits?status=success&session_id=cs_123'), '/credits?status=success&session_id=[redacted]');
  t.equal(scrubUrl('/home?page=2'), '/home?page=2');
});

t.test('the file mailer writes .eml files and logs the link only outside production', async (t) => {
  for (const env of ['development', 'production'] as const) {
    const dataDir = await makeTempDir(t);
    const logged: string[] = [];
    const config = loadConfig({
      NODE_ENV: env,
      DATA_DIR: dataDir,
      JWT_SECRET: 'y'.repeat(40),
      IDENTITY_HASH_SECRET: 'h'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    const mailer = createMailer(config, (line) => logged.push(line));
    await mailer.send({ to: 'a@example.com', subject: 'Reset', text: 'Open https://betroth.example/reset-password?token=abc123 now' });
    const files = await readdir(path.join(dataDir, 'mail'));
    t.equal(files.length, 1, `${env}: one file`);
    t.match(await readFile(path.join(dataDir, 'mail', files[0]), 'utf8'), /To: a@example\.com[\s\S]*token=abc123/);
    t.equal(logged.join('').includes('token=abc123'), env === 'development', `${env}: link in log only in development`);
  }
});
