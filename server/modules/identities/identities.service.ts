/**
 * The identity record: which accounts are one person, so strikes, reports and a ban outlive a
 * deleted account. An account's email hash (at sign-up) and phone hash (whenever the phone is
 * saved) join its identity; a hash already known names the identity to reuse, so two identities
 * that turn out to share a hash are merged into the one that knew it first. Hashes are never
 * removed: a number the member no longer uses still recognises them.
 *
 * Locks, always in this order: the reports of the identity being merged away (a moderator's
 * decision locks its report first), the account's row, the other accounts of that identity, then
 * the identities (in id order). A decision takes its report, then the member's row, then their
 * identity, so a merge and a decision about the same member wait for each other, never deadlock.
 */
import type { Db } from '../../kernel/db/client.ts';
import { forbidden } from '../../kernel/errors.ts';
import * as queries from './identities.queries.ts';
import { identityHash, type IdentityHashKind } from './identity-hash.ts';

export const IDENTITY_MESSAGES = {
  /** Sign-up with an email whose identity is banned: no word of a ban, nor of an earlier account. */
  emailRefused: "This email address can't be used to create an account.",
  /** A phone whose identity is banned (another identity's, never the member's own). */
  phoneRefused: "This phone number can't be used on Betroth.",
} as const;

/** A hash as much as needed: insert attempts before another transaction's insert of the same hash is read. */
const CLAIM_ATTEMPTS = 3;

/**
 * The identity the hash names, or, when the hash is new, `own` (or a new identity when `own` is
 * null) with the hash recorded for it. `bannedAt` is the ban of an identity found, never of `own`.
 */
async function claimHash(tx: Db, kind: IdentityHashKind, hash: string, own: number | null): Promise<queries.KnownIdentity> {
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
    const known = await queries.findIdentityByHash(tx, kind, hash);
    if (known) return known;
    const id = own ?? (await queries.insertIdentity(tx));
    if (await queries.insertHash(tx, { kind, hash, identityId: id })) return { id, bannedAt: null };
    // Another transaction recorded the same hash meanwhile (ours waited for it): read theirs.
    if (own === null) await queries.deleteIdentity(tx, id);
  }
  throw new Error(`identity hash (${kind}) could not be recorded`);
}

/**
 * The identity a new account with this email joins (a new one for an email never seen). A banned
 * identity refuses with 403, inside the sign-up's transaction, so nothing is written.
 */
export async function identityForSignup(tx: Db, secret: string, email: string): Promise<number> {
  const identity = await claimHash(tx, 'email', identityHash(secret, 'email', email), null);
  if (identity.bannedAt) throw forbidden(IDENTITY_MESSAGES.emailRefused);
  return identity.id;
}

/**
 * `own` joins the identity that already knows a hash: everything of `own` moves there. Refused
 * (403 with `refusal`) when that identity is banned and `refusal` is given.
 */
async function joinKnown(tx: Db, userId: number, own: number, known: number, refusal: string | null): Promise<number> {
  await queries.lockAccountsOf(tx, own, userId);
  const locked = await queries.lockIdentities(tx, [own, known]);
  if (refusal !== null && locked.get(known)?.bannedAt) throw forbidden(refusal);
  await queries.mergeIdentity(tx, own, known);
  return known;
}

/**
 * The account's identity, made now for an account from before the identity record (from its
 * email, then its phone, its strikes and reports linked, its ban carried). Never refuses: the
 * account exists already. Locks the account's row. Null when the account does not exist.
 */
async function ensureIdentity(tx: Db, secret: string, userId: number): Promise<number | null> {
  const account = await queries.lockAccount(tx, userId);
  if (!account) return null;
  if (account.identityId !== null) return account.identityId;
  let { id } = await claimHash(tx, 'email', identityHash(secret, 'email', account.email), null);
  await queries.setAccountIdentity(tx, userId, id);
  if (account.bannedAt) await queries.banIdentity(tx, id, account.bannedAt);
  if (account.phone) {
    const phone = await claimHash(tx, 'phone', identityHash(secret, 'phone', account.phone), id);
    if (phone.id !== id) id = await joinKnown(tx, userId, id, phone.id, null);
  }
  return id;
}

/**
 * The member's (normalised) phone joins their identity, inside the transaction that saves it. A
 * phone another identity knows merges the two, unless that identity is banned: then 403, and the
 * caller's transaction (the save) rolls back.
 */
export async function attachPhone(tx: Db, secret: string, userId: number, phone: string): Promise<void> {
  const hash = identityHash(secret, 'phone', phone);
  const current = await queries.findAccountIdentity(tx, userId);
  const seen = await queries.findIdentityByHash(tx, 'phone', hash);
  if (seen && seen.id !== current) {
    if (seen.bannedAt) throw forbidden(IDENTITY_MESSAGES.phoneRefused);
    // A merge is coming: the reports it rewrites are locked first, as a decision locks them.
    if (current !== null) await queries.lockReportsOf(tx, current);
  }
  const own = await ensureIdentity(tx, secret, userId);
  if (own === null) return;
  const known = await claimHash(tx, 'phone', hash, own);
  if (known.id === own) return;
  if (known.bannedAt) throw forbidden(IDENTITY_MESSAGES.phoneRefused);
  await joinKnown(tx, userId, own, known.id, IDENTITY_MESSAGES.phoneRefused);
}

/**
 * A ban reaches the member's identity: no new account with its email or phone. Called by the
 * moderation module in the decision's transaction, after the account's row was updated.
 */
export async function banIdentity(db: Db, identityId: number | null, at: Date): Promise<void> {
  if (identityId !== null) await queries.banIdentity(db, identityId, at);
}

/** Lifts an identity's ban (an overturned ban): its email and phone may make an account again. */
export async function liftIdentityBan(db: Db, identityId: number): Promise<void> {
  await queries.liftIdentityBan(db, identityId);
}

const BACKFILL_BATCH = 200;

/**
 * Gives every account without an identity its identity (accounts made before the record, the demo
 * seed's), in batches of one transaction each. Run at start-up; answers how many were linked.
 */
export async function backfillIdentities(db: Db, secret: string, log: (message: string) => void = () => {}): Promise<number> {
  let total = 0;
  for (;;) {
    const linked = await db.transaction(async (tx) => {
      const ids = await queries.lockAccountsWithoutIdentity(tx, BACKFILL_BATCH);
      for (const id of ids) await ensureIdentity(tx, secret, id);
      return ids.length;
    });
    total += linked;
    if (linked < BACKFILL_BATCH) break;
  }
  if (total > 0) log(`identity record: ${total} account${total === 1 ? '' : 's'} linked`);
  return total;
}
