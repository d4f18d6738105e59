import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreditPackageId } from '@contract/credit-packages.ts';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-errors.ts';
import { toast } from '@/lib/toast.ts';
import { createCheckout } from '../api/create-checkout.ts';
import { checkoutErrorMessage } from './credits-state.ts';

/**
 * Purchase: opens a checkout for the package and sends the browser to the provider's page.
 * `pendingId` is the package being opened; while it is set every Purchase button is disabled, so
 * a double click never opens two checkouts.
 */
export function usePurchase() {
  const [pendingId, setPendingId] = useState<CreditPackageId | null>(null);
  const busy = useRef(false);

  // Back from the provider's page through the browser's back/forward cache: the buttons work again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setPendingId(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const purchase = useCallback(async (packageId: CreditPackageId) => {
    if (busy.current) return;
    busy.current = true;
    setPendingId(packageId);
    // The server adds status=success&session_id=... or status=canceled to these itself.
    const back = `${window.location.origin}${paths.credits}`;
    try {
      const { session_url } = await createCheckout({ package: packageId, success_url: back, cancel_url: back });
      // Leaving the app: the button keeps its progress until the page is gone.
      window.location.assign(session_url);
    } catch (error) {
      busy.current = false;
      setPendingId(null);
      const apiError = error instanceof ApiError ? error : null;
      // A 401 was already handled by the api client (signed out, sent to /signin).
      if (apiError?.status === 401) return;
      console.error('Checkout failed', error);
      toast.error(checkoutErrorMessage(apiError?.body));
    }
  }, []);

  return { purchase, pendingId };
}
