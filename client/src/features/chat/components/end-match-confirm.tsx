import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { CHAT_MESSAGES, unmatchTitle } from '../hooks/chat-state.ts';

interface EndMatchConfirmProps {
  confirming: 'unmatch' | 'block' | null;
  peerName: string;
  busy: boolean;
  onCancel: () => void;
  unmatch: () => Promise<boolean>;
  block: () => Promise<boolean>;
}

/** Unmatch and Block ask first; confirming leaves the chat for /matches, a failure closes the question. */
export function EndMatchConfirm({ confirming, peerName, busy, onCancel, unmatch, block }: EndMatchConfirmProps) {
  return (
    <ConfirmDialog
      open={confirming !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      title={confirming === 'block' ? CHAT_MESSAGES.blockTitle : unmatchTitle(peerName)}
      description={confirming === 'block' ? CHAT_MESSAGES.blockText : CHAT_MESSAGES.unmatchText}
      confirmLabel={confirming === 'block' ? CHAT_MESSAGES.blockConfirm : CHAT_MESSAGES.unmatch}
      busy={busy}
      destructive
      onConfirm={() => {
        const action = confirming === 'block' ? block : unmatch;
        void action().then((ok) => {
          if (!ok) onCancel();
        });
      }}
    />
  );
}
