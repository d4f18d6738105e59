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

t.test('TRUST_PROXY: nobody by default, a hop count, or proxy addresses', async (t) => {
  t.equal(loadConfig({}).trustProxy, false, 'unset: X-Forwarded-For is never believed');
  t.equal(loadConfig({ TRUST_PROXY: '0' }).trustProxy, false);
  const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
  if (typeof hops !== 'function') throw new Error('a hop count becomes a trust callback');
  t.equal(hops('10.0.0.1', 0), true, 'the connecting proxy is trusted');
  t.equal(hops('203.0.113.9', 1), false, 'what it forwarded for is the client');
  t.same(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback' }).trustProxy, [
    '10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback',
  ]);
  for (const bad of ['true', '*', '10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '11', '10.0.0.1/8/2']) {
    t.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY/, bad);
  }
});

t.test('view budgets: defaults for real use, configurable', async (t) => {
  t.same(loadConfig({}).viewBudget, { profilesPerHour: 300, discoveryPerHour: 150 });
  t.same(loadConfig({ NODE_ENV: 'test' }).viewBudget, { profilesPerHour: 300, discoveryPerHour: 150 }, 'the same in every environment');
  t.same(loadConfig({ PROFILE_VIEW_LIMIT_PER_HOUR: '50', DISCOVERY_LIMIT_PER_HOUR: '20' }).viewBudget, {
    profilesPerHour: 50,
    discoveryPerHour: 20,
  });
  t.throws(() => loadConfig({ PROFILE_VIEW_LIMIT_PER_HOUR: '0', DISCOVERY_LIMIT_PER_HOUR: 'lots' }), /PROFILE_VIEW_LIMIT_PER_HOUR[\s\S]*DISCOVERY_LIMIT_PER_HOUR/);
});
