import { PROFILE_FIELD_BY_NAME } from '@contract/profile-fields.ts';
import { formatDate, formatFaceRating, formatHeightCm, formatMoney, formatWeightKg, NA, orNA } from '@/lib/format.ts';
import type { Profile } from '@/types/api.ts';

export function fieldLabel(name: string): string {
  return PROFILE_FIELD_BY_NAME.get(name)?.label ?? name.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** One profile value as text; 'N/A' when missing. */
export function displayValue(profile: Profile, name: string): string {
  const value = (profile as Record<string, unknown>)[name];
  switch (name) {
    case 'height':
      return formatHeightCm(value as number | null);
    case 'weight':
      return formatWeightKg(value as number | null, profile.weight_lb);
    case 'face_self_rating':
      return formatFaceRating(value as number | null);
    case 'minimum_betrothal_gift_price':
      return formatMoney(value as number | null);
    case 'date_of_birth':
      return formatDate(value as string | null);
  }
  if (Array.isArray(value)) return value.length ? value.join(', ') : NA;
  return orNA(value);
}

export function locationText(profile: Profile): string {
  const parts = [profile.home_city, profile.home_state].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(', ') : NA;
}

export interface SectionSpec {
  title: string;
  fields: string[];
}

/** Sections of another member's profile. Finances sit under Lifestyle (docs/decisions.md). */
export const DETAIL_SECTIONS: SectionSpec[] = [
  {
    title: 'Appearance & Health',
    fields: ['height', 'weight', 'face_self_rating', 'tattoos', 'piercings', 'cosmetic_surgeries', 'exercise_frequency'],
  },
  {
    title: 'Lifestyle',
    fields: [
      'livelihood',
      'annual_income',
      'debts_total',
      'place_to_live',
      'daily_transportation',
      'brand_of_daily_car',
      'yacht_owner',
      'private_airplane',
      'social_media_use',
      'cooking_frequency',
      'recipes_known',
      'cookbook',
      'home_chores_frequency',
      'pets_at_home',
      'current_personal_travel',
      'current_international_travel',
      'clothes_style',
    ],
  },
  { title: 'Education & Religion', fields: ['education', 'latest_major', 'religion', 'religiosity'] },
  {
    title: 'Family & Childhood',
    fields: ['parent_presence', 'parents_imprisoned', 'parents_employment', 'siblings_number'],
  },
  {
    title: 'Marital Status & Children',
    fields: [
      'relationship_status',
      'relationship_history',
      'body_count',
      'memories_from_exes',
      'kids_at_home',
      'kids_parents_number',
      'divorces_number',
    ],
  },
  {
    title: 'Relationship Expectations',
    fields: [
      'reason_to_marry',
      'number_of_kids_wanted',
      'minimum_betrothal_gift_price',
      'money_control',
      'monthly_cash_want',
      'monthly_cash_provide',
      'desired_ceremony',
      'desire_to_work_in_relationship',
      'clothes_control',
      'opposite_sex_friends',
    ],
  },
];
