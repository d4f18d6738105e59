import { Dialog } from 'radix-ui';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { CHAT_MESSAGES, creditCount, formatPackagePrice, type PackageLike, packagesShown } from '../hooks/chat-state.ts';

export interface CreditsInfo {
  /** The member's balance; undefined while it loads. */
  balance: number | undefined;
  packages: PackageLike[] | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

interface UnlockDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  peerName: string;
  credits: CreditsInfo;
  busy: boolean;
  onUnlock: () => void;
}

/**
 * Unlocking a chat: the balance; 'Unlock Chat (1 Credit)' with a credit, else the warning and
 * 'Buy Chat Credits'; the first four packages; and how credits work.
 */
export function UnlockDialog({ open, onOpenChange, peerName, credits, busy, onUnlock }: UnlockDialogProps) {
  const navigate = useNavigate();
  const { balance, packages, loading, failed, retry } = credits;
  const shown = packagesShown(packages ?? []);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content dialog-small unlock-dialog">
          <Dialog.Title className="dialog-title">Unlock Chat</Dialog.Title>
          <Dialog.Description className="dialog-description">Use 1 credit to start your conversation with {peerName}.</Dialog.Description>

          {loading ? (
            <p className="unlock-balance" role="status">
              Checking your credits...
            </p>
          ) : failed || balance === undefined ? (
            <div className="unlock-balance">
              <p role="alert">We could not load your credits.</p>
              <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
                Try again
              </button>
            </div>
          ) : (
            <>
              <p className="unlock-balance">
                Your credits: <strong data-testid="unlock-balance">{balance}</strong>
              </p>
              {balance >= 1 ? (
                <button
                  type="button"
                  className="btn btn-primary btn-block"
                  onClick={onUnlock}
                  disabled={busy}
                  aria-busy={busy || undefined}
                >
                  {busy ? 'Unlocking...' : CHAT_MESSAGES.unlockButton}
                </button>
              ) : (
                <>
                  <p className="unlock-warning" role="alert">
                    {CHAT_MESSAGES.needCredit}
                  </p>
                  <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(paths.credits)}>
                    {CHAT_MESSAGES.buyCredits}
                  </button>
                </>
              )}
            </>
          )}

          {shown.length > 0 ? (
            <section className="unlock-packages" aria-labelledby="unlock-packages-title">
              <h2 id="unlock-packages-title" className="unlock-subtitle">
                Chat credit packages
              </h2>
              <ul>
                {shown.map((pkg) => (
                  <li key={pkg.id}>
                    <span>{creditCount(pkg.credits)}</span>
                    <span className="unlock-price">{formatPackagePrice(pkg.price, pkg.currency)}</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <ul className="unlock-info">
            <li>1 credit unlocks one conversation with a match.</li>
            <li>Once a conversation is unlocked, messages in it are unlimited.</li>
            <li>Credits never expire.</li>
          </ul>

          <Dialog.Close asChild>
            <button type="button" className="btn btn-ghost btn-block">
              Not now
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
