/**
 * Pushes over core NATS: `<pushPrefix>.<userId>`. Each gateway instance subscribes to the members
 * it holds sockets for, so a push reaches a member whichever instance they are connected to.
 */
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { PushMessage } from '../../contract/realtime.ts';
import type { Log } from '../logging.ts';
import type { NatsLink } from './nats-link.ts';
import type { PushBus, PushListener } from './push.ts';
import { TransportUnavailableError } from './transport.ts';

interface MemberSubscription {
  listeners: Set<PushListener>;
  sub: Subscription | null;
}

export class NatsPushBus implements PushBus {
  readonly kind = 'nats' as const;
  private readonly members = new Map<number, MemberSubscription>();
  private readonly offConnect: () => void;

  private readonly link: NatsLink;
  private readonly prefix: string;
  private readonly log: Log;
  constructor(link: NatsLink, prefix: string, log: Log) {
    this.link = link;
    this.prefix = prefix;
    this.log = log;
    // Subscriptions asked for before the first connection are made when it opens; after that
    // the client resubscribes by itself on every reconnect.
    this.offConnect = link.onConnect((nc) => {
      for (const [userId, member] of this.members) member.sub ??= this.subscribeOn(nc, userId, member);
    });
  }

  subject(userId: number): string {
    return `${this.prefix}.${userId}`;
  }

  async publish(userId: number, message: PushMessage): Promise<void> {
    const nc = this.link.current();
    if (!nc) throw new TransportUnavailableError('NATS is not connected; push not sent');
    nc.publish(this.subject(userId), JSON.stringify(message));
  }

  subscribe(userId: number, listener: PushListener): () => void {
    let member = this.members.get(userId);
    if (!member) {
      member = { listeners: new Set(), sub: null };
      this.members.set(userId, member);
      const nc = this.link.current();
      if (nc) member.sub = this.subscribeOn(nc, userId, member);
    }
    member.listeners.add(listener);
    const entry = member;
    return () => {
      entry.listeners.delete(listener);
      if (entry.listeners.size > 0 || this.members.get(userId) !== entry) return;
      this.members.delete(userId);
      entry.sub?.unsubscribe();
    };
  }

  async close(): Promise<void> {
    this.offConnect();
    for (const member of this.members.values()) member.sub?.unsubscribe();
    this.members.clear();
  }

  private subscribeOn(nc: NatsConnection, userId: number, member: MemberSubscription): Subscription {
    return nc.subscribe(this.subject(userId), {
      callback: (error, msg) => {
        if (error) {
          this.log.warn({ err: error, userId }, 'push subscription failed');
          return;
        }
        let message: PushMessage;
        try {
          message = msg.json<PushMessage>();
        } catch (parseError) {
          this.log.warn({ err: parseError, userId }, 'push message is not JSON; dropped');
          return;
        }
        for (const listener of member.listeners) {
          try {
            listener(message);
          } catch (listenerError) {
            this.log.error({ err: listenerError, userId }, 'push listener failed');
          }
        }
      },
    });
  }
}
