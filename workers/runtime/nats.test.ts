import t from 'tap';
import { sleep } from '../../server/kernel/events/backoff.ts';
import { NatsTransport } from '../../server/kernel/events/bus-nats.ts';
import { NatsLink } from '../../server/kernel/events/nats-link.ts';
import { writeEvent } from '../../server/kernel/events/outbox.ts';
import { natsSkip, TcpProxy, waitFor } from '../../server/test/nats.ts';
import { defineHandler } from './handler.ts';
import { natsHarness } from '../test/harness.ts';
import { deliverySuite, like, unpublishedCount } from '../test/delivery-suite.ts';

t.test('JetStream transport', { skip: natsSkip }, async (t) => {
  deliverySuite(t, natsHarness);

  t.test('a long job that signals progress is not redelivered; one that does not, is', async (t) => {
    const h = await natsHarness(t);
    const calls = { steady: 0, silent: 0 };
    const finished = { steady: 0, silent: 0 };
    for (const name of ['steady', 'silent'] as const) {
      h.consume(
        defineHandler({
          name,
          subjects: ['likes.created'],
          concurrency: 2,
          ackWaitMs: 400,
          async handle(_event, context) {
            calls[name] += 1;
            for (let i = 0; i < 8; i += 1) {
              await sleep(125);
              if (name === 'steady') context.progress();
            }
            finished[name] += 1;
          },
        }),
      );
    }
    h.newRelay();
    await writeEvent(h.db, 'likes.created', like(1));
    await waitFor(() => finished.steady === 1 && finished.silent >= 1, 10_000, 'both jobs');
    t.equal(calls.steady, 1, 'progress kept the job from being redelivered');
    t.ok(calls.silent >= 2, 'without progress the ack wait ran out and it was redelivered');
  });

  t.test('NATS going away mid-run loses nothing and publishes nothing twice', async (t) => {
    const h = await natsHarness(t);
    const seen: number[] = [];
    h.consume(
      defineHandler({ name: 'collector', subjects: ['likes.created'], concurrency: 4, handle: async (event) => void seen.push(event.id) }),
    );

    // The relay reaches NATS only through a proxy; at first nothing listens on its port.
    const proxy = new TcpProxy();
    await proxy.start();
    await proxy.stop();
    h.closers.push(() => proxy.stop());
    const relayLink = new NatsLink({ url: proxy.url, name: 'relay-under-test', log: h.log });
    relayLink.start();
    h.closers.push(() => relayLink.close());
    const relay = h.newRelay({ transport: new NatsTransport(relayLink, h.settings, h.log), backoff: { baseMs: 50, maxMs: 400 } });

    const ids: number[] = [];
    const write = async (from: number, count: number) => {
      for (let i = from; i < from + count; i += 1) ids.push(await writeEvent(h.db, 'likes.created', like(i)));
    };
    await write(1, 5);
    // The proxy is the relay's only way to NATS: once a publish attempt has failed, nothing can
    // have gone out.
    await waitFor(() => relay.failing, 10_000, 'a failed publish attempt');
    t.equal(seen.length, 0, 'nothing published while NATS is unreachable');
    t.equal(await unpublishedCount(h.db), 5, 'the rows wait in the outbox');
    t.ok(relay.failing, 'the relay knows it is failing');

    await proxy.start(proxy.port);
    await waitFor(() => seen.length === 5, 20_000, 'first rows after NATS appeared');

    // Mid-run: NATS disappears with the client connected, then comes back.
    await proxy.stop();
    await write(6, 10);
    await waitFor(() => relay.failing, 10_000, 'a failed publish attempt during the outage');
    t.equal(seen.length, 5, 'rows written during the outage are held back');
    t.equal(await unpublishedCount(h.db), 10);
    await proxy.start(proxy.port);
    await waitFor(() => seen.length >= 15, 30_000, 'rows written during the outage');

    // A sentinel published after everything: a row published twice would be in the stream
    // before it, so once it arrives and the consumer has nothing left, the count is final.
    const sentinel = await writeEvent(h.db, 'likes.created', like(16));
    await waitFor(() => seen.includes(sentinel), 20_000, 'the sentinel');
    await waitFor(
      async () => {
        const pending = await h.pending?.('collector');
        return pending?.ackPending === 0 && pending.waiting === 0;
      },
      10_000,
      'an idle consumer',
    );
    t.equal(seen.length, 16, 'no duplicates');
    t.same(
      [...seen].sort((a, b) => a - b),
      [...ids, sentinel],
      'every row arrived',
    );
    // The relay publishes before its transaction marks the rows: the mark may land just after delivery.
    await waitFor(async () => (await unpublishedCount(h.db)) === 0, 10_000, 'every row marked published');
    t.ok(
      h.log.lines.some((line) => line.message === 'outbox relay: publish failed, retrying'),
      'the outage was logged',
    );
  });
});
