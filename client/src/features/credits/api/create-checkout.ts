import type { CreditPackageId } from '@contract/credit-packages.ts';
import { apiPaths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

export interface CheckoutInput {
  package: CreditPackageId;
  /** Absolute URLs on the app's own origin; the server adds status (and session_id) itself. */
  success_url: string;
  cancel_url: string;
}

export interface CheckoutResult {
  /** The provider's hosted checkout page to send the browser to. */
  session_url: string;
  session_id: string;
}

/** The screen toasts its own failure message, so the shared error toast is off. */
export const createCheckout = (input: CheckoutInput) => api.post<CheckoutResult>(apiPaths.createCheckout, input, { toastErrors: false });
