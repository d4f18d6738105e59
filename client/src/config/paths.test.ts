/**
 * The client's API paths are the server's routes: every path it asks for, with its ids filled
 * in, is one the server serves (openapi.yaml is generated from the server's route table). A
 * renamed route or a typo in a path fails here, not as a 404 in a browser.
 */
import { readFileSync } from 'node:fs';
import t from 'tap';
import { API_BASE, apiPaths, editSectionId } from './paths.ts';

const spec = readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8');
const escaped = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
/** Each route of the spec as a pattern: `{param}` stands for one path segment. */
const routes = [...spec.matchAll(/^ {2}(\/\S+):$/gm)].map(([, route]) => ({
  route,
  pattern: new RegExp(`^${escaped(route).replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

t.test('every API path the client uses is a route the server serves', async (t) => {
  t.ok(routes.length > 20, `the spec lists the routes (${routes.length})`);
  for (const [name, path] of Object.entries(apiPaths)) {
    const url = API_BASE + (typeof path === 'function' ? (path as (id: string) => string)('7') : path);
    const served = routes.find(({ pattern }) => pattern.test(url));
    t.ok(served, `${name}: ${url}${served ? ` is ${served.route}` : ' is no route of the server'}`);
  }
});

t.test('an edit-screen section title becomes a fragment id', async (t) => {
  t.equal(editSectionId('Appearance & Health'), 'section-appearance-health');
  t.equal(editSectionId('About Me'), 'section-about-me');
  t.match(editSectionId('  Work / Education!  '), /^section-[a-z]+(-[a-z]+)*$/, 'only letters and single hyphens, none at the ends');
});
