import t from 'tap';
import { socketFromUrl } from './client.ts';

t.test("libpq's ?host=/dir names a Unix socket directory and leaves the URL", async (t) => {
  t.same(socketFromUrl('postgres://postgres@localhost:5432/betroth?host=/var/run/postgresql'), {
    url: 'postgres://postgres@localhost:5432/betroth',
    host: '/var/run/postgresql',
  });
  t.same(socketFromUrl('postgres://app:secret@localhost/betroth?host=%2Ftmp&sslmode=disable'), {
    url: 'postgres://app:secret@localhost/betroth?sslmode=disable',
    host: '/tmp',
  });
});

t.test('anything else is passed through untouched', async (t) => {
  for (const url of ['postgres://postgres@127.0.0.1:5432/betroth', 'postgres://db.internal/betroth?host=db2', 'not a url']) {
    t.same(socketFromUrl(url), { url }, url);
  }
});
