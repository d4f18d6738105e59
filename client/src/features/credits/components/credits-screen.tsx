import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { refreshCaches } from '@/lib/cache.ts';
import { usePackages } from '../api/get-packages.ts';
import { usePaymentHistory } from '../api/get-payment-history.ts';
import { readReturn } from '../hooks/credits-state.ts';
import { usePurchase } from '../hooks/use-purchase.ts';
import { CreditsInfo } from './credits-info.tsx';
import { PackageGrid } from './package-grid.tsx';
import { PaymentCanceled, PaymentSuccess } from './payment-return.tsx';
import { PaymentHistory } from './payment-history.tsx';
import './credits.css';

/**
 * /credits: the balance, the packages to buy, the payment history and how credits work; or, on
 * return from the provider's checkout (?status=...), the confirmation of that payment.
 */
export function CreditsScreen() {
  const [params] = useSearchParams();
  const back = readReturn(params);
  const packages = usePackages();
  const history = usePaymentHistory();
  const { purchase, pendingId } = usePurchase();
  const { mutate: reloadPackages } = packages;
  const { mutate: reloadHistory } = history;

  /** The balance (packages), the history, and the profile the header's credit count comes from. */
  const refresh = useCallback(
    () => Promise.allSettled([reloadPackages(), reloadHistory(), refreshCaches(['myProfile'])]),
    [reloadPackages, reloadHistory],
  );

  // Leaving a return panel for the plain screen (credits arrived, gave up waiting, canceled):
  // the screen stays mounted, so its data is reloaded rather than shown as it was.
  const wasReturn = useRef(back.kind !== 'none');
  useEffect(() => {
    if (back.kind === 'none' && wasReturn.current) void refresh();
    wasReturn.current = back.kind !== 'none';
  }, [back.kind, refresh]);

  if (back.kind === 'success') {
    return <PaymentSuccess key={back.sessionId} sessionId={back.sessionId} balance={packages.data?.current_credits} refresh={refresh} />;
  }
  if (back.kind === 'canceled') return <PaymentCanceled />;

  if (packages.isLoading) return <Spinner label="Loading credit packages..." />;
  if (packages.error || !packages.data) {
    return (
      <section className="page empty-state credits-page" aria-labelledby="credits-title">
        <h1 id="credits-title">Buy Credits</h1>
        <p role="alert">We could not load the credit packages.</p>
        <button type="button" className="btn btn-primary" onClick={() => void reloadPackages()}>
          Try again
        </button>
      </section>
    );
  }

  const balance = packages.data.current_credits;
  return (
    <div className="page credits-page">
      <h1 id="credits-title">Buy Credits</h1>

      <section className="credits-balance" aria-labelledby="balance-title">
        <h2 id="balance-title">Your Balance</h2>
        <p className="balance-line">
          <span className="balance-count" data-testid="credit-balance">
            {balance}
          </span>{' '}
          <span className="balance-unit">{balance === 1 ? 'credit' : 'credits'}</span>
        </p>
        <p className="balance-note">
          {balance > 0
            ? `Enough to unlock ${balance} ${balance === 1 ? 'conversation' : 'conversations'}.`
            : 'Buy credits to start chatting with your matches.'}
        </p>
      </section>

      <PackageGrid packages={packages.data.packages} pendingId={pendingId} onPurchase={(id) => void purchase(id)} />

      {history.error ? (
        <section className="credits-section" aria-labelledby="history-title">
          <h2 id="history-title">Payment History</h2>
          <p>We could not load your payment history.</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void reloadHistory()}>
            Try again
          </button>
        </section>
      ) : (
        <PaymentHistory payments={history.data?.payments ?? []} />
      )}

      <CreditsInfo />
    </div>
  );
}
