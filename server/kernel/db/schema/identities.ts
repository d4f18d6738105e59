/**
 * The identity record: who a member is across their accounts, so a strike or a ban outlives a
 * deleted account and follows the person into a new one. The identities module
 * (server/modules/identities/) owns these tables.
 *
 * A member is recognised only by keyed hashes (HMAC-SHA256 with IDENTITY_HASH_SECRET, which is
 * never stored here) of their email address and phone number: no plaintext identifier is kept
 * once the account is deleted. Accounts, strikes and reports point at an identity; deleting an
 * account leaves its identity, hashes, strikes and reports in place.
 */
import { bigint, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** What an identity hash was made from. */
export const IDENTITY_HASH_KINDS = ['email', 'phone'] as const;
export type IdentityHashKind = (typeof IDENTITY_HASH_KINDS)[number];

export const memberIdentities = pgTable('member_identities', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Set when a moderator banned one of its accounts: no new account may be made, and no account
   * may take on an email or phone, whose hash belongs to it. Cleared by an overturned appeal.
   */
  bannedAt: timestamp('banned_at', { withTimezone: true }),
});

export const identityHashes = pgTable(
  'identity_hashes',
  {
    kind: text('kind').notNull(),
    /** HMAC-SHA256 (hex) of the normalised email or phone. */
    hash: text('hash').notNull(),
    identityId: bigint('identity_id', { mode: 'number' })
      .notNull()
      .references(() => memberIdentities.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One identity per email or phone: a known hash names its identity.
    primaryKey({ name: 'identity_hashes_pkey', columns: [t.kind, t.hash] }),
    index('identity_hashes_identity_id_idx').on(t.identityId),
    check('identity_hashes_kind_check', sql`${t.kind} in ('email', 'phone')`),
    check('identity_hashes_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);
