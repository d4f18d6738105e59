import { useEffect, useRef, useState } from 'react';

/** Whether the unlock dialog shows: it comes up each time the chat locks (on arrival or live). */
/** `page`: the chat's newest page, undefined until it loads. */
export function useUnlockPrompt(unlocked: boolean, page: unknown) {
  const [open, setOpen] = useState(true);
  const wasUnlocked = useRef<boolean | null>(null);
  useEffect(() => {
    if (!page) return;
    if (!unlocked && wasUnlocked.current !== false) setOpen(true);
    wasUnlocked.current = unlocked;
  }, [unlocked, page]);
  return [open, setOpen] as const;
}
