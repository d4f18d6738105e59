/**
 * The menu button and the slide-out menu it opens, shared by the signed-in shell and the edit
 * screen (which sits outside the shell, so an incomplete member still has a way to the pages
 * they may use). The menu itself (Radix Dialog) is fetched when the member reaches for the
 * button (hover, focus) or taps it, not with the first screen: none of it is on screen until then.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { MenuIcon } from '../ui/icons.tsx';

const loadMenuPanel = () => import('./menu-panel.tsx');
const MenuPanel = lazy(() => loadMenuPanel().then((m) => ({ default: m.MenuPanel })));

export interface MenuButtonProps {
  username?: string | null;
  credits: number;
  /** The profile is incomplete: the menu offers only what such a member may use. */
  limited?: boolean;
  onSignOut: () => void;
}

export function MenuButton({ username, credits, limited = false, onSignOut }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so later opens and closes animate as before.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
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
      {opened ? (
        <Suspense fallback={null}>
          <MenuPanel
            open={open}
            onOpenChange={setOpen}
            onClosed={() => button.current?.focus()}
            username={username}
            credits={credits}
            limited={limited}
            onSignOut={onSignOut}
          />
        </Suspense>
      ) : null}
    </>
  );
}
