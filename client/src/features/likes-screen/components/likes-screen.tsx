import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { HeartIcon } from '@/components/ui/icons.tsx';
import { useBlockedUsers } from '../api/get-blocked.ts';
import { useLikesReceived, useLikesSent } from '../api/get-likes.ts';
import { type TabId, tabCount } from '../hooks/likes-state.ts';
import { useLikesActions } from '../hooks/use-likes-actions.ts';
import { useLikesTab } from '../hooks/use-likes-tab.ts';
import { BlockedCard } from './blocked-card.tsx';
import { LikeCard } from './like-card.tsx';
import { LikesPanel } from './likes-panel.tsx';
import { type Confirming, LikesConfirms, LikesTabList } from './likes-screen-parts.tsx';
import './likes.css';

/**
 * /likes: three tabs (Likes Received with Like Back, Likes Sent with Unlike, Blocked Users with
 * Unblock), each with its count. The tab is kept in the query (?tab=sent) so Back from a profile
 * returns to it. Unlike and Unblock ask first.
 */
export function LikesScreen() {
  const { tab, selectTab } = useLikesTab();
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
        <LikesTabList counts={counts} />

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
          card={(card, action, index) => <LikeCard card={card} action={action} index={index} />}
        />
        <LikesPanel
          tab="sent"
          {...listOf(sent, sent.data?.likes_sent)}
          keyOf={(card) => card.id}
          action={(card) => ({
            label: 'Unlike',
            ariaLabel: `Unlike ${card.username}`,
            onClick: () => setConfirming({ kind: 'unlike', card }),
          })}
          card={(card, action, index) => <LikeCard card={card} action={action} index={index} />}
        />
        <LikesPanel
          tab="blocked"
          {...listOf(blocked, blocked.data)}
          keyOf={(user) => user.user_id}
          action={(user) => ({
            label: 'Unblock',
            ariaLabel: `Unblock ${user.username}`,
            onClick: () => setConfirming({ kind: 'unblock', user }),
          })}
          card={(user, action) => <BlockedCard user={user} action={action} />}
        />
      </Tabs.Root>

      <LikesConfirms confirming={confirming} busy={busy} onCancel={() => setConfirming(null)} onConfirm={() => void confirm()} />
    </div>
  );
}
