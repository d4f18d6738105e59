/**
 * The Node the project runs on. `npm test` takes node from node_modules/.bin (the pinned `node`
 * devDependency), so this file, and every process the runner starts with process.execPath,
 * runs on Node 24 whatever the machine has installed. Production loads the TypeScript sources
 * with Node's own type stripping, without tsx: the second test loads both entries' module
 * graphs that way, so a line Node cannot strip (an enum, a parameter property, a type imported
 * without `import type`) fails here and not at a deployment's start.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import t from 'tap';

const root = new URL('..', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

t.test('the tests run on Node 24, the version pinned in package.json', async (t) => {
  t.ok(process.versions.node.startsWith('24.'), `running on Node ${process.versions.node}`);
  t.equal(process.versions.node, pkg.devDependencies.node, 'the pinned node devDependency is the one running');
  t.equal(pkg.engines.node, '>=24');
});

t.test('the server and workers sources load with Node alone (type stripping, no tsx)', async (t) => {
  // No NODE_OPTIONS: the runner's own loaders stay out, so nothing but Node reads the sources.
  const env = { ...process.env, NODE_OPTIONS: '' };
  const script = `
    await import('./server/app.ts');
    await import('./server/runtime.ts');
    await import('./workers/registry.ts');
    await import('./workers/runtime/start.ts');
    console.log('loaded on ' + process.version);
  `;
  const { code, output } = await run(['--input-type=module', '-e', script], env);
  t.equal(code, 0, output);
  t.match(output, /^loaded on v24\./m);
  t.notMatch(output, /ExperimentalWarning/, 'type stripping is not an experiment on this Node');
});
