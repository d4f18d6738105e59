import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { toast } from '@/lib/toast.ts';
import { CANCEL_RETURN_MS, CONFIRM_SECONDS, CREDITS_MESSAGES } from '../hooks/credits-state.ts';
import { usePaymentConfirmation } from '../hooks/use-payment-confirmation.ts';

interface PaymentSuccessProps {
  sessionId: string;
  balance: number | undefined;
  refresh: () => Promise<unknown>;
}

/** Back from a paid checkout: waits (visibly, up to 30 s) for the credits, then reloads /credits. */
export function PaymentSuccess({ sessionId, balance, refresh }: PaymentSuccessProps) {
  const state = usePaymentConfirmation(sessionId, { balance, refresh });
  const navigate = useNavigate();
  const announced = useRef(false);

  useEffect(() => {
    if (state.phase !== 'arrived' || announced.current) return;
    announced.current = true;
    toast.success(CREDITS_MESSAGES.added);
    // The screen reloads the balance, the history and the profile once the query is gone.
    navigate(paths.credits, { replace: true });
  }, [state.phase, navigate]);

  if (state.phase === 'failed') {
    return (
      <section className="page credits-return" aria-labelledby="return-title">
        <div className="return-card">
          <h1 id="return-title">Payment Not Confirmed</h1>
          <p role="alert">{state.message}</p>
          <Link to={paths.credits} replace className="btn btn-primary">
            Back to Credits
          </Link>
        </div>
      </section>
    );
  }

  return (
    <section className="page credits-return" aria-labelledby="return-title">
      <div className="return-card">
        <span className="return-icon is-success" aria-hidden="true">
          ✓
        </span>
        <h1 id="return-title">Payment Successful!</h1>
        {state.phase === 'timeout' ? (
          <>
            <p role="status">{CREDITS_MESSAGES.stillConfirming}</p>
            <Link to={paths.credits} replace className="btn btn-primary">
              Back to Credits
            </Link>
          </>
        ) : (
          <>
            <p>Thank you! We are adding the credits to your account.</p>
            <div className="wait-row">
              <span className="btn-spinner is-large" aria-hidden="true" />
              <p className="wait-counter" role="status" aria-live="polite" aria-atomic="true">
                {state.phase === 'arrived' ? (
                  CREDITS_MESSAGES.added
                ) : (
                  <>
                    Waiting for confirmation: <span data-testid="wait-counter">{`${state.elapsed}/${CONFIRM_SECONDS}`}</span>
                  </>
                )}
              </p>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/** Back from a canceled checkout: says so, then returns to /credits after three seconds. */
export function PaymentCanceled() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(paths.credits, { replace: true }), CANCEL_RETURN_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <section className="page credits-return" aria-labelledby="return-title">
      <div className="return-card">
        <span className="return-icon" aria-hidden="true">
          ×
        </span>
        <h1 id="return-title">Payment Canceled</h1>
        <p role="status">
          No payment was taken and no credits were added. Taking you back to Credits in {CANCEL_RETURN_MS / 1000} seconds...
        </p>
        <Link to={paths.credits} replace className="btn btn-secondary">
          Back to Credits
        </Link>
      </div>
    </section>
  );
}
