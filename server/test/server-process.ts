/**
 * The server and the workers as they run in production: server/main.ts or workers/main.ts in
 * a child process of its own, on the environment given, stopped when the test ends. For what
 * only separate processes show: the entry's own wiring, races between two API instances on one
 * database, and a worker killed in the middle of a job.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import type { TestContext } from './app.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface EntryProcess {
  child: ChildProcess;
  /** Everything it printed so far, for failure messages. */
  output(): string;
  /** Resolves once it has exited (at once if it already has). */
  exited: Promise<unknown>;
}

/**
 * Starts `entry` (a path from the repository root) with Node alone, as production does (Node
 * strips the types; no tsx); SIGTERM at the end of the test.
 * `nodeArgs` go to node itself (such as `--cpu-prof`, which NODE_OPTIONS refuses).
 */
export function spawnEntry(t: TestContext, entry: string, env: Record<string, string>, nodeArgs: string[] = []): EntryProcess {
  const child = spawn(process.execPath, [...nodeArgs, entry], {
    cwd: new URL('../..', import.meta.url),
    env: { PATH: process.env.PATH, NODE_ENV: 'test', HOST: '127.0.0.1', DEMO_MEMBERS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(null);
    else child.once('exit', resolve);
  });
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  });
  return { child, output: () => output, exited };
}

/** Starts server/main.ts and resolves with its base URL (and the process) once /readyz answers. */
export async function startServerProcess(
  t: TestContext,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ baseUrl: string; server: EntryProcess }> {
  const port = await freePort();
  const server = spawnEntry(t, 'server/main.ts', { ...env, PORT: String(port) }, nodeArgs);
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (
      await fetch(`${baseUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600 || server.child.exitCode !== null) throw new Error(`the server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl, server };
}
