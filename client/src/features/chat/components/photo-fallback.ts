import type { SyntheticEvent } from 'react';
import { PLACEHOLDER_PHOTO } from '@/config/paths.ts';

/** onError of a member photo: an expired or missing photo shows the placeholder (once, so it cannot loop). */
export function showPlaceholder(event: SyntheticEvent<HTMLImageElement>): void {
  const img = event.currentTarget;
  if (img.dataset.fallback) return;
  img.dataset.fallback = 'true';
  img.src = PLACEHOLDER_PHOTO;
}
