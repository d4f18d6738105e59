/**
 * The one place that reads the environment. Parsed once at start-up; every bad variable is
 * reported together so an operator fixes them in one go instead of one restart per mistake.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { CREDIT_PACKAGE_IDS, type CreditPackageId, DEFAULT_PACKAGE_PRICES_CENTS } from '../contract/credit-packages.ts';

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: string;
  /** Where embedded Postgres, mail files, media and generated secrets live. */
  dataDir: string;
  /** Unset means: start the embedded PostgreSQL under dataDir/pg. */
  databaseUrl: string | null;
  /** Unset means: deliver events in-process instead of through NATS JetStream. */
  natsUrl: string | null;
  natsStream: string;
  /** JetStream subjects are `<natsSubjectPrefix>.<domain>.<verb>`; the stream captures `<prefix>.>`. */
  natsSubjectPrefix: string;
  /** Core NATS subjects `<natsPushPrefix>.<userId>` carry realtime pushes to whichever instance holds the socket. */
  natsPushPrefix: string;
  /** Event handlers to run: by `npm run workers`, or in the server process when natsUrl is null. */
  workers: string[];
  /** Port of the workers process's /healthz, /readyz and /metrics; 0 turns it off. */
  workersPort: number;
  /** The outbox relay wakes on LISTEN/NOTIFY and also polls this often. */
  outboxPollMs: number;
  outboxBatchSize: number;
  /** Outgoing data a WebSocket may queue before the client is dropped as too slow. */
  wsMaxBufferedBytes: number;
  wsHeartbeatSeconds: number;
  /**
   * When set, GET /metrics requires `Authorization: Bearer <token>`. Unset: open outside
   * production, not served at all in production.
   */
  metricsToken: string | null;
  /**
   * Which hops may say who the client is through X-Forwarded-For, in the form Fastify takes:
   * the proxies' addresses/CIDRs, or for a hop count a function trusting that many hops.
   * False trusts nobody, so request.ip is the connecting address.
   */
  trustProxy: false | string[] | TrustHops;
  /** Unset outside production means: a random secret kept in dataDir. */
  jwtSecret: string | null;
  /**
   * The key of the identity hashes (HMAC-SHA256 of a member's email and phone, kept to recognise
   * a returning member). Unset outside production means: a random secret kept in dataDir.
   */
  identityHashSecret: string | null;
  sessionTtlDays: number;
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** Used by the local media store (and only by it). */
  mediaDir: string;
  /** Which MediaStore holds photos: local disk under mediaDir, or an S3-compatible bucket. */
  mediaStore: 'local' | 's3';
  /** Set exactly when mediaStore is 's3'. */
  s3: S3Config | null;
  authRateLimit: { max: number; windowSeconds: number };
  /** Per-member hourly budgets against scraping: profile views, and discovery page units (20 profiles each). */
  viewBudget: { profilesPerHour: number; discoveryPerHour: number };
  /** Name of the database the embedded server creates for the app. */
  embeddedDatabaseName: string;
  /** Complete demo members generated at start-up when the database has no member yet; 0 = none. */
  demoMembers: number;
  /**
   * Demo members who like back whoever likes them (percent of them, chosen per member), after
   * about delayMs to a little over twice that. Development only: 0 in test unless a test sets it,
   * and refused in production.
   */
  demoLikeBacks: { percent: number; delayMs: number };
  /**
   * A face scan that checks nothing, for developing on a machine without a camera. Never the
   * default, refused in production, and a mock scan never makes a member verified.
   */
  faceScanMock: boolean;
  /** What each chat-credit package costs, in cents of `paymentCurrency`. */
  packagePricesCents: Record<CreditPackageId, number>;
  /** ISO currency code, lower case as the payment provider takes it. */
  paymentCurrency: string;
  /**
   * Stripe. Unset secretKey (outside production) means: the local Stripe emulator
   * (server/stripe-emulator/) on emulatorPort (0 = any free port), with a secret of its own.
   */
  stripe: StripeConfig;
}

export interface StripeConfig {
  secretKey: string | null;
  /** Set exactly when secretKey is: webhooks are verified against it. */
  webhookSecret: string | null;
  emulatorPort: number;
}

