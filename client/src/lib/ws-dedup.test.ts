import t from 'tap';
import { RecentIds } from './ws-dedup.ts';

t.test('recent ids are bounded', async (t) => {
  const ids = new RecentIds(3);
  t.ok(ids.add('a'));
  t.notOk(ids.add('a'), 'a duplicate');
  ids.add('b');
  ids.add('c');
  ids.add('d');
  t.equal(ids.size, 3);
  t.ok(ids.add('a'), 'the oldest was forgotten');
  t.notOk(ids.add('d'));
});
