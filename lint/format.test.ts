/**
 * The formatter check in `npm run lint` (`prettier --check .`) fails on unformatted code: the
 * repository's own Prettier settings, run through the CLI on a copy of a badly laid-out file,
 * refuse it and accept the same code once written out by Prettier. And the source folders are
 * not hidden from the check by .prettierignore.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as prettier from 'prettier';
import t from 'tap';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRETTIER = path.join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
const run = promisify(execFile);

const UNFORMATTED = `import {a,b} from "./x.ts"
export function   sum(values:number[]):number{return values.reduce((total,value)=>total+value,a+b)}
`;

async function check(file: string): Promise<number> {
  try {
    await run(process.execPath, [PRETTIER, '--check', '--config', path.join(ROOT, '.prettierrc.json'), file], { cwd: ROOT });
    return 0;
  } catch (error) {
    return (error as { code: number }).code;
  }
}

t.test('unformatted code fails the check; the same code formatted passes', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'betroth-format-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'sum.ts');
  await writeFile(file, UNFORMATTED);
  t.not(await check(file), 0, 'prettier --check refuses the badly laid-out file');

  const options = await prettier.resolveConfig(path.join(ROOT, 'server', 'app.ts'));
  t.equal(options?.singleQuote, true, 'the repository settings are found from a source file');
  const formatted = await prettier.format(UNFORMATTED, { ...options, filepath: file });
  await writeFile(file, formatted);
  t.equal(await check(file), 0, 'the formatted file passes');
  t.match(await readFile(file, 'utf8'), /import \{ a, b \} from '\.\/x\.ts';/);
});

t.test('every source folder is checked, the generated and fixture files are not', async (t) => {
  const ignorePath = path.join(ROOT, '.prettierignore');
  const ignored = async (file: string) => (await prettier.getFileInfo(path.join(ROOT, file), { ignorePath })).ignored;
  for (const file of [
    'server/app.ts',
    'workers/main.ts',
    'client/src/main.tsx',
    'e2e/browser.ts',
    'bench/run.ts',
    'scripts/test.mjs',
    'eslint.config.js',
  ]) {
    t.equal(await ignored(file), false, `${file} is checked`);
  }
  for (const file of [
    'migrations/meta/_journal.json',
    'lint/fixtures/tree/server/kernel/knows-a-feature.ts',
    'package-lock.json',
    'openapi.yaml',
  ]) {
    t.equal(await ignored(file), true, `${file} is left as generated or deliberately wrong`);
  }
});
