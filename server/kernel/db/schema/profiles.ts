/** The member's profile: one per user. Field columns grow with the Profiles issue. */
import { bigint, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const profiles = pgTable(
  'profiles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Normalised '+digits'; up to 5 accounts may share one (enforced by the profile service).
    phone: text('phone'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** Chat-credit balance. Only credit grants and chat unlocks change it, in transactions. */
    chats: integer('chats').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profiles_phone_idx').on(t.phone)],
);
