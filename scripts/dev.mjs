#!/usr/bin/env node
/**
 * `npm run dev`: the API (restarting on change) on :3000 and Vite's dev server on :5173,
 * which proxies /api to the API. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';

// Members use Vite's address in development, so links in mail and checkout returns point there.
const apiEnv = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env: apiEnv }),
  spawn('npx', ['vite', '--config', 'client/vite.config.ts'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
