/** Accounts: who can sign in, their sessions and their password-reset tokens. */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberIdentities } from './identities.ts';

/** What an account may do: every member is a 'member'; `npm run moderator` grants 'moderator'. */
export const USER_ROLES = ['member', 'moderator'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** A generated demo member of the embedded default: shown to others, never signed in to. */
    isDemo: boolean('is_demo').notNull().default(false),
    /** Whether this member's chat partners see when they have read a message (on by default). */
    sendReadReceipts: boolean('send_read_receipts').notNull().default(true),
    role: text('role').notNull().default('member'),
    /**
     * Restrictions a moderator's decision put on the account (the moderation module writes them;
     * member routes read them to refuse a restricted member). A suspension ends by itself when the
     * time passes; a ban has no end and is lifted only by an overturned appeal.
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /**
     * The person behind the account (identities.ts), found through the hashes of its email and
     * phone. Null only until the start-up backfill reaches an account made before the record.
     */
    identityId: bigint('identity_id', { mode: 'number' }).references(() => memberIdentities.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Case-insensitive uniqueness is enforced by the database, not by a read-then-write.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('member', 'moderator')`),
    // Every account a moderator ever restricted, and no other: the members visibility rule reads
    // the ones restricted right now from it on every discovery, likes and matches page.
    index('users_restricted_idx')
      .on(t.id)
      .where(sql`${t.bannedAt} is not null or ${t.suspendedUntil} is not null`),
    index('users_identity_id_idx').on(t.identityId),
    // The start-up backfill finds the accounts still without an identity.
    index('users_without_identity_idx')
      .on(t.id)
      .where(sql`${t.identityId} is null`),
  ],
);

/** A signed-in device. The JWT only carries this id, so revoking the row ends the session at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Only a SHA-256 of the emailed token is stored, so a database leak cannot reset passwords. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

/** Fixed-window counters for rate limits, shared by every server instance through Postgres. */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  hits: bigint('hits', { mode: 'number' }).notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});
