import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-errors.ts';
import { purchaseCredits } from '../api/purchase-credits.ts';
import { balanceRose, CONFIRM_SECONDS, POLL_MS, purchaseErrorOutcome } from './credits-state.ts';

export type ConfirmationState =
  { phase: 'waiting'; elapsed: number } | { phase: 'arrived' } | { phase: 'timeout' } | { phase: 'failed'; message: string };

interface ConfirmationOptions {
  /** The balance as the screen last loaded it (undefined until it has). */
  balance: number | undefined;
  /** Reloads the balance, the history and the profile. */
  refresh: () => Promise<unknown>;
}

/**
 * The return from a paid checkout: asks the server once to confirm the session (it asks the
 * provider, so the credits come even when the webhook is late), and meanwhile reloads the
 * balance every second for up to CONFIRM_SECONDS until the credits have arrived: the call
 * answered 200, or the balance rose above the one seen on return. Then 'arrived'; after the
 * time, 'timeout'; a session that will never pay, 'failed'.
 */
export function usePaymentConfirmation(sessionId: string, { balance, refresh }: ConfirmationOptions): ConfirmationState {
  const [elapsed, setElapsed] = useState(0);
  const [outcome, setOutcome] = useState<Exclude<ConfirmationState, { phase: 'waiting' }> | null>(null);
  const baseline = useRef<number | undefined>(undefined);
  const asked = useRef<string | null>(null);
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);

  // The balance first seen on return: a rise above it means the credits have arrived.
  useEffect(() => {
    if (baseline.current === undefined && balance !== undefined) baseline.current = balance;
  }, [balance]);

  // One call per session id (a re-run of the effect does not ask again).
  useEffect(() => {
    if (asked.current === sessionId) return;
    asked.current = sessionId;
    purchaseCredits(sessionId).then(
      () => setOutcome((current) => (!current || current.phase === 'timeout' ? { phase: 'arrived' } : current)),
      (error: unknown) => {
        const apiError = error instanceof ApiError ? error : null;
        const verdict = purchaseErrorOutcome(apiError?.status, apiError?.body);
        if (verdict.kind === 'failed') setOutcome((current) => current ?? { phase: 'failed', message: verdict.message });
        // 'wait': the polling below sees the credits once the webhook has added them.
      },
    );
  }, [sessionId]);

  // One tick a second while waiting.
  useEffect(() => {
    if (outcome) return;
    const timer = setInterval(() => setElapsed((n) => Math.min(n + 1, CONFIRM_SECONDS)), POLL_MS);
    return () => clearInterval(timer);
  }, [outcome]);

  // Each tick reloads; the last one gives up in words rather than spinning on.
  useEffect(() => {
    if (outcome || elapsed === 0) return;
    void refreshRef.current();
    if (elapsed >= CONFIRM_SECONDS) setOutcome({ phase: 'timeout' });
  }, [elapsed, outcome]);

  // Also after the time is up: credits that arrive late still end the wait.
  useEffect(() => {
    if ((!outcome || outcome.phase === 'timeout') && balanceRose(baseline.current, balance)) setOutcome({ phase: 'arrived' });
  }, [balance, outcome]);

  return outcome ?? { phase: 'waiting', elapsed };
}
