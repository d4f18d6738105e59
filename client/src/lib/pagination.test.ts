import t from 'tap';
import { toPage } from './pagination.ts';

t.test('a bare array becomes a single page', async (t) => {
  t.same(toPage([{ id: 1 }, { id: 2 }]), { count: 2, next: null, previous: null, results: [{ id: 1 }, { id: 2 }] });
});

t.test('a page object is kept', async (t) => {
  const page = { count: 40, next: '/api/v1/profiles/?page=2', previous: null, results: [{ id: 1 }] };
  t.same(toPage(page), page);
  t.same(toPage({ results: [] }), { count: 0, next: null, previous: null, results: [] });
});

t.test('anything else is empty', async (t) => {
  t.same(toPage(null), { count: 0, next: null, previous: null, results: [] });
  t.same(toPage({ error: 'x' }).results, []);
});
