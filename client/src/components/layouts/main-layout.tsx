import { Dialog } from 'radix-ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { creditsLabel, initialOf } from '../../lib/format.ts';
import {
  ChatIcon,
  CoinIcon,
  DocIcon,
  HeartIcon,
  HomeIcon,
  LogoutIcon,
  MenuIcon,
  ShieldIcon,
  UserIcon,
  UsersIcon,
  XIcon,
} from '../ui/icons.tsx';
import './layout.css';

interface MainLayoutProps {
  username?: string | null;
  /** The profile's chats value; the header count shows only when it is defined. */
  credits?: number | null;
  onSignOut: () => void;
  children: ReactNode;
}

const menuItems = [
  { to: paths.home, label: 'Home', Icon: HomeIcon },
  { to: paths.likes, label: 'Likes', Icon: HeartIcon },
  { to: paths.matches, label: 'Matches', Icon: UsersIcon },
  { to: paths.profile, label: 'Profile', Icon: UserIcon, end: true },
  { to: paths.credits, label: 'Buy Credits', Icon: CoinIcon },
];

const aboutItems = [
  { to: paths.privacy, label: 'Privacy Policy', Icon: ShieldIcon },
  { to: paths.terms, label: 'Terms and Conditions', Icon: DocIcon },
];

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
  const hasCredits = credits !== undefined && credits !== null;
  const count = credits ?? 0;
  const close = () => setOpen(false);
  const creditsNews = useCreditsAnnouncement(hasCredits ? count : null);

  return (
    <div className="shell">
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <header className="shell-header">
          <Dialog.Trigger asChild>
            <button type="button" className="icon-btn" aria-label="Open menu">
              <MenuIcon />
            </button>
          </Dialog.Trigger>
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

        <Dialog.Portal>
          <Dialog.Overlay className="menu-overlay" />
          <Dialog.Content className="menu-panel" aria-describedby={undefined}>
            <div className="menu-head">
              <Dialog.Title className="menu-title">Betroth</Dialog.Title>
              <Dialog.Close asChild>
                <button type="button" className="icon-btn" aria-label="Close menu">
                  <XIcon />
                </button>
              </Dialog.Close>
            </div>
            <nav className="menu-nav" aria-label="Main">
              <ul>
                {menuItems.map(({ to, label, Icon, end }) => (
                  <li key={to}>
                    <NavLink to={to} end={end} className="menu-link" onClick={close}>
                      <Icon />
                      <span>{label}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
              <p className="menu-section">About</p>
              <ul>
                {aboutItems.map(({ to, label, Icon }) => (
                  <li key={to}>
                    <NavLink to={to} className="menu-link" onClick={close}>
                      <Icon />
                      <span>{label}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="menu-link menu-signout"
                onClick={() => {
                  close();
                  onSignOut();
                }}
              >
                <LogoutIcon />
                <span>Sign Out</span>
              </button>
            </nav>
            <div className="menu-footer">
              <span className="avatar" aria-hidden="true">
                {initialOf(username)}
              </span>
              <div>
                <p className="menu-username">{username || 'User'}</p>
                <p className="menu-credits">{creditsLabel(count)}</p>
              </div>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <main className="shell-main" id="main">
        {children}
      </main>
    </div>
  );
}
