import { Tabs } from 'radix-ui';
import { Fragment, type ReactNode } from 'react';
import type { TabId } from '../hooks/likes-state.ts';
import { ListState } from './list-state.tsx';

/** The one button each card of a tab carries (Like Back, Unlike or Unblock). */
export interface CardAction {
  label: string;
  /** Names the member too, since every card's button reads the same. */
  ariaLabel: string;
  primary?: boolean;
  icon?: ReactNode;
  busy?: boolean;
  onClick: () => void;
}

interface LikesPanelProps<T> {
  tab: TabId;
  items: readonly T[] | undefined;
  isLoading: boolean;
  retry: () => void;
  /** While any action is in flight every button waits, so two cannot race. */
  disabled: boolean;
  keyOf: (item: T) => string | number;
  action: (item: T) => CardAction;
  /** `index` is the card's place in the list (the first few load their photo at once). */
  card: (item: T, action: ReactNode, index: number) => ReactNode;
}

/** One tab of /likes: its list in the loading, failed, empty or filled state, a button per card. */
export function LikesPanel<T>({ tab, items, isLoading, retry, disabled, keyOf, action, card }: LikesPanelProps<T>) {
  return (
    <Tabs.Content value={tab} className="likes-panel">
      <ListState tab={tab} items={items} isLoading={isLoading} retry={retry}>
        {(list) =>
          list.map((item, index) => {
            const a = action(item);
            const button = (
              <button
                type="button"
                className={`btn ${a.primary ? 'btn-primary' : 'btn-secondary'} btn-small`}
                aria-label={a.ariaLabel}
                aria-busy={a.busy || undefined}
                disabled={disabled}
                onClick={a.onClick}
              >
                {a.icon}
                {a.label}
              </button>
            );
            return <Fragment key={keyOf(item)}>{card(item, button, index)}</Fragment>;
          })
        }
      </ListState>
    </Tabs.Content>
  );
}
