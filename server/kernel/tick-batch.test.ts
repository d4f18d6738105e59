import t from 'tap';
import { tickBatch } from './tick-batch.ts';

t.test('calls made in one turn share one run; each gets its own value', async (t) => {
  const runs: number[][] = [];
  const lookup = tickBatch(async (keys: number[]) => {
    runs.push(keys);
    return new Map(keys.filter((key) => key % 2 === 0).map((key) => [key, `even ${key}`]));
  }, 'absent');
  const answers = await Promise.all([1, 2, 3, 4].map((key) => lookup(key)));
  t.same(answers, ['absent', 'even 2', 'absent', 'even 4']);
  t.same(runs, [[1, 2, 3, 4]]);
  t.equal(await lookup(6), 'even 6', 'a later call starts a new batch');
  t.same(runs.at(-1), [6]);
});

t.test('a batch is split at maxBatch, and a failing run fails only its own calls', async (t) => {
  const runs: number[][] = [];
  const lookup = tickBatch(
    async (keys: number[]) => {
      runs.push(keys);
      if (keys.includes(1)) throw new Error('database gone');
      return new Map(keys.map((key) => [key, key * 10]));
    },
    0,
    2,
  );
  const results = await Promise.allSettled([1, 2, 3].map((key) => lookup(key)));
  t.same(runs, [[1, 2], [3]]);
  t.same(
    results.map((result) => result.status),
    ['rejected', 'rejected', 'fulfilled'],
  );
  t.equal((results[2] as PromiseFulfilledResult<number>).value, 30);
});

t.test('with gatherMs, calls over a few milliseconds share one run', async (t) => {
  const runs: number[][] = [];
  const record = tickBatch(
    async (keys: number[]) => {
      runs.push(keys);
      return new Map();
    },
    undefined,
    500,
    20,
  );
  const first = record(1);
  await new Promise((resolve) => setImmediate(resolve));
  const second = record(2);
  await Promise.all([first, second]);
  t.same(runs, [[1, 2]], 'a call a turn later joined the first');
});
