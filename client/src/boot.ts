/**
 * The boot script: a separate, small entry the page loads beside the main bundle (see the
 * boot-script plugin in vite.config.ts), so a signed-in visit's first reads start while React
 * and the router are still on their way. A failure here costs nothing: the app asks again.
 */
import { startBootReads, startsDiscovery } from './app/boot-reads.ts';
import { getToken } from './lib/auth-storage.ts';

startBootReads(window.location.pathname).catch(() => {});

if (getToken() && startsDiscovery(window.location.pathname)) {
  // The screen's own code, fetched now instead of once the main bundle has run and routed; the
  // router's lazy routes import the very same modules and find them loaded.
  import('./app/routes/signed-in-start.ts').catch(() => {});
}
