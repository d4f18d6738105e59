/**
 * Identity record data access: plain `verbNoun(db, ...)` functions, so the caller's transaction
 * (sign-up, a profile save, a moderator's decision) passes straight through.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db/client.ts';
import type { IdentityHashKind } from './identity-hash.ts';

/** Ids are bigint columns, which the driver hands over as text in raw statements. */
const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export interface KnownIdentity {
  id: number;
  bannedAt: Date | null;
}

export async function findIdentityByHash(db: Db, kind: IdentityHashKind, hash: string): Promise<KnownIdentity | undefined> {
  const [row] = await db.execute<{ id: string; banned_at: Date | null }>(sql`
    select i.id, i.banned_at from identity_hashes h join member_identities i on i.id = h.identity_id
    where h.kind = ${kind} and h.hash = ${hash}`);
  return row && { id: Number(row.id), bannedAt: row.banned_at === null ? null : new Date(row.banned_at) };
}

export async function insertIdentity(db: Db): Promise<number> {
  const [row] = await db.execute<{ id: string }>(sql`insert into member_identities default values returning id`);
  return Number(row.id);
}

export async function deleteIdentity(db: Db, identityId: number): Promise<void> {
  await db.execute(sql`delete from member_identities where id = ${identityId}`);
}

/** Records the hash for the identity; false when it is already recorded (for any identity). */
export async function insertHash(db: Db, values: { kind: IdentityHashKind; hash: string; identityId: number }): Promise<boolean> {
  const rows = await db.execute(sql`
    insert into identity_hashes (kind, hash, identity_id) values (${values.kind}, ${values.hash}, ${values.identityId})
    on conflict (kind, hash) do nothing returning 1`);
  return rows.length > 0;
}

export interface LockedAccount {
  identityId: number | null;
  email: string;
  phone: string | null;
  bannedAt: Date | null;
}

/**
 * The account, its row locked against other changes until the transaction ends: its identity
 * changes only under this lock (a moderator's strike reads it under one too).
 */
export async function lockAccount(db: Db, userId: number): Promise<LockedAccount | undefined> {
  const [row] = await db.execute<{ identity_id: string | null; email: string; phone: string | null; banned_at: Date | null }>(sql`
    select u.identity_id, u.email, p.phone, u.banned_at from users u left join profiles p on p.user_id = u.id
    where u.id = ${userId} for no key update of u`);
  return (
    row && {
      identityId: idOrNull(row.identity_id),
      email: row.email,
      phone: row.phone,
      bannedAt: row.banned_at === null ? null : new Date(row.banned_at),
    }
  );
}

/** The account's identity, read without a lock (the lock order's first step needs it). */
export async function findAccountIdentity(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.execute<{ identity_id: string | null }>(sql`select identity_id from users where id = ${userId}`);
  return idOrNull(row?.identity_id);
}

/**
 * The reports of the identity, locked in id order. A merge rewrites them; a moderator's decision
 * locks its report before the member's row, so a merge locks them before the member's row too.
 */
export async function lockReportsOf(db: Db, identityId: number): Promise<void> {
  await db.execute(sql`select id from reports where identity_id = ${identityId} order by id for no key update`);
}

/** Accounts (other than `exceptUserId`) of the identity, locked in id order, before the identity itself. */
export async function lockAccountsOf(db: Db, identityId: number, exceptUserId: number): Promise<void> {
  await db.execute(sql`
    select id from users where identity_id = ${identityId} and id <> ${exceptUserId} order by id for no key update`);
}

/**
 * An account joins its first identity: the strikes and reports it gathered before it had one
 * (an account from before the identity record) join it too.
 */
export async function setAccountIdentity(db: Db, userId: number, identityId: number): Promise<void> {
  await db.execute(sql`update users set identity_id = ${identityId} where id = ${userId}`);
  await db.execute(sql`update moderation_strikes set identity_id = ${identityId} where member_id = ${userId} and identity_id is null`);
  await db.execute(sql`update reports set identity_id = ${identityId} where reported_id = ${userId} and identity_id is null`);
}

/** The identities, locked in id order; their ban times. */
export async function lockIdentities(db: Db, ids: readonly number[]): Promise<Map<number, KnownIdentity>> {
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const rows = await db.execute<{ id: string; banned_at: Date | null }>(sql`
    select id, banned_at from member_identities where id in (${list}) order by id for update`);
  return new Map(
    rows.map((row) => [Number(row.id), { id: Number(row.id), bannedAt: row.banned_at === null ? null : new Date(row.banned_at) }]),
  );
}

/**
 * Everything of identity `from` becomes `into`'s: its hashes, accounts, strikes and reports, and
 * its ban if `into` has none. Then `from` is deleted. Both must be locked (lockIdentities).
 */
export async function mergeIdentity(db: Db, from: number, into: number): Promise<void> {
  await db.execute(sql`update identity_hashes set identity_id = ${into} where identity_id = ${from}`);
  await db.execute(sql`update users set identity_id = ${into} where identity_id = ${from}`);
  await db.execute(sql`update moderation_strikes set identity_id = ${into} where identity_id = ${from}`);
  await db.execute(sql`update reports set identity_id = ${into} where identity_id = ${from}`);
  await db.execute(sql`
    update member_identities i set banned_at = coalesce(i.banned_at, f.banned_at)
    from member_identities f where i.id = ${into} and f.id = ${from}`);
  await db.execute(sql`delete from member_identities where id = ${from}`);
}

/** The identity is banned from `at` (an earlier ban keeps its time). */
export async function banIdentity(db: Db, identityId: number, at: Date): Promise<void> {
  await db.execute(
    sql`update member_identities set banned_at = coalesce(banned_at, ${at.toISOString()}::timestamptz) where id = ${identityId}`,
  );
}

/** The identity is no longer banned (an overturned ban). */
export async function liftIdentityBan(db: Db, identityId: number): Promise<void> {
  await db.execute(sql`update member_identities set banned_at = null where id = ${identityId}`);
}

/** Up to `limit` accounts without an identity, locked (others' locked ones skipped, for a second instance starting at once). */
export async function lockAccountsWithoutIdentity(db: Db, limit: number): Promise<number[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select id from users where identity_id is null order by id limit ${limit} for no key update skip locked`);
  return rows.map((row) => Number(row.id));
}
