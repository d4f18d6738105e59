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
      t.ok(
        codes.some((code) => code.startsWith('2') || code === '501'),
        `${method.toUpperCase()} ${path} declares its answer`,
      );
    }
  }
});

t.test('every operation has a unique operationId and says whether it needs a token', async (t) => {
  const document = parse(await readFile(new URL('../openapi.yaml', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
  };
  const ids: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      t.type(operation.operationId, 'string', `${method.toUpperCase()} ${path} has an operationId`);
      ids.push(String(operation.operationId));
      t.ok(Array.isArray(operation.security), `${method.toUpperCase()} ${path} declares its security`);
    }
  }
  t.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  t.ok(document.paths['/api/v1/signin/'].post.security?.length === 0, 'sign-in is public');
});

t.test('every id in a path says which kind of id it is and has the shape of that kind', async (t) => {
  const document = parse(await readFile(new URL('../openapi.yaml', import.meta.url), 'utf8')) as {
    paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; schema: Record<string, unknown> }> }>>;
  };
  let count = 0;
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'path')) {
        count++;
        const where = `${method.toUpperCase()} ${path} {${parameter.name}}`;
        const kind = parameter.schema['x-id-of'] as string;
        t.ok(
          ['profile', 'user', 'upload', 'match', 'report', 'statement', 'own-photo-slot', 'signed-media'].includes(kind),
          `${where}: x-id-of`,
        );
        // Uploads are named by UUID; a photo slot is a small position in the caller's own profile;
        // a signed photo URL carries an opaque token (payload and seal, base64url).
        if (kind === 'upload') t.match(parameter.schema, { type: 'string', format: 'uuid' }, where);
        else if (kind === 'own-photo-slot') t.match(parameter.schema, { type: 'integer', minimum: 1, maximum: 5 }, where);
        else if (kind === 'signed-media') t.match(parameter.schema, { type: 'string', pattern: /\\\./, maxLength: Number }, where);
        else t.match(parameter.schema, { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, where);
      }
    }
  }
  t.ok(count >= 6, `${count} path ids`);
  const blocks = document.paths['/api/v1/block/{user_id}/'].post.parameters?.[0];
  t.equal(blocks?.schema['x-id-of'], 'user', 'blocks take user ids');
});
