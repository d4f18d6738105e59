import t from 'tap';
import { ConfigError, loadConfig } from './config.ts';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

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

const IDENTITY = { IDENTITY_HASH_SECRET: 'i'.repeat(32) };

t.test('production requires a long JWT secret', async (t) => {
  t.throws(() => loadConfig({ NODE_ENV: 'production' }), /JWT_SECRET is required/);
  t.throws(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' }), /at least 32/);
  t.equal(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(32), ...IDENTITY, ...STRIPE }).env, 'production');
});

t.test('the identity-hash secret: generated outside production, required and long in production', async (t) => {
  t.equal(loadConfig({}).identityHashSecret, null, 'unset: the runtime generates one into DATA_DIR');
  t.throws(() => loadConfig({ IDENTITY_HASH_SECRET: 'short' }), /IDENTITY_HASH_SECRET must be at least 32 characters/);
  t.throws(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(32), ...STRIPE }), /IDENTITY_HASH_SECRET is required/);
  t.equal(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(32), ...IDENTITY, ...STRIPE }).identityHashSecret, 'i'.repeat(32));
});

t.test('Stripe: the emulator by default, a key with its webhook secret, and never the emulator in production', async (t) => {
  t.same(loadConfig({}).stripe, { secretKey: null, webhookSecret: null, emulatorPort: 0 });
  t.same(loadConfig({ ...STRIPE, STRIPE_EMULATOR_PORT: '12111' }).stripe, {
    secretKey: 'sk_test_abc123',
    webhookSecret: 'whsec_abc123',
    emulatorPort: 12111,
  });
  t.throws(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' }), /STRIPE_WEBHOOK_SECRET is required/);
  t.throws(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }), /without STRIPE_SECRET_KEY/);
  t.throws(() => loadConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_abc' }), /secret or restricted key/);
  t.throws(
    () => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(32) }),
    /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production/,
  );
});

t.test('TRUST_PROXY: nobody by default, a hop count, or proxy addresses', async (t) => {
  t.equal(loadConfig({}).trustProxy, false, 'unset: X-Forwarded-For is never believed');
  t.equal(loadConfig({ TRUST_PROXY: '0' }).trustProxy, false);
  const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy;
  if (typeof hops !== 'function') throw new Error('a hop count becomes a trust callback');
  t.equal(hops('10.0.0.1', 0), true, 'the connecting proxy is trusted');
  t.equal(hops('203.0.113.9', 1), false, 'what it forwarded for is the client');
  t.same(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1,fd00::/8,loopback' }).trustProxy, [
    '10.0.0.0/8',
    '192.168.1.7',
    '::1',
    'fd00::/8',
    'loopback',
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
  t.throws(
    () => loadConfig({ PROFILE_VIEW_LIMIT_PER_HOUR: '0', DISCOVERY_LIMIT_PER_HOUR: 'lots' }),
    /PROFILE_VIEW_LIMIT_PER_HOUR[\s\S]*DISCOVERY_LIMIT_PER_HOUR/,
  );
});

t.test('media store: local disk by default', async (t) => {
  const config = loadConfig({ DATA_DIR: '/srv/betroth' });
  t.equal(config.mediaStore, 'local');
  t.equal(config.s3, null);
  t.equal(config.mediaDir, '/srv/betroth/media');
});

t.test('media store: s3 with an endpoint, keys and path-style URLs', async (t) => {
  const config = loadConfig({
    MEDIA_STORE: 's3',
    S3_ENDPOINT: 'http://minio:9000',
    S3_BUCKET: 'media',
    S3_ACCESS_KEY_ID: 'betroth',
    S3_SECRET_ACCESS_KEY: 'secret-secret',
  });
  t.equal(config.mediaStore, 's3');
  t.same(config.s3, {
    endpoint: 'http://minio:9000',
    region: 'us-east-1',
    bucket: 'media',
    credentials: { accessKeyId: 'betroth', secretAccessKey: 'secret-secret' },
    forcePathStyle: true,
    publicEndpoint: null,
  });
  t.equal(
    loadConfig({ MEDIA_STORE: 's3', S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'false' }).s3
      ?.forcePathStyle,
    false,
  );
  const behindCompose = loadConfig({
    MEDIA_STORE: 's3',
    S3_ENDPOINT: 'http://minio:9000',
    S3_BUCKET: 'media',
    S3_PUBLIC_ENDPOINT: 'http://localhost:9000',
  });
  t.equal(behindCompose.s3?.publicEndpoint, 'http://localhost:9000', 'browsers may reach the store by another address');
  t.throws(() => loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'media', S3_PUBLIC_ENDPOINT: 'ftp://x' }), /S3_PUBLIC_ENDPOINT/);
});

t.test('media store: s3 on AWS uses the default chain and virtual-hosted URLs', async (t) => {
  const s3 = loadConfig({ MEDIA_STORE: 's3', S3_BUCKET: 'betroth-media', S3_REGION: 'eu-west-1' }).s3;
  t.same(s3, {
    endpoint: null,
    region: 'eu-west-1',
    bucket: 'betroth-media',
    credentials: null,
    forcePathStyle: false,
    publicEndpoint: null,
  });
});

t.test('media store: every S3 problem is reported together', async (t) => {
  try {
    loadConfig({
      MEDIA_STORE: 's3',
      S3_ENDPOINT: 'ftp://minio',
      S3_ACCESS_KEY_ID: 'only-half',
      S3_FORCE_PATH_STYLE: 'yes',
      PORT: 'x',
    });
    t.fail('should throw');
  } catch (error) {
    t.ok(error instanceof ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    t.match(problems, /S3_ENDPOINT/);
    t.match(problems, /S3_BUCKET is required/);
    t.match(problems, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/);
    t.match(problems, /S3_FORCE_PATH_STYLE must be true or false/);
    t.match(problems, /PORT/);
  }
  t.throws(() => loadConfig({ MEDIA_STORE: 'gcs' }), /MEDIA_STORE must be one of local, s3/);
  t.throws(() => loadConfig({ S3_SECRET_ACCESS_KEY: 'half' }), /set together/, 'checked even while the store is local');
});

t.test('demo like-backs: on in development, off in test unless set, refused in production', async (t) => {
  t.same(loadConfig({}).demoLikeBacks, { percent: 40, delayMs: 4000 });
  t.same(loadConfig({ NODE_ENV: 'test' }).demoLikeBacks, { percent: 0, delayMs: 4000 }, 'a test turns them on itself');
  t.same(loadConfig({ NODE_ENV: 'test', DEMO_LIKE_BACK_PERCENT: '100', DEMO_LIKE_BACK_DELAY_MS: '0' }).demoLikeBacks, {
    percent: 100,
    delayMs: 0,
  });
  const production = { NODE_ENV: 'production', JWT_SECRET: 'z'.repeat(32), ...IDENTITY, ...STRIPE };
  t.equal(loadConfig(production).demoLikeBacks.percent, 0, 'off by default in production');
  t.throws(() => loadConfig({ ...production, DEMO_LIKE_BACK_PERCENT: '40' }), /DEMO_LIKE_BACK_PERCENT must be 0/);
  t.throws(
    () => loadConfig({ DEMO_LIKE_BACK_PERCENT: '101', DEMO_LIKE_BACK_DELAY_MS: 'soon' }),
    /DEMO_LIKE_BACK_PERCENT[\s\S]*DEMO_LIKE_BACK_DELAY_MS/,
  );
});
