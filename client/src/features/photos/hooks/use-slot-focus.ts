import { useCallback, useRef } from 'react';
import type { PhotoSlot } from './photo-rules.ts';

/** The slot a dialog was opened from, and focus back on it when the dialog closes. */
export function useSlotFocus() {
  const list = useRef<HTMLUListElement>(null);
  const focusSlot = useRef<PhotoSlot | null>(null);
  const focus = useCallback((slot: PhotoSlot) => list.current?.querySelector<HTMLElement>(`[data-slot="${slot}"] button`)?.focus(), []);
  /** A dialog's onCloseAutoFocus: the slot it came from, not the dialog's own trigger. */
  const returnFocus = useCallback(
    (event: Event) => {
      event.preventDefault();
      const slot = focusSlot.current;
      if (slot !== null) focus(slot);
    },
    [focus],
  );
  return { list, focusSlot, focus, returnFocus };
}
