/**
 * The members a fuzz run acts among, made through the real API: the caller (complete, with a
 * gender, so discovery and pair routes get past their first checks), women in every relation to
 * the caller (liked, matched with an open chat, blocked either way, liking the caller), a witness
 * who is never fuzzed with (the health checks run as them; matched with the admirer, so match ids
 * of other members exist), a moderator with a few open reports for the moderation routes, and throwaway accounts for the operations that end the caller's session
 * (sign-out, deletion), so those cannot lock the run out.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../kernel/db/client.ts';
import { likeProfile, type Member, man, post, woman } from '../test/members.ts';
import { COMPLETE_FORM, patchProfile, setPhoto } from '../test/profiles.ts';
import { signUp, type TestMember } from '../test/factories.ts';
import { moderator } from '../test/moderation.ts';

export interface World {
  caller: Member;
  witness: Member;
  /** The moderation routes are fuzzed as this moderator (anyone else gets the unknown route's 404). */
  moderator: TestMember;
  others: Member[];
  /** Ids that exist, of each kind, and a few that never did. */
  profileIds: number[];
  userIds: number[];
  /** The caller's match (chat open), a match of two others, and ids that never existed. */
  matchIds: number[];
  /** Reports (open ones, for the moderator to claim and decide) and ids that never existed. */
  reportIds: number[];
  /** A statement of reasons of the caller's own (a warning, appealable), another member's, and ids that never existed. */
  statementIds: number[];
  /** A token of a throwaway account that is still signed in, or of a spent one when none is left. */
  throwawayToken(): Promise<string>;
  /** Tells the pool that the token's session ended (the operation answered 2xx). */
  spend(token: string): void;
  /** Puts the caller's profile back to complete after a fuzzed save or photo deletion changed it. */
  restoreCaller(): Promise<void>;
  /** Throwaway accounts made so far. */
  throwawaysMade(): number;
}

const NEVER_EXISTED = [9_000_000, 2_147_483_647];

export async function buildWorld(app: FastifyInstance, db: Db, options: { maxThrowaways: number }): Promise<World> {
  const caller = await man(app, db, {}, 'fuzz_caller');
  const witness = await man(app, db, {}, 'fuzz_witness');
  const liked = await woman(app, db, {}, 'fuzz_liked');
  const matched = await woman(app, db, {}, 'fuzz_matched');
  const blockedByCaller = await woman(app, db, {}, 'fuzz_blocked');
  const blockedCaller = await woman(app, db, {}, 'fuzz_blocker');
  const admirer = await woman(app, db, {}, 'fuzz_admirer');
  const others = [liked, matched, blockedByCaller, blockedCaller, admirer];

  const expectOk = (label: string, status: number) => {
    if (status >= 300) throw new Error(`world set-up: ${label} answered ${status}`);
  };
  expectOk('like', (await likeProfile(app, caller, liked.profileId)).statusCode);
  expectOk('like', (await likeProfile(app, caller, matched.profileId)).statusCode);
  expectOk('match', (await likeProfile(app, matched, caller.profileId)).statusCode);
  expectOk('admirer like', (await likeProfile(app, admirer, caller.profileId)).statusCode);
  expectOk('block', (await post(app, caller, `/api/v1/block/${blockedByCaller.userId}/`)).statusCode);
  expectOk('blocked by', (await post(app, blockedCaller, `/api/v1/block/${caller.userId}/`)).statusCode);
  const callerMatch = (await likeProfile(app, caller, matched.profileId)).json().match_id as number;
  // Open, as a spent credit leaves it, so the chat routes get past their lock check.
  await db.execute(
    sql`update matches set chat_unlocked_at = now(), chat_unlocked_by_profile_id = ${caller.profileId} where id = ${callerMatch}`,
  );
  expectOk('witness like', (await likeProfile(app, witness, admirer.profileId)).statusCode);
  const othersMatch = (await likeProfile(app, admirer, witness.profileId)).json().match_id as number;

  // Reports written straight to the table, so no block changes the cast's relations.
  const reportIds: number[] = [];
  for (const [i, category] of ['scam_spam', 'other', 'underage', 'harassment_hate'].entries()) {
    const [row] = await db.execute<{ id: number }>(sql`
      insert into reports (reporter_id, reported_id, category, evidence_sha256)
      values (${others[i].userId}, ${others[i + 1].userId}, ${category}, 'fuzz') returning id::int`);
    reportIds.push(row.id);
  }
  const mod = await moderator(app, db, 'fuzz_moderator');
  // A warning about the caller (appealable, so the appeal route's code is reached) and one about
  // another member, with their statements, written straight to the tables like the reports.
  const statementIds: number[] = [];
  for (const member of [caller, liked]) {
    const [row] = await db.execute<{ id: number }>(sql`
      with report as (
        insert into reports (reporter_id, reported_id, category, evidence_sha256, state, resolution, assignee_id)
        values (${witness.userId}, ${member.userId}, 'other', 'fuzz', 'actioned', 'warning', ${mod.userId}) returning id),
      strike as (
        insert into moderation_strikes (member_id, report_id, resolution, reason, moderator_id)
        select ${member.userId}, id, 'warning', 'Fuzz warning.', ${mod.userId} from report returning id, report_id)
      insert into moderation_statements (member_id, report_id, strike_id, kind, resolution, category, decision_text, facts, appeal_until)
      select ${member.userId}, report_id, id, 'decision', 'warning', 'other', 'You received a warning.', 'Fuzz warning.', now() + interval '14 days'
      from strike returning id::int`);
    statementIds.push(row.id);
  }

  const everyone = [caller, witness, ...others];
  const live: TestMember[] = [];
  const spent: TestMember[] = [];
  let made = 0;
  return {
    caller,
    witness,
    moderator: mod,
    others,
    profileIds: [...everyone.map((m) => m.profileId), ...NEVER_EXISTED],
    userIds: [...everyone.map((m) => m.userId), ...NEVER_EXISTED],
    matchIds: [callerMatch, othersMatch, ...NEVER_EXISTED],
    reportIds: [...reportIds, ...NEVER_EXISTED],
    statementIds: [...statementIds, ...NEVER_EXISTED],
    async throwawayToken() {
      if (live.length === 0 && made < options.maxThrowaways) {
        made++;
        live.push(await signUp(app));
      }
      return (live[0] ?? spent[spent.length - 1])?.token ?? 'no-throwaway-left';
    },
    spend(token) {
      const index = live.findIndex((m) => m.token === token);
      if (index >= 0) spent.push(...live.splice(index, 1));
    },
    async restoreCaller() {
      // Photo 1 first (a fuzzed photo deletion may have taken it), so the save marks the profile complete.
      await setPhoto(db, caller, `/media/${caller.userId}/photo1.jpg`);
      const response = await patchProfile(app, caller, { ...COMPLETE_FORM, gender: 'Man', username: caller.username });
      if (response.statusCode !== 200) throw new Error(`could not restore the caller: ${response.statusCode} ${response.body}`);
    },
    throwawaysMade: () => made,
  };
}
