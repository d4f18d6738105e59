import { toast as sonner } from 'sonner';

/** One place for toasts. Errors use the message as id, so a burst of identical failures shows once. */
export const toast = {
  success: (message: string, durationMs?: number) => sonner.success(message, { duration: durationMs }),
  error: (message: string) => sonner.error(message, { id: message }),
  info: (message: string) => sonner(message),
};
