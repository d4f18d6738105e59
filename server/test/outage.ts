/**
 * Database outages, staged: a population of members, a burst of the writes members make most
 * (likes, like-backs, chat unlocks, chat sends) kept up while PostgreSQL is killed and comes back,
 * and the checks that nothing acknowledged was lost or done twice. Used by the outage tests
 * (server/db-outage.test.ts) and the kill-50-times stress script (bench/db-outage.stress.ts).
 *
 * The burst behaves as a careful client does: an answer that did not arrive (5xx, timeout) is
 * retried with the same Idempotency-Key, so a write the server committed but could not
 * acknowledge is not made twice.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../kernel/db/client.ts';
import { chatUrl } from './chat.ts';
import { giveCredits, ledgerMismatches } from './credits.ts';
import type { HttpAnswer, HttpApp } from './http-app.ts';
import { type Member, man, woman } from './members.ts';

export interface Population {
  men: Member[];
  women: Member[];
}

/** `pairs` men and as many women, complete; each man holds enough credits to unlock every chat. */
export async function outagePopulation(app: FastifyInstance, db: Db, pairs: number): Promise<Population> {
  const men: Member[] = [];
  const women: Member[] = [];
  for (let i = 0; i < pairs; i += 1) {
    men.push(await man(app, db));
    women.push(await woman(app, db));
  }
  for (const member of men) await giveCredits(db, member, pairs);
  return { men, women };
}

export type WriteKind = 'like' | 'like_back' | 'unlock' | 'send';

export interface Outcome {
  kind: WriteKind;
  status: number;
  timedOut: boolean;
  elapsedMs: number;
  /** performance.now() when the request was sent. */
  sentAt: number;
  retryAfter: string | undefined;
  body: string;
}

/** What the server acknowledged (2xx): each must be in the database afterwards. */
export interface Acknowledged {
  likes: Array<{ from: number; to: number }>;
  unlocks: Array<{ matchId: number; charged: boolean; key: string }>;
  messages: Array<{ id: number; key: string }>;
}

interface Pair {
  man: Member;
  woman: Member;
  liked: boolean;
  matchId: number | null;
  unlocked: boolean;
  /** Per member of the pair: the key of the write they retry, kept until an answer arrives. */
  pendingKeys: Map<number, string>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Every man courts every woman in his own order: like, she likes back, he unlocks, both write.
 * Each member runs one loop, so there are as many requests in flight as members.
 */
export class Burst {
  readonly outcomes: Outcome[] = [];
  readonly acknowledged: Acknowledged = { likes: [], unlocks: [], messages: [] };
  private running = false;
  private loops: Promise<void>[] = [];
  private readonly pairs: Pair[] = [];

  private readonly app: HttpApp;
  private readonly population: Population;
  private readonly pauseMs: number;
  constructor(app: HttpApp, population: Population, pauseMs = 20) {
    this.app = app;
    this.population = population;
    this.pauseMs = pauseMs;
    const { men, women } = population;
    men.forEach((m, i) => {
      for (let k = 0; k < women.length; k += 1) {
        const w = women[(i + k) % women.length];
        this.pairs.push({ man: m, woman: w, liked: false, matchId: null, unlocked: false, pendingKeys: new Map() });
      }
    });
  }

