/**
 * Conditions for "the events so far have been handled": what a test waits for instead of a fixed
 * pause before it asserts that nothing more happened. Every outbox row is published and each
 * consumer has settled (acked or termed) every event it accepts; handlers settle only after
 * their work, so from then on none of those events is still on its way.
 */
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { sql } from 'drizzle-orm';
import type { Db } from '../kernel/db/client.ts';
import { type ConsumerSubjects, unsettledEvents } from '../kernel/events/delivery-records.ts';
import { testNatsUrl, waitFor } from './nats.ts';

const unpublished = async (db: Db) =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where published_at is null`))[0].n;

/** In-process delivery (no NATS_URL): the settlements are rows in event_deliveries. */
export async function inProcessEventsSettled(db: Db, consumers: readonly ConsumerSubjects[], timeoutMs = 10_000): Promise<void> {
  await waitFor(
    async () => {
      if ((await unpublished(db)) > 0) return false;
      for (const consumer of consumers) if ((await unsettledEvents(db, consumer)).length > 0) return false;
      return true;
    },
    timeoutMs,
    `every event to be published and settled by ${consumers.map((c) => c.handler).join(', ')}`,
  );
}

/** Over NATS: every row is published and the durable consumer has nothing pending or unacked. */
export async function natsConsumerSettled(db: Db, stream: string, consumer: string, timeoutMs = 20_000): Promise<void> {
  const nc = await connect({ servers: testNatsUrl() });
  try {
    const jsm = await jetstreamManager(nc);
    await waitFor(
      async () => {
        if ((await unpublished(db)) > 0) return false;
        const info = await jsm.consumers.info(stream, consumer);
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      timeoutMs,
      `the ${consumer} consumer to ack every event`,
    );
  } finally {
    await nc.close();
  }
}
