import { readFile } from 'node:fs/promises';
import t from 'tap';
import { parse } from 'yaml';
import { renderOpenApiYaml } from './openapi.ts';

t.test('openapi.yaml is what the route schemas say (run `npm run openapi` after changing a route)', async (t) => {
  const committed = await readFile(new URL('../openapi.yaml', import.meta.url), 'utf8');
  const current = await renderOpenApiYaml();
  t.same(parse(committed), parse(current));
});

t.test('every API route is documented with a response schema', async (t) => {
  const document = parse(await renderOpenApiYaml()) as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
  const paths = Object.keys(document.paths);
  t.ok(paths.includes('/api/v1/signup/'));
  t.ok(paths.includes('/api/v1/signin/'));
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const codes = Object.keys(operation.responses ?? {});
      t.ok(codes.some((code) => code.startsWith('2') || code === '501'), `${method.toUpperCase()} ${path} declares its answer`);
    }
  }
});
