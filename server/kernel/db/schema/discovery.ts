/** A member's saved discovery filters, validated by server/contract/filters.ts. */
import { bigint, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { SavedFilters } from '../../../contract/filters.ts';
import { profiles } from './profiles.ts';

export const savedFilters = pgTable('saved_filters', {
  profileId: bigint('profile_id', { mode: 'number' })
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  filters: jsonb('filters').$type<SavedFilters>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
