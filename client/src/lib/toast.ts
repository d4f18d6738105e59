import { toast as sonner, type ToasterProps } from 'sonner';

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

/** One place for toasts. Errors use the message as id, so a burst of identical failures shows once. */
export const toast = {
  success: (message: string, durationMs: number = TOAST_MS.success) => sonner.success(message, { duration: durationMs }),
  error: (message: string) => sonner.error(message, { id: message, duration: TOAST_MS.error }),
  info: (message: string) => sonner(message, { duration: TOAST_MS.info }),
};
