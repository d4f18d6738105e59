import t from 'tap';
import { loadConfig } from '../config.ts';

t.test('config: event backbone variables', async (t) => {
  const config = loadConfig({ WORKERS: 'notifications, photo-moderation', OUTBOX_POLL_MS: '250', NATS_SUBJECT_PREFIX: 'ev_1' });
  t.same(config.workers, ['notifications', 'photo-moderation']);
  t.equal(config.outboxPollMs, 250);
  t.equal(config.natsSubjectPrefix, 'ev_1');
  t.same(loadConfig({ WORKERS: 'none' }).workers, []);
  t.throws(() => loadConfig({ NATS_SUBJECT_PREFIX: 'events.>', WORKERS: 'Bad Name' }), /NATS_SUBJECT_PREFIX[\s\S]*WORKERS/);
});
