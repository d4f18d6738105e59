import { Tabs } from 'radix-ui';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import type { BlockedUser } from '../api/get-blocked.ts';
import type { LikeCard as LikeCardData } from '../api/get-likes.ts';
import { LIKES_MESSAGES, TAB_IDS, TAB_LABELS, type TabId, unlikeText } from '../hooks/likes-state.ts';

export type Confirming = { kind: 'unlike'; card: LikeCardData } | { kind: 'unblock'; user: BlockedUser } | null;

/** The three tabs, each with its count once known. */
export function LikesTabList({ counts }: { counts: Record<TabId, number | null> }) {
  return (
    <Tabs.List className="likes-tablist" aria-labelledby="likes-title">
      {TAB_IDS.map((id) => (
        <Tabs.Trigger key={id} value={id} className="likes-tab" data-testid={`tab-${id}`}>
          <span className="likes-tab-label">{TAB_LABELS[id]}</span>
          {counts[id] === null ? null : (
            <span className="badge likes-tab-count" data-testid={`count-${id}`}>
              {counts[id]}
            </span>
          )}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}

interface LikesConfirmsProps {
  confirming: Confirming;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Unlike and Unblock ask first. */
export function LikesConfirms({ confirming, busy, onCancel, onConfirm }: LikesConfirmsProps) {
  return (
    <>
      <ConfirmDialog
        open={confirming?.kind === 'unlike'}
        onOpenChange={(open) => !open && !busy && onCancel()}
        title={LIKES_MESSAGES.unlikeTitle}
        description={confirming?.kind === 'unlike' ? unlikeText(confirming.card.username) : ''}
        confirmLabel={busy ? 'Unliking...' : 'Unlike'}
        onConfirm={onConfirm}
        busy={busy}
        destructive
      />
      <ConfirmDialog
        open={confirming?.kind === 'unblock'}
        onOpenChange={(open) => !open && !busy && onCancel()}
        title={LIKES_MESSAGES.unblockTitle}
        description={LIKES_MESSAGES.unblockText}
        confirmLabel={busy ? 'Unblocking...' : 'Unblock'}
        onConfirm={onConfirm}
        busy={busy}
      />
    </>
  );
}