export interface S3Config {
  /** null: AWS itself, the endpoint derived from the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** null: the SDK's default credential chain (environment, profile, instance role, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** MinIO and most self-hosted stores want bucket-in-path URLs rather than bucket subdomains. */
  forcePathStyle: boolean;
  /**
   * The store's address as browsers reach it, for presigned upload URLs (the host is part of the
   * signature); null: the same as `endpoint`. Needed when the servers reach the store by an
   * internal name (http://minio:9000 in compose) that no browser can resolve.
   */
  publicEndpoint: string | null;
}

/** proxy-addr's trust callback: hop 0 is the connecting peer, 1 the address it forwarded for, ... */
export type TrustHops = (address: string, hop: number) => boolean;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

class Reader {
  readonly problems: string[] = [];
  private readonly env: Env;
  constructor(env: Env) {
    this.env = env;
  }

  string(name: string, fallback: string): string {
    const value = this.env[name]?.trim();
    return value ? value : fallback;
  }

  optional(name: string): string | null {
    const value = this.env[name]?.trim();
    return value ? value : null;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  }

  url(name: string, protocols: string[]): string | null {
    const raw = this.optional(name);
    if (!raw) return null;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        this.problems.push(`${name} must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
      }
    } catch {
      this.problems.push(`${name} is not a valid URL`);
    }
    return raw;
  }

  /** Comma-separated names; an empty value means the fallback, 'none' means an empty list. */
  list(name: string, fallback: string[]): string[] {
    const raw = this.env[name]?.trim();
    if (!raw) return fallback;
    if (raw === 'none') return [];
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    for (const item of items) {
      if (!/^[a-z][a-z0-9-]*$/.test(item)) this.problems.push(`${name} has an invalid name "${item}"`);
    }
    return items;
  }

  /** A NATS subject token (no dots or wildcards), so prefixes never overlap by accident. */
  natsToken(name: string, fallback: string): string {
    const value = this.string(name, fallback);
    if (!/^[A-Za-z0-9_-]+$/.test(value)) {
      this.problems.push(`${name} must be letters, digits, '_' or '-' (got "${value}")`);
      return fallback;
    }
    return value;
  }

  /**
   * A hop count, or comma-separated IPs, CIDRs and proxy-addr's names (loopback, linklocal,
   * uniquelocal). Never "everyone": a client could then pick its own address.
   */
  trustProxy(name: string): false | string[] | TrustHops {
    const raw = this.env[name]?.trim();
    if (!raw || raw === 'none' || raw === '0') return false;
    if (/^[0-9]+$/.test(raw)) {
      const hops = Number(raw);
      if (hops > 10) {
        this.problems.push(`${name} must be a hop count from 0 to 10 (got "${raw}")`);
        return false;
      }
      // Fastify no longer takes a bare number (it would trust nothing), so the count becomes
      // the callback proxy-addr used to build from it: the first `hops` hops are proxies.
      return (_address, hop) => hop < hops;
    }
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const bad = items.filter((item) => !isProxyAddress(item));
    if (bad.length > 0) {
      this.problems.push(
        `${name} must be a hop count like 1 or a comma-separated list of proxy IPs or CIDRs (bad: ${bad.map((b) => `"${b}"`).join(', ')})`,
      );
      return false;
    }
    return items;
  }

  /** true/false; anything else is a problem. */
  boolean(name: string, fallback: boolean): boolean {
    const raw = this.env[name]?.trim().toLowerCase();
    if (!raw) return fallback;
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    this.problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const raw = this.env[name]?.trim();
    if (!raw) return fallback;
    if (!allowed.includes(raw as T)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  }
}

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(item: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(item)) return true;
  const [address, prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^[0-9]+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * The S3 variables are read (and checked) whichever store is chosen, so a typo in a prepared
 * production environment shows up before someone flips MEDIA_STORE; only s3 needs the bucket.
 */
function readS3(read: Reader, mediaStore: 'local' | 's3'): S3Config | null {
  const endpoint = read.url('S3_ENDPOINT', ['http:', 'https:']);
  const region = read.string('S3_REGION', 'us-east-1');
  const bucket = read.optional('S3_BUCKET');
  const accessKeyId = read.optional('S3_ACCESS_KEY_ID');
  const secretAccessKey = read.optional('S3_SECRET_ACCESS_KEY');
  // Half a key pair would silently fall back to the default chain and fail far from the cause.
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    read.problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the default credential chain)');
  }
  const forcePathStyle = read.boolean('S3_FORCE_PATH_STYLE', endpoint !== null);
  const publicEndpoint = read.url('S3_PUBLIC_ENDPOINT', ['http:', 'https:']);
  if (mediaStore !== 's3') return null;
  if (!bucket) read.problems.push('S3_BUCKET is required when MEDIA_STORE is s3');
  return {
    endpoint,
    region,
    bucket: bucket ?? '',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle,
    publicEndpoint,
  };
}

/**
 * CREDIT_PACKAGE_PRICES: the four prices in package order (1, 3, 5, 7 credits), as decimal
 * amounts with at most two decimals, e.g. "4.99,12.99,19.99,24.99".
 */
function readPackagePrices(read: Reader): Record<CreditPackageId, number> {
  const raw = read.optional('CREDIT_PACKAGE_PRICES');
  if (!raw) return { ...DEFAULT_PACKAGE_PRICES_CENTS };
  const amounts = raw.split(',').map((amount) => amount.trim());
  const valid =
    amounts.length === CREDIT_PACKAGE_IDS.length &&
    amounts.every((amount) => /^[0-9]{1,5}(\.[0-9]{1,2})?$/.test(amount) && Number(amount) > 0);
  if (!valid) {
    read.problems.push(
      `CREDIT_PACKAGE_PRICES must be ${CREDIT_PACKAGE_IDS.length} positive amounts with at most two decimals, in package order (${CREDIT_PACKAGE_IDS.join(', ')})`,
    );
    return { ...DEFAULT_PACKAGE_PRICES_CENTS };
  }
  return Object.fromEntries(CREDIT_PACKAGE_IDS.map((id, i) => [id, Math.round(Number(amounts[i]) * 100)])) as Record<
    CreditPackageId,
    number
  >;
}

/** A real Stripe account needs its key and its webhook secret together; production needs one. */
function readStripe(read: Reader, nodeEnv: Config['env']): StripeConfig {
  const secretKey = read.optional('STRIPE_SECRET_KEY');
  const webhookSecret = read.optional('STRIPE_WEBHOOK_SECRET');
  if (secretKey && !/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(secretKey)) {
    read.problems.push('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_..., sk_live_..., rk_...)');
  }
  if (secretKey && !webhookSecret) read.problems.push('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  if (webhookSecret && !secretKey) read.problems.push('STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY');
  if (!secretKey && nodeEnv === 'production') {
    read.problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production: the local Stripe emulator takes no money');
  }
  return { secretKey, webhookSecret, emulatorPort: read.integer('STRIPE_EMULATOR_PORT', 0, 0, 65535) };
}

export function loadConfig(env: Env = process.env): Config {
  const read = new Reader(env);
  const nodeEnv = read.oneOf('NODE_ENV', ['development', 'production', 'test'] as const, 'development');
  const dataDir = path.resolve(read.string('DATA_DIR', '.data'));
  const port = read.integer('PORT', 3000, 0, 65535);
  const jwtSecret = read.optional('JWT_SECRET');
  if (jwtSecret && jwtSecret.length < 32) read.problems.push('JWT_SECRET must be at least 32 characters');
  if (!jwtSecret && nodeEnv === 'production') read.problems.push('JWT_SECRET is required in production');
  const identityHashSecret = read.optional('IDENTITY_HASH_SECRET');
  if (identityHashSecret && identityHashSecret.length < 32) read.problems.push('IDENTITY_HASH_SECRET must be at least 32 characters');
  if (!identityHashSecret && nodeEnv === 'production') read.problems.push('IDENTITY_HASH_SECRET is required in production');
  const mediaStore = read.oneOf('MEDIA_STORE', ['local', 's3'] as const, 'local');

  const config: Config = {
    env: nodeEnv,
    host: read.string('HOST', '0.0.0.0'),
    port,
    logLevel: read.oneOf(
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      nodeEnv === 'test' ? 'silent' : 'info',
    ),
    dataDir,
    databaseUrl: read.url('DATABASE_URL', ['postgres:', 'postgresql:']),
    natsUrl: read.url('NATS_URL', ['nats:', 'tls:']),
    natsStream: read.natsToken('NATS_STREAM', 'EVENTS'),
    natsSubjectPrefix: read.natsToken('NATS_SUBJECT_PREFIX', 'events'),
    natsPushPrefix: read.natsToken('NATS_PUSH_PREFIX', 'push'),
    workers: read.list('WORKERS', [
      'notifications',
      'photo-moderation',
      'face-liveness',
      'chat-cleanup',
      'credit-grants',
      'statement-mail',
    ]),
    workersPort: read.integer('WORKERS_PORT', 9464, 0, 65535),
    outboxPollMs: read.integer('OUTBOX_POLL_MS', 1000, 20, 60_000),
    outboxBatchSize: read.integer('OUTBOX_BATCH_SIZE', 100, 1, 1000),
    wsMaxBufferedBytes: read.integer('WS_MAX_BUFFERED_BYTES', 1_048_576, 1024, 67_108_864),
    wsHeartbeatSeconds: read.integer('WS_HEARTBEAT_SECONDS', 30, 1, 600),
    metricsToken: read.optional('METRICS_TOKEN'),
    trustProxy: read.trustProxy('TRUST_PROXY'),
    jwtSecret,
    identityHashSecret,
    sessionTtlDays: read.integer('SESSION_TTL_DAYS', 30, 1, 365),
    publicUrl: (read.url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: read.url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read.string('MAIL_FROM', 'Betroth <no-reply@betroth.local>'),
    mediaDir: path.resolve(read.string('MEDIA_DIR', path.join(dataDir, 'media'))),
    mediaStore,
    s3: readS3(read, mediaStore),
    authRateLimit: {
      max: read.integer('AUTH_RATE_LIMIT_MAX', 10, 1, 100000),
      windowSeconds: read.integer('AUTH_RATE_LIMIT_WINDOW_SECONDS', 900, 1, 86400),
    },
    // Test suites browse far more than a person in an hour; a test of the budget sets its own.
    viewBudget: {
      profilesPerHour: read.integer('PROFILE_VIEW_LIMIT_PER_HOUR', 300, 1, 1_000_000),
      discoveryPerHour: read.integer('DISCOVERY_LIMIT_PER_HOUR', 150, 1, 1_000_000),
    },
    embeddedDatabaseName: 'betroth',
    demoMembers: read.integer('DEMO_MEMBERS', nodeEnv === 'development' ? 200 : 0, 0, 100_000),
    demoLikeBacks: {
      percent: read.integer('DEMO_LIKE_BACK_PERCENT', nodeEnv === 'development' ? 40 : 0, 0, 100),
      delayMs: read.integer('DEMO_LIKE_BACK_DELAY_MS', 4000, 0, 600_000),
    },
    faceScanMock: read.boolean('FACE_SCAN_MOCK', false),
    packagePricesCents: readPackagePrices(read),
    paymentCurrency: read.string('PAYMENT_CURRENCY', 'usd').toLowerCase(),
    stripe: readStripe(read, nodeEnv),
  };
  if (!/^[a-z]{3}$/.test(config.paymentCurrency)) read.problems.push('PAYMENT_CURRENCY must be a three-letter currency code such as usd');
  if (nodeEnv === 'production' && config.faceScanMock) {
    read.problems.push('FACE_SCAN_MOCK must be false (or unset) in production: a mock scan verifies nothing');
  }
  // Demo members answering likes is a development nicety; in production it would be fake interest.
  if (nodeEnv === 'production' && config.demoLikeBacks.percent > 0) {
    read.problems.push('DEMO_LIKE_BACK_PERCENT must be 0 (or unset) in production: demo like-backs are for development');
  }
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}
