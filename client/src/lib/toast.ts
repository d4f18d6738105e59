import type { toast as sonnerToast, ToasterProps } from 'sonner';

/** How long each kind of toast stays (the spec): success 3 s, error 5 s, anything else 4 s. */
export const TOAST_MS = { success: 3000, error: 5000, info: 4000 } as const;

/**
 * Toasts sit at the top, just below the app's header (56 px, plus the notch's inset): they never
 * cover the menu button, the credit count or the edit screen's Sign Out, and they stay clear of
 * the action bars fixed to the bottom of the screen (Save Changes, Like and Pass).
 */
const BELOW_HEADER = 'calc(var(--header-h, 56px) + env(safe-area-inset-top, 0px) + 8px)';

/** The one Toaster's settings (app/providers.tsx spreads them), so placement and timing live here. */
export const TOASTER_PROPS = {
  position: 'top-center',
  richColors: true,
  closeButton: true,
  duration: TOAST_MS.info,
  offset: { top: BELOW_HEADER },
  // Sonner's own layout under 600 px: full width, with these insets.
  mobileOffset: { top: BELOW_HEADER, left: '8px', right: '8px' },
} as const satisfies ToasterProps;

type Sonner = typeof sonnerToast;

/**
 * Sonner (about 10 kB compressed) is not part of the first load: its toaster mounts after the page
 * has loaded (app/providers.tsx renders lib/toaster-host.tsx once asked), and a toast asked for
 * before then waits for it and shows a moment later, in order.
 */
let sonner: Sonner | null = null;
const waiting: Array<(show: Sonner) => void> = [];
const listeners = new Set<() => void>();
let wanted = false;

/** Asks for the toaster to be mounted; the providers render it from then on. */
export function requestToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore in the providers: whether the toaster should be mounted. */
export const toasterWanted = () => wanted;
export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the mounted toaster, listening, with sonner's toast function: shows what waited. */
export function toasterReady(ready: Sonner): void {
  sonner = ready;
  for (const present of waiting.splice(0)) present(ready);
}

function present(show: (sonner: Sonner) => void): void {
  if (sonner) return show(sonner);
  waiting.push(show);
  requestToaster();
}

/** One place for toasts. Errors use the message as id, so a burst of identical failures shows once. */
export const toast = {
  success: (message: string, durationMs: number = TOAST_MS.success) => present((show) => show.success(message, { duration: durationMs })),
  error: (message: string) => present((show) => show.error(message, { id: message, duration: TOAST_MS.error })),
  info: (message: string) => present((show) => show(message, { duration: TOAST_MS.info })),
  /** Takes down the error toast with this message if it is up: a failure the member has moved past. */
  dismissError: (message: string) => {
    if (sonner) sonner.dismiss(message);
  },
};
