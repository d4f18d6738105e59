import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { creditsLabel } from '../../lib/format.ts';
import { ChatIcon, HomeIcon, MenuIcon } from '../ui/icons.tsx';
import './layout.css';

// The slide-out menu (Radix Dialog) is fetched when the member reaches for the button (hover,
// focus) or taps it, not with the first screen: none of it is on screen until then.
const loadMenuPanel = () => import('./menu-panel.tsx');
const MenuPanel = lazy(() => loadMenuPanel().then((m) => ({ default: m.MenuPanel })));

interface MainLayoutProps {
  username?: string | null;
  /** The profile's chats value; the header count shows only when it is defined. */
  credits?: number | null;
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
export function MainLayout({ username, credits, onSignOut, children }: MainLayoutProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so later opens and closes animate as before.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const menuButton = useRef<HTMLButtonElement>(null);
  const hasCredits = credits !== undefined && credits !== null;
  const count = credits ?? 0;
  const creditsNews = useCreditsAnnouncement(hasCredits ? count : null);

  return (
    <div className="shell">
      <header className="shell-header">
        <button
          ref={menuButton}
          type="button"
          className="icon-btn"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          onPointerEnter={() => void loadMenuPanel()}
          onFocus={() => void loadMenuPanel()}
          onClick={() => setOpen(true)}
        >
          <MenuIcon />
        </button>
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
        {/* The count changes live (realtime credits.updated): screen readers hear it too. */}
        <span className="visually-hidden" role="status" data-testid="credits-announcement">
          {creditsNews}
        </span>
      </header>

      {opened ? (
        <Suspense fallback={null}>
          <MenuPanel
            open={open}
            onOpenChange={setOpen}
            onClosed={() => menuButton.current?.focus()}
            username={username}
            credits={count}
            onSignOut={onSignOut}
          />
        </Suspense>
      ) : null}
      <main className="shell-main" id="main">
        {children}
      </main>
    </div>
  );
}