  start(): void {
    this.running = true;
    this.loops = [...this.population.men, ...this.population.women].map((member) => this.loop(member));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Outcomes of requests sent within [from, to) (performance.now() times). */
  between(from: number, to: number): Outcome[] {
    return this.outcomes.filter((o) => o.sentAt >= from && o.sentAt < to);
  }

  private async loop(member: Member): Promise<void> {
    const mine = this.pairs.filter((p) => p.man.userId === member.userId || p.woman.userId === member.userId);
    const isMan = mine[0]?.man.userId === member.userId;
    let turn = 0;
    while (this.running) {
      const pair = this.nextPair(mine, isMan, turn);
      turn += 1;
      if (pair) await this.step(pair, isMan);
      await pause(this.pauseMs);
    }
  }

  /** The member's next useful write, round-robin over their pairs. */
  private nextPair(mine: Pair[], isMan: boolean, turn: number): Pair | null {
    for (let i = 0; i < mine.length; i += 1) {
      const pair = mine[(turn + i) % mine.length];
      if (isMan && (!pair.liked || (pair.matchId !== null && !pair.unlocked))) return pair;
      if (!isMan && pair.liked && pair.matchId === null) return pair;
      if (pair.unlocked) return pair;
    }
    return null;
  }

  private async step(pair: Pair, isMan: boolean): Promise<void> {
    if (isMan && !pair.liked) return this.like(pair);
    if (!isMan && pair.liked && pair.matchId === null) return this.likeBack(pair);
    if (isMan && pair.matchId !== null && !pair.unlocked) return this.unlock(pair);
    if (pair.unlocked) return this.send(pair, isMan ? pair.man : pair.woman);
  }

  private async call(kind: WriteKind, member: Member, url: string, payload: object, key?: string): Promise<HttpAnswer> {
    const headers = key ? { ...member.auth, 'idempotency-key': key } : member.auth;
    const sentAt = performance.now();
    const answer = await this.app.inject({ method: 'POST', url, headers, payload });
    this.outcomes.push({
      kind,
      status: answer.statusCode,
      timedOut: answer.timedOut,
      elapsedMs: answer.elapsedMs,
      sentAt,
      retryAfter: answer.headers['retry-after'],
      body: answer.body.slice(0, 300),
    });
    return answer;
  }

  private async like(pair: Pair): Promise<void> {
    const answer = await this.call('like', pair.man, '/api/v1/match/like/', { to_profile_id: pair.woman.profileId, liked: true });
    if (answer.statusCode !== 200) return;
    pair.liked = true;
    this.acknowledged.likes.push({ from: pair.man.profileId, to: pair.woman.profileId });
  }

  private async likeBack(pair: Pair): Promise<void> {
    const answer = await this.call('like_back', pair.woman, '/api/v1/match/like/', { to_profile_id: pair.man.profileId, liked: true });
    if (answer.statusCode !== 200) return;
    this.acknowledged.likes.push({ from: pair.woman.profileId, to: pair.man.profileId });
    pair.matchId = (answer.json() as { match_id: number | null }).match_id;
  }

  /** The key `member` retries with in `pair`, or a new one. */
  private keyOf(pair: Pair, member: Member): string {
    const key = pair.pendingKeys.get(member.userId) ?? randomUUID();
    pair.pendingKeys.set(member.userId, key);
    return key;
  }

  private async unlock(pair: Pair): Promise<void> {
    const key = this.keyOf(pair, pair.man);
    const answer = await this.call('unlock', pair.man, '/api/v1/match/use_chat_credit/', { match_id: pair.matchId }, key);
    if (answer.statusCode !== 200) return;
    pair.pendingKeys.delete(pair.man.userId);
    pair.unlocked = true;
    this.acknowledged.unlocks.push({ matchId: pair.matchId as number, charged: (answer.json() as { charged: boolean }).charged, key });
  }

  private async send(pair: Pair, from: Member): Promise<void> {
    const key = this.keyOf(pair, from);
    const answer = await this.call('send', from, chatUrl(pair.matchId as number), { message: `hello ${key}` }, key);
    if (answer.statusCode !== 200 && answer.statusCode !== 201) return;
    pair.pendingKeys.delete(from.userId);
    this.acknowledged.messages.push({ id: (answer.json() as { message: { id: number } }).message.id, key });
  }
}

/** Every way the database can disagree with what was acknowledged; empty when all is well. */
export async function lostOrDoubled(db: Db, acknowledged: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const likes = await db.execute<{ from_profile_id: number; to_profile_id: number }>(
    sql`select from_profile_id, to_profile_id from likes where liked`,
  );
  const stored = new Set(likes.map((row) => `${row.from_profile_id}>${row.to_profile_id}`));
  for (const like of acknowledged.likes) {
    if (!stored.has(`${like.from}>${like.to}`)) problems.push(`acknowledged like ${like.from} -> ${like.to} is missing`);
  }

  const messages = await db.execute<{ id: number; from_profile_id: number; client_key: string | null }>(
    sql`select id, from_profile_id, client_key from chat_messages`,
  );
  const messageIds = new Set(messages.map((row) => Number(row.id)));
  for (const message of acknowledged.messages) {
    if (!messageIds.has(message.id)) problems.push(`acknowledged message ${message.id} is missing`);
  }
  // A sender's key is one message, however often it was retried.
  const keys = new Map<string, number>();
  for (const row of messages) {
    if (!row.client_key) continue;
    const senderKey = `${row.from_profile_id}:${row.client_key}`;
    keys.set(senderKey, (keys.get(senderKey) ?? 0) + 1);
  }
  for (const [key, count] of keys) if (count > 1) problems.push(`message key ${key} stored ${count} times`);

  const unlocked = await db.execute<{ id: number; chat_unlocked_at: Date | null }>(sql`select id, chat_unlocked_at from matches`);
  const unlockedIds = new Set(unlocked.filter((row) => row.chat_unlocked_at !== null).map((row) => Number(row.id)));
  for (const unlock of acknowledged.unlocks) {
    if (!unlockedIds.has(unlock.matchId)) problems.push(`acknowledged unlock of match ${unlock.matchId} is missing`);
  }
  const spends = await db.execute<{ match_id: number; n: number }>(sql`
    select match_id, count(*)::int as n from credit_ledger where kind = 'spend' group by match_id having count(*) > 1`);
  for (const row of spends) problems.push(`match ${row.match_id} was paid for ${row.n} times`);

  const orphans = await db.execute<{ id: number }>(sql`
    select m.id from matches m
    where not exists (select 1 from likes l where l.from_profile_id = m.profile_low_id and l.to_profile_id = m.profile_high_id and l.liked)
       or not exists (select 1 from likes l where l.from_profile_id = m.profile_high_id and l.to_profile_id = m.profile_low_id and l.liked)`);
  for (const row of orphans) problems.push(`match ${row.id} exists without both likes`);

  for (const row of await ledgerMismatches(db)) problems.push(`profile ${row.profile_id}: balance ${row.chats}, ledger ${row.ledger}`);
  return problems;
}
