/** Pure swipe rules: the drag threshold and the tap zone. */
export const SWIPE_THRESHOLD_PX = 100;
export const CARD_HEIGHT_PX = 600;

/** Right beyond 100px likes, left beyond 100px passes, anything shorter snaps back. */
export function swipeDecision(dx: number): 'like' | 'pass' | null {
  if (dx > SWIPE_THRESHOLD_PX) return 'like';
  if (dx < -SWIPE_THRESHOLD_PX) return 'pass';
  return null;
}

/** A tap in the middle 60% of the photo width cycles photos. */
export function isMiddleTap(x: number, width: number): boolean {
  if (width <= 0) return false;
  const ratio = x / width;
  return ratio >= 0.2 && ratio <= 0.8;
}
