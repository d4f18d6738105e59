/**
 * The slide-out menu of the signed-in shell (main-layout.tsx loads it on demand): the screens,
 * the legal pages, Sign Out, and who is signed in with their credits.
 */
import { Dialog } from 'radix-ui';
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths.ts';
import { creditsLabel, initialOf } from '@/lib/format.ts';
import { CoinIcon, DocIcon, HeartIcon, HomeIcon, LogoutIcon, ShieldIcon, UserIcon, UsersIcon, XIcon } from '../ui/icons.tsx';

const menuItems = [
  { to: paths.home, label: 'Home', Icon: HomeIcon },
  { to: paths.likes, label: 'Likes', Icon: HeartIcon },
  { to: paths.matches, label: 'Matches', Icon: UsersIcon },
  { to: paths.profile, label: 'Profile', Icon: UserIcon, end: true },
  { to: paths.credits, label: 'Buy Credits', Icon: CoinIcon },
];

/**
 * An incomplete profile may use /home, the edit screen and the credits (and the public pages):
 * the other screens would only send the member back to finish the profile, so they are not offered.
 */
const limitedItems = [
  { to: paths.home, label: 'Home', Icon: HomeIcon },
  { to: paths.profileEdit, label: 'Complete Your Profile', Icon: UserIcon, end: true },
  { to: paths.credits, label: 'Buy Credits', Icon: CoinIcon },
];

const aboutItems = [
  { to: paths.privacy, label: 'Privacy Policy', Icon: ShieldIcon },
  { to: paths.terms, label: 'Terms and Conditions', Icon: DocIcon },
];

interface MenuPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back once the menu has closed (the menu button). */
  onClosed: () => void;
  username?: string | null;
  credits: number;
  /** The profile is incomplete: only what such a member may use. */
  limited?: boolean;
  onSignOut: () => void;
}

export function MenuPanel({ open, onOpenChange, onClosed, username, credits: count, limited = false, onSignOut }: MenuPanelProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="menu-overlay" />
        <Dialog.Content
          className="menu-panel"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // Back to the menu button (there is no Dialog.Trigger: the button lives in the shell).
            event.preventDefault();
            onClosed();
          }}
        >
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
              {(limited ? limitedItems : menuItems).map(({ to, label, Icon, end }) => (
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
  );
}
