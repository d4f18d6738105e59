/**
 * The dialog's face reader and the time limit on its models, with fake readers and a fake clock:
 * no worker, no waiting. The cancel race of the CI flake: a scan cancelled while its models
 * loaded must leave nothing that stops the next scan from getting ready.
 */
import t from 'tap';
import { type FaceReader, FaceReaderClosed, type LoadProgress } from './face-reader.ts';
import { createReaderSlot, MODEL_LOAD_LIMIT_MS, ModelsTimedOut, type Timers } from './reader-slot.ts';

interface FakeReader extends FaceReader {
  closed: boolean;
  load(): void;
  breakDown(): void;
  report(progress: LoadProgress): void;
}

function fakeReaders() {
  const started: FakeReader[] = [];
  const start = (onProgress: (progress: LoadProgress) => void): FaceReader => {
    let settle = { resolve: () => undefined as void, reject: (_: Error) => undefined as void };
    const ready = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    ready.catch(() => undefined);
    const reader: FakeReader = {
      ready,
      closed: false,
      read: () => Promise.reject(new Error('not in this test')),
      keep: () => Promise.reject(new Error('not in this test')),
      close() {
        reader.closed = true;
        settle.reject(new FaceReaderClosed());
      },
      load: () => settle.resolve(),
      breakDown: () => settle.reject(new Error('models failed')),
      report: onProgress,
    };
    started.push(reader);
    return reader;
  };
  return { started, start };
}

/** A clock that only moves when told. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  const timers: Timers = {
    setTimeout: (run, ms) => {
      due.set(nextId, { at: now + ms, run });
      return nextId++;
    },
    clearTimeout: (id) => due.delete(id as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, timer] of [...due].sort((a, b) => a[1].at - b[1].at)) {
      if (timer.at > now) continue;
      due.delete(id);
      timer.run();
    }
  };
  return { timers, advance, pending: () => due.size };
}

const settled = <T>(promise: Promise<T>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => error,
  );

t.test('models that load in time: ready, and the limit is cleared', async (t) => {
  const { started, start } = fakeReaders();
  const clock = fakeTimers();
  const slot = createReaderSlot({ start, timers: clock.timers });
  const reader = slot.open();
  t.equal(slot.open(), reader, 'one reader while it is sound');
  const ready = slot.ready(reader);
  clock.advance(MODEL_LOAD_LIMIT_MS - 1);
  started[0].load();
  t.equal(await settled(ready), 'resolved');
  t.equal(clock.pending(), 0, 'no timer left behind');
});

t.test('models that never load: ModelsTimedOut after the limit, the reader ended, Try Again starts a new one', async (t) => {
  const { started, start } = fakeReaders();
  const clock = fakeTimers();
  const slot = createReaderSlot({ start, timers: clock.timers });
  const ready = slot.ready(slot.open());
  clock.advance(MODEL_LOAD_LIMIT_MS - 1);
  t.equal(started[0].closed, false, 'not before the limit');
  clock.advance(1);
  t.type(await settled(ready), ModelsTimedOut);
  t.equal(started[0].closed, true, 'the stuck worker is ended');
  t.equal(slot.current(), null);
  const again = slot.open();
  t.equal(started.length, 2, 'Try Again loads afresh');
  const readyAgain = slot.ready(again);
  started[1].load();
  t.equal(await settled(readyAgain), 'resolved');
});

t.test('Cancel while the models load, then a new scan: the cancelled wait cannot touch the new reader', async (t) => {
  const { started, start } = fakeReaders();
  const clock = fakeTimers();
  const slot = createReaderSlot({ start, timers: clock.timers });
  const first = slot.ready(slot.open());
  slot.close(); // Cancel
  t.type(await settled(first), FaceReaderClosed, 'the cancelled wait ends at once');
  const second = slot.ready(slot.open());
  t.equal(started.length, 2, 'the closed reader is not handed out again');
  clock.advance(MODEL_LOAD_LIMIT_MS - 1);
  started[1].load();
  t.equal(await settled(second), 'resolved', 'the new scan gets ready');
  clock.advance(MODEL_LOAD_LIMIT_MS);
  t.equal(started[1].closed, false, "the first wait's limit did not end the second reader");
});

t.test('a limit that fires after a restart ends only its own reader', async (t) => {
  const { started, start } = fakeReaders();
  const clock = fakeTimers();
  const slot = createReaderSlot({ start, timers: clock.timers });
  const first = slot.open();
  const firstReady = slot.ready(first, 1_000);
  // The first reader is replaced without being closed through the slot (it broke in the background).
  started[0].breakDown();
  t.match(await settled(firstReady), { message: 'models failed' });
  const second = slot.open();
  t.not(second, first, 'a reader whose loading failed is replaced on the next open');
  const secondReady = slot.ready(second);
  clock.advance(1_000);
  t.equal(started[1].closed, false);
  started[1].load();
  t.equal(await settled(secondReady), 'resolved');
});

t.test('progress is reported for the current reader only, and reset when a new one starts', async (t) => {
  const { started, start } = fakeReaders();
  const seen: Array<LoadProgress | null> = [];
  const slot = createReaderSlot({ start, onProgress: (progress) => seen.push(progress) });
  slot.open();
  started[0].report({ done: 1, total: 4 });
  slot.close();
  started[0].report({ done: 2, total: 4 });
  slot.open();
  started[1].report({ done: 1, total: 4 });
  t.same(seen, [null, { done: 1, total: 4 }, null, { done: 1, total: 4 }]);
});
