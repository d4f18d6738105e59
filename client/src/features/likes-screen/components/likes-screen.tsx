import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { HeartIcon } from '../../../components/ui/icons.tsx';
import { useBlockedUsers, type BlockedUser } from '../api/get-blocked.ts';
import { type LikeCard as LikeCardData, useLikesReceived, useLikesSent } from '../api/get-likes.ts';
import {
  LIKES_MESSAGES,
  readTab,
  TAB_IDS,
  TAB_LABELS,
  TAB_PARAM,
  type TabId,
  tabCount,
  unlikeText,
} from '../hooks/likes-state.ts';
import { useLikesActions } from '../hooks/use-likes-actions.ts';
import { BlockedCard } from './blocked-card.tsx';
import { LikeCard } from './like-card.tsx';
import { LikesPanel } from './likes-panel.tsx';
import './likes.css';

type Confirming = { kind: 'unlike'; card: LikeCardData } | { kind: 'unblock'; user: BlockedUser } | null;

/**
 * /likes: three tabs (Likes Received with Like Back, Likes Sent with Unlike, Blocked Users with
 * Unblock), each with its count. The tab is kept in the query (?tab=sent) so Back from a profile
 * returns to it. Unlike and Unblock ask first.
 */
export function LikesScreen() {
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);
  const received = useLikesReceived();
  const sent = useLikesSent();
  const blocked = useBlockedUsers();
  const { pending, likeBack, unlike, unblock } = useLikesActions();
  const [confirming, setConfirming] = useState<Confirming>(null);

  const counts: Record<TabId, number | null> = {
    received: tabCount(received.data?.likes_received),
    sent: tabCount(sent.data?.likes_sent),
    blocked: tabCount(blocked.data),
  };

  const selectTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'received') next.delete(TAB_PARAM);
    else next.set(TAB_PARAM, value);
    setParams(next, { replace: true });
  };

  const confirm = async () => {
    if (!confirming) return;
    if (confirming.kind === 'unlike') await unlike(confirming.card);
    else await unblock(confirming.user);
    setConfirming(null);
  };

  const busy = pending !== null;
  /** A tab's list state from its SWR read; every button waits while any action runs. */
  const listOf = <T,>(read: { isLoading: boolean; mutate: () => unknown }, items: readonly T[] | undefined) => ({
    items,
    isLoading: read.isLoading,
    retry: () => void read.mutate(),
    disabled: busy,
  });

  return (
    <div className="page likes-page">
      <h1 id="likes-title">Likes</h1>
      <Tabs.Root value={tab} onValueChange={selectTab} className="likes-tabs">
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

        <LikesPanel
          tab="received"
          {...listOf(received, received.data?.likes_received)}
          keyOf={(card) => card.id}
          action={(card) => ({
            label: 'Like Back',
            ariaLabel: `Like Back ${card.username}`,
            primary: true,
            icon: <HeartIcon />,
            busy: pending?.id === card.id,
            onClick: () => void likeBack(card),
          })}
          card={(card, action) => <LikeCard card={card} action={action} />}
        />
        <LikesPanel
          tab="sent"
          {...listOf(sent, sent.data?.likes_sent)}
          keyOf={(card) => card.id}
          action={(card) => ({ label: 'Unlike', ariaLabel: `Unlike ${card.username}`, onClick: () => setConfirming({ kind: 'unlike', card }) })}
          card={(card, action) => <LikeCard card={card} action={action} />}
        />
        <LikesPanel
          tab="blocked"
          {...listOf(blocked, blocked.data)}
          keyOf={(user) => user.user_id}
          action={(user) => ({ label: 'Unblock', ariaLabel: `Unblock ${user.username}`, onClick: () => setConfirming({ kind: 'unblock', user }) })}
          card={(user, action) => <BlockedCard user={user} action={action} />}
        />
      </Tabs.Root>

      <ConfirmDialog
        open={confirming?.kind === 'unlike'}
        onOpenChange={(open) => !open && !busy && setConfirming(null)}
        title={LIKES_MESSAGES.unlikeTitle}
        description={confirming?.kind === 'unlike' ? unlikeText(confirming.card.username) : ''}
        confirmLabel={busy ? 'Unliking...' : 'Unlike'}
        onConfirm={() => void confirm()}
        busy={busy}
        destructive
      />
      <ConfirmDialog
        open={confirming?.kind === 'unblock'}
        onOpenChange={(open) => !open && !busy && setConfirming(null)}
        title={LIKES_MESSAGES.unblockTitle}
        description={LIKES_MESSAGES.unblockText}
        confirmLabel={busy ? 'Unblocking...' : 'Unblock'}
        onConfirm={() => void confirm()}
        busy={busy}
      />
    </div>
  );
}
