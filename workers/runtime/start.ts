/**
 * Starts handlers on a transport: JetStream durable consumers (workers process) or the
 * in-process bus (embedded default, inside the server). Both run the same consume loop.
 */
import type { InProcessBus } from '../../server/kernel/events/bus-in-process.ts';
import type { StreamSettings } from '../../server/kernel/events/bus-nats.ts';
import type { NatsLink } from '../../server/kernel/events/nats-link.ts';
import type { Log } from '../../server/kernel/logging.ts';
import { type ConsumeDeps, type RunningConsumer, runConsumer } from './consume.ts';
import { type EventHandler, HANDLER_DEFAULTS } from './handler.ts';
import { natsSource } from './source-nats.ts';

export interface RunningWorkers {
  readonly handlers: string[];
  /** Stops taking events and waits for the jobs in flight. */
  stop(): Promise<void>;
}

type Deps = ConsumeDeps;

function group(consumers: RunningConsumer[], log: Log): RunningWorkers {
  return {
    handlers: consumers.map((consumer) => consumer.handler),
    async stop() {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      log.info({ handlers: consumers.map((consumer) => consumer.handler) }, 'handlers stopped');
    },
  };
}

export function startNatsWorkers(handlers: EventHandler[], link: NatsLink, settings: StreamSettings, deps: Deps): RunningWorkers {
  const consumers = handlers.map((handler) => runConsumer(handler, natsSource(link, settings, handler, deps.log), deps));
  deps.log.info({ handlers: handlers.map((h) => h.name), stream: settings.stream }, 'handlers consuming from JetStream');
  return group(consumers, deps.log);
}

export function startInProcessWorkers(handlers: EventHandler[], bus: InProcessBus, deps: Deps): RunningWorkers {
  const consumers = handlers.map((handler) => {
    const queue = bus.consumer(handler.name, handler.subjects, handler.maxDeliver ?? HANDLER_DEFAULTS.maxDeliver);
    const running = runConsumer(handler, queue, deps);
    void running.done.then(() => bus.remove(queue));
    return running;
  });
  return group(consumers, deps.log);
}
