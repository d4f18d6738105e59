#!/usr/bin/env node
/**
 * Builds the web client when client/dist is missing or older than its sources, so `npm start`
 * and `npm test` always serve the current client without rebuilding when nothing changed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const CLIENT = 'client';
const BUILT = path.join(CLIENT, 'dist', 'index.html');
const SOURCES = [
  path.join(CLIENT, 'src'),
  path.join(CLIENT, 'public'),
  path.join(CLIENT, 'index.html'),
  path.join(CLIENT, 'vite.config.ts'),
  path.join('server', 'contract'),
];

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stat.mtimeMs);
}

if (!existsSync(path.join(CLIENT, 'vite.config.ts'))) process.exit(0);
if (existsSync(BUILT) && statSync(BUILT).mtimeMs >= Math.max(...SOURCES.map(newestChange))) process.exit(0);

console.log('[build] building the web client (client/dist)...');
const result = spawnSync(
  process.execPath,
  [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', 'client/vite.config.ts', '--logLevel', 'warn'],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
