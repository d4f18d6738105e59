import t from 'tap';
import { ConfigError, loadConfig } from './config.ts';

t.test('defaults give the embedded setup', async (t) => {
  const config = loadConfig({});
  t.equal(config.port, 3000);
  t.equal(config.databaseUrl, null);
  t.equal(config.natsUrl, null);
  t.equal(config.publicUrl, 'http://localhost:3000');
  t.equal(config.env, 'development');
});

t.test('every bad variable is reported at once', async (t) => {
  try {
    loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', NODE_ENV: 'prod', SESSION_TTL_DAYS: '0' });
    t.fail('should throw');
  } catch (error) {
    t.ok(error instanceof ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    t.match(problems, /PORT/);
    t.match(problems, /DATABASE_URL/);
    t.match(problems, /NODE_ENV/);
    t.match(problems, /SESSION_TTL_DAYS/);
  }
});

t.test('production requires a long JWT secret', async (t) => {
  t.throws(() => loadConfig({ NODE_ENV: 'production' }), /JWT_SECRET is required/);
  t.throws(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' }), /at least 32/);
  t.equal(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(32) }).env, 'production');
});
