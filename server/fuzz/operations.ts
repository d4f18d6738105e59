/**
 * Every operation of the committed openapi.yaml, with `$ref`s resolved, in the few terms the
 * fuzzer needs: where its parameters go, what its body looks like and whether it needs a member.
 * Reading the document rather than a hand-kept list means a new route is fuzzed the day it is
 * documented.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';

export interface Schema {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  $ref?: string;
  /** Which kind of id the value is (profile, user, upload, match, ...), as the API documents it. */
  'x-id-of'?: string;
}

export interface Parameter {
  name: string;
  schema: Schema;
}

export interface Operation {
  /** `METHOD /path/{param}/`, as failure reports name it. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  secured: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body schema, or null when the operation takes no body. */
  body: Schema | null;
}

export interface ApiDocument {
  operations: Operation[];
  /** Every property name any body uses: plausible extra query keys for every route. */
  propertyNames: string[];
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Replaces every `#/...` reference by what it points at (a reference cycle is left as is). */
function resolveRefs(document: unknown): unknown {
  const lookup = (ref: string): unknown =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], document);
  const visit = (node: unknown, seen: Set<string>): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, seen));
    if (typeof node !== 'object' || node === null) return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/') && !seen.has(ref)) {
      return visit(lookup(ref), new Set([...seen, ref]));
    }
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, visit(value, seen)]));
  };
  return visit(document, new Set());
}

export async function loadApiDocument(file = new URL('../../openapi.yaml', import.meta.url)): Promise<ApiDocument> {
  const document = resolveRefs(parse(await readFile(file, 'utf8'))) as {
    security?: unknown[];
    paths: Record<
      string,
      Record<
        string,
        {
          security?: unknown[];
          parameters?: Array<{ in: string; name: string; schema?: Schema }>;
          requestBody?: { content?: Record<string, { schema?: Schema }> };
        }
      >
    >;
  };
  const operations: Operation[] = [];
  const propertyNames = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content?.['application/json']?.schema ?? null;
      for (const name of Object.keys(body?.properties ?? {})) propertyNames.add(name);
      const security = operation.security ?? document.security ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        secured: security.length > 0,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body,
      });
    }
  }
  return { operations, propertyNames: [...propertyNames].sort() };
}
