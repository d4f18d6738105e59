/**
 * The boundary rules (lint/boundaries.js) run through ESLint's Node API on a small tree of
 * fixture files laid out like the repository: a deep import into another module, a worker's deep
 * import, the kernel importing a module and an import cycle must each fail; imports through a
 * module's entry must pass. The fixtures are ignored by the normal lint run.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import t from 'tap';
import tseslint from 'typescript-eslint';
import { boundaryConfig } from './boundaries.js';

const ROOT = fileURLToPath(new URL('./fixtures/tree/', import.meta.url));

async function lint(file: string): Promise<{ ruleId: string | null; message: string }[]> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [tseslint.configs.base, ...boundaryConfig(ROOT)],
  });
  const [result] = await eslint.lintFiles([file]);
  return result.messages.map(({ ruleId, message }) => ({ ruleId, message }));
}

t.test('a deep import into another module fails; the entry passes', async (t) => {
  const deep = await lint('server/modules/beta/deep-import.ts');
  t.equal(deep.length, 1, JSON.stringify(deep));
  t.equal(deep[0]?.ruleId, 'import-x/no-restricted-paths');
  t.match(deep[0]?.message, /alpha module is reached only through server\/modules\/alpha\/index\.ts/);
  t.same(await lint('server/modules/beta/entry-import.ts'), [], 'through the entry');
});

t.test('workers may import a module entry, and nothing deeper', async (t) => {
  t.same(await lint('workers/job/entry-import.ts'), []);
  const deep = await lint('workers/job/deep-import.ts');
  t.equal(deep[0]?.ruleId, 'import-x/no-restricted-paths', JSON.stringify(deep));
});

t.test('the kernel imports no module, not even its entry', async (t) => {
  const messages = await lint('server/kernel/knows-a-feature.ts');
  t.ok(
    messages.some((m) => m.ruleId === 'import-x/no-restricted-paths' && /kernel imports only/.test(m.message)),
    JSON.stringify(messages),
  );
});

t.test('an import cycle fails', async (t) => {
  const messages = await lint('server/modules/gamma/cycle-one.ts');
  t.ok(
    messages.some((m) => m.ruleId === 'import-x/no-cycle'),
    JSON.stringify(messages),
  );
});
