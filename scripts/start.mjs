#!/usr/bin/env node
/**
 * `npm start`: builds the web client when stale, then runs the server in this same process.
 * One process on purpose: npm passes SIGTERM and SIGINT to the command it started, and a shell
 * running "build && serve" would take the signal and leave the server (and its embedded
 * PostgreSQL) running. Node 24 loads the TypeScript below itself (type stripping), so production
 * needs no tsx.
 */
import { spawnSync } from 'node:child_process';

const build = spawnSync(process.execPath, ['scripts/build-client-if-stale.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

await import('../server/main.ts');
