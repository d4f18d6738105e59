/**
 * The boot script: a separate, small entry the page loads beside the main bundle (see the
 * boot-script plugin in vite.config.ts), so a signed-in visit's first reads start while React
 * and the router are still on their way. A failure here costs nothing: the app asks again.
 */
import { isSignedInScreen, startBootReads, startsDiscovery } from './app/boot-reads.ts';
import { paths } from './config/paths.ts';
import { getToken } from './lib/auth-storage.ts';

const pathname = window.location.pathname;

startBootReads(pathname).catch(() => {});

/** The route module of a signed-in screen other than /home (the very imports of app/router.tsx). */
function screenModule(): Promise<unknown> | undefined {
  if (pathname === paths.likes) return import('./app/routes/likes.tsx');
  if (pathname === paths.matches) return import('./app/routes/matches.tsx');
  if (pathname === paths.credits) return import('./app/routes/credits.tsx');
  if (pathname === paths.profile) return import('./app/routes/own-profile.tsx');
  if (pathname === paths.profileEdit) return import('./app/routes/profile-edit.tsx');
  if (pathname.startsWith('/profile/')) return import('./app/routes/profile-view.tsx');
  if (pathname.startsWith('/chat/')) return import('./app/routes/chat.tsx');
  return undefined;
}

if (getToken() && (startsDiscovery(pathname) || isSignedInScreen(pathname))) {
  // The screen's own code, fetched now instead of once the main bundle has run and routed; the
  // router's lazy routes import the very same modules and find them loaded. The signed-in start
  // holds the layout and the shell every signed-in screen sits in.
  import('./app/routes/signed-in-start.ts').catch(() => {});
  if (!startsDiscovery(pathname)) screenModule()?.catch(() => {});
}
