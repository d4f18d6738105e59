import t from 'tap';
import type { QueueItem, QueuePage } from '../api/types.ts';
import { hasMorePages, queueCountText, queueItems, queuePageKey, withReport } from './queue-pages.ts';

const item = (id: number) => ({ id }) as QueueItem;
const page = (ids: number[], next: number | null): QueuePage => ({ items: ids.map(item), next_cursor: next });

t.test('keyset page keys: no cursor first, then the last page’s next_cursor, none after the last', async (t) => {
  t.equal(queuePageKey(0, null), '/moderation/queue/?limit=20');
  t.equal(queuePageKey(1, page([1, 2], 2)), '/moderation/queue/?limit=20&cursor=2');
  t.equal(queuePageKey(2, page([3], null)), null, 'the previous page was the last');
  t.equal(queuePageKey(1, null), null);
});

t.test('pages become one list, each report once, in the server’s order', async (t) => {
  t.same(queueItems(undefined), []);
  t.same(
    queueItems([page([4, 1, 2], 2), page([2, 7], null)]).map((i) => i.id),
    [4, 1, 2, 7],
    'a report repeated by a later page (the queue moved) is shown once',
  );
});

t.test('whether more pages follow, and the status line', async (t) => {
  t.notOk(hasMorePages(undefined));
  t.notOk(hasMorePages([]));
  t.ok(hasMorePages([page([1], 1)]));
  t.notOk(hasMorePages([page([1], 1), page([2], null)]));
  t.equal(queueCountText(0, false), 'No reports are waiting.');
  t.equal(queueCountText(1, false), 'Showing 1 report, all that are waiting.');
  t.equal(queueCountText(20, true), 'Showing 20 reports; more are waiting.');
});

t.test('the cached queue after a claim or a decision', async (t) => {
  const pages = [page([1, 2], 2), page([3], null)];
  t.equal(withReport(undefined, item(1)), undefined, 'nothing cached, nothing to change');
  const claimed = {
    ...item(3),
    state: 'in_review',
    assignee: { user_id: 9, username: 'mia' },
    history: [],
    evidence_snapshots: [],
    other_reports: [],
  } as QueueItem;
  const afterClaim = withReport(pages, claimed);
  t.same(
    afterClaim?.[1].items,
    [{ id: 3, state: 'in_review', assignee: { user_id: 9, username: 'mia' } }],
    'replaced in place, as a queue item',
  );
  t.same(afterClaim?.[0], pages[0], 'other pages as they were');
  const decided = withReport(pages, { ...item(2), state: 'actioned' } as QueueItem);
  t.same(
    decided?.map((p) => p.items.map((i) => i.id)),
    [[1], [3]],
    'a decided report leaves the queue',
  );
  t.equal(decided?.[0].next_cursor, 2, 'the cursor stays: the server continues after that report, decided or not');
  const appealed = withReport(pages, { ...item(1), state: 'appealed', appeal: { text: 'no' } } as QueueItem);
  t.same(appealed?.[0].items, [{ id: 1, state: 'appealed' }, { id: 2 }], 'an appealed report stays, without its appeal');
  const overturned = withReport(pages, { ...item(1), state: 'overturned' } as QueueItem);
  t.same(
    overturned?.[0].items.map((i) => i.id),
    [2],
    'a decided appeal leaves the queue',
  );
});
