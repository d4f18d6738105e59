import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner.tsx';
import { paths } from '@/config/paths.ts';
import { EMPTY_STATES, LOAD_FAILED, TAB_LABELS, type TabId } from '../hooks/likes-state.ts';

interface ListStateProps<T> {
  tab: TabId;
  items: readonly T[] | undefined;
  isLoading: boolean;
  retry: () => void;
  children: (items: readonly T[]) => ReactNode;
}

/** A tab's list in its four states: loading, failed (with Try again), empty, or the cards. */
export function ListState<T>({ tab, items, isLoading, retry, children }: ListStateProps<T>) {
  if (isLoading && !items) return <Spinner label={`Loading ${TAB_LABELS[tab].toLowerCase()}...`} />;
  // Not loading and no data: the load failed (the api client already retried reads).
  if (!items) {
    return (
      <div className="likes-message">
        <p role="alert">{LOAD_FAILED[tab]}</p>
        <button type="button" className="btn btn-primary" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (items.length === 0) {
    const { title, text } = EMPTY_STATES[tab];
    return (
      <div className="likes-message">
        <h2>{title}</h2>
        <p>{text}</p>
        {tab === 'blocked' ? null : (
          <Link to={paths.home} className="btn btn-secondary">
            Discover Profiles
          </Link>
        )}
      </div>
    );
  }
  return <ul className="like-list">{children(items)}</ul>;
}
