/**
 * A private NATS server with JetStream for one test run: Debian's `nats-server` on a free
 * loopback port with its store in a temporary folder, both gone after stop().
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The nats-server binary: `override` when given (even if missing), else Debian's, else PATH. */
export function findNatsServer(override) {
  if (override) return executable(override) ? override : null;
  const candidates = [
    '/usr/sbin/nats-server',
    '/usr/bin/nats-server',
    ...(process.env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((dir) => path.join(dir, 'nats-server')),
  ];
  return candidates.find(executable) ?? null;
}

const accepts = (port) =>
  new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startNatsServer(binary) {
  const storeDir = mkdtempSync(path.join(os.tmpdir(), 'betroth-test-nats-'));
  const port = await freePort();
  const child = spawn(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // If this process dies without stop(), the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(storeDir, { recursive: true, force: true });
      throw new Error(`nats-server did not start on 127.0.0.1:${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}
