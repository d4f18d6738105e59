/**
 * NATS for tests: the real server from NATS_URL (default nats://127.0.0.1:4222), with a stream,
 * subject prefix and push prefix unique to the run so parallel test files never meet; the stream
 * is deleted at the end. Also a TCP proxy, to take "NATS" away and bring it back mid-test.
 * `npm test` starts a private nats-server when NATS_URL is unset; when it finds none, it sets
 * BETROTH_TEST_NATS_SKIP and every test declared with `{ skip: natsSkip }` is skipped.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { Log } from '../kernel/logging.ts';
import type { TestContext } from './app.ts';

export function testNatsUrl(): string {
  return process.env.NATS_URL || 'nats://127.0.0.1:4222';
}

/** A tap `skip` option: false when NATS is there, else the reason the run has none. */
export const natsSkip: string | false = process.env.BETROTH_TEST_NATS_SKIP || false;

export interface NatsTestEnv extends Record<string, string> {
  NATS_URL: string;
  NATS_STREAM: string;
  NATS_SUBJECT_PREFIX: string;
  NATS_PUSH_PREFIX: string;
}

export function natsTestEnv(t: TestContext): NatsTestEnv {
  // Fail at once with the cause, rather than after a long wait for a server that is not there.
  if (natsSkip) throw new Error(`${natsSkip}; declare this test with { skip: natsSkip } from server/test/nats.ts`);
  const id = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const env = {
    NATS_URL: testNatsUrl(),
    NATS_STREAM: `EVENTS_T_${id}`,
    NATS_SUBJECT_PREFIX: `events_t_${id}`,
    NATS_PUSH_PREFIX: `push_t_${id}`,
  };
  t.teardown(() => deleteStream(env.NATS_STREAM));
  return env;
}

export async function deleteStream(stream: string): Promise<void> {
  const nc = await connect({ servers: testNatsUrl() });
  try {
    const jsm = await jetstreamManager(nc);
    await jsm.streams.delete(stream).catch(() => {});
  } finally {
    await nc.close();
  }
}

/** Forwards a local port to the real NATS; stop() makes the port refuse, start() brings it back. */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  async start(port = this.port): Promise<number> {
    const target = new URL(testNatsUrl());
    const server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 4222), target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
    return this.port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }
}

/** A Log that keeps every line, for asserting on what was logged. */
export function memoryLog(): Log & { lines: Array<{ level: string; message: string; details: object }> } {
  const lines: Array<{ level: string; message: string; details: object }> = [];
  const at =
    (level: string) =>
    (details: object, message = '') =>
      void lines.push({ level, message, details });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** Polls until check() is true, or fails after timeoutMs. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
