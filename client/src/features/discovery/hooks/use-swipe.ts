import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { isMiddleTap, SWIPE_THRESHOLD_PX, swipeDecision } from '../components/swipe.ts';

interface Options {
  profileId: unknown;
  photoCount: number;
  busy: boolean;
  /** A like is not offered again for a profile already liked. */
  alreadyLiked: boolean;
  onDecide: (liked: boolean) => void;
}

/**
 * The card's gestures: a drag beyond the threshold likes (right) or passes (left), a tap in the
 * middle shows the next photo. Both reset when the profile changes.
 */
export function useSwipe({ profileId, photoCount, busy, alreadyLiked, onDecide }: Options) {
  const [photoIndex, setPhotoIndex] = useState(0);
  const [dx, setDx] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<{ x: number; y: number } | null>(null);
  const moved = useRef(false);

  // The carousel index resets when the profile changes.
  useEffect(() => {
    setPhotoIndex(0);
    setDx(0);
  }, [profileId]);

  const nextPhoto = () => setPhotoIndex((i) => (i + 1) % photoCount);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (busy || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if ((event.target as HTMLElement).closest('a, button')) return;
    start.current = { x: event.clientX, y: event.clientY };
    moved.current = false;
    setDragging(true);
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const delta = event.clientX - start.current.x;
    if (Math.abs(delta) > 5) moved.current = true;
    setDx(delta);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    const delta = event.clientX - start.current.x;
    start.current = null;
    setDragging(false);
    const decision = swipeDecision(delta);
    if (decision !== null && !(decision === 'like' && alreadyLiked)) {
      onDecide(decision === 'like');
      return;
    }
    setDx(0);
    if (!moved.current && photoCount > 1) {
      const rect = event.currentTarget.getBoundingClientRect();
      if (isMiddleTap(event.clientX - rect.left, rect.width)) nextPhoto();
    }
  };

  const onPointerCancel = () => {
    start.current = null;
    setDragging(false);
    setDx(0);
  };

  const hint: 'like' | 'pass' | null = dx > SWIPE_THRESHOLD_PX / 2 ? 'like' : dx < -SWIPE_THRESHOLD_PX / 2 ? 'pass' : null;

  return { photoIndex, nextPhoto, dx, dragging, hint, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } };
}
