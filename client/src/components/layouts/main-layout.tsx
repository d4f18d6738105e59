import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { creditsLabel } from '@/lib/format.ts';
import { ChatIcon, HomeIcon } from '../ui/icons.tsx';
import { MenuButton } from './menu-button.tsx';
import './layout.css';

interface MainLayoutProps {
  username?: string | null;
  /** The profile's chats value; the header count shows only when it is defined. */
  credits?: number | null;
  /** The profile is incomplete: the menu offers only what such a member may use. */
  incomplete?: boolean;
  /**
   * The screen has a header of its own (the chat's, with its way back): on a phone the app's
   * header is left out, so two headers do not take the room of three messages.
   */
  ownHeaderOnPhone?: boolean;
  onSignOut: () => void;
  children: ReactNode;
}

/** 'Chat credits: 3 credits' once the count changes while shown (not on first load); '' before. */
function useCreditsAnnouncement(count: number | null): string {
  const [news, setNews] = useState('');
  const previous = useRef<number | null>(null);
  useEffect(() => {
    if (count === null) return;
    if (previous.current !== null && previous.current !== count) setNews(`Chat credits: ${creditsLabel(count)}`);
    previous.current = count;
  }, [count]);
  return news;
}

/** The authenticated shell: header (menu, home, credits), slide-out menu, and the screen. */
export function MainLayout({ username, credits, incomplete = false, ownHeaderOnPhone = false, onSignOut, children }: MainLayoutProps) {
  const hasCredits = credits !== undefined && credits !== null;
  const count = credits ?? 0;
  const creditsNews = useCreditsAnnouncement(hasCredits ? count : null);

  return (
    <div className={ownHeaderOnPhone ? 'shell shell-own-header' : 'shell'}>
      <header className="shell-header">
        <MenuButton username={username} credits={count} limited={incomplete} onSignOut={onSignOut} />
        <Link to={paths.home} className="shell-brand" aria-label="Betroth home">
          <HomeIcon />
          <span className="shell-brand-name">Betroth</span>
        </Link>
        {hasCredits ? (
          <Link to={paths.credits} className="credit-pill" aria-label={`Chat credits: ${creditsLabel(count)}`}>
            <ChatIcon />
            <span>{count}</span>
          </Link>
        ) : (
          <span className="credit-pill-placeholder" />
        )}
      </header>
      {/* The count changes live (realtime credits.updated): screen readers hear it too, also where
          the header is left out (the chat on a phone). */}
      <span className="visually-hidden" role="status" data-testid="credits-announcement">
        {creditsNews}
      </span>

      <main className="shell-main" id="main">
        {children}
      </main>
    </div>
  );
}
