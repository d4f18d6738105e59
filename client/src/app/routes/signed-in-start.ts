/**
 * Where every signed-in visit starts: the signed-in layout, the app shell inside it and /home,
 * loaded as one module. The router's three lazy levels all import it, so a first visit waits for
 * one download instead of three (and the build keeps what they need in one chunk: chunk-plan.ts).
 * The boot script imports it too on a signed-in visit to /home, before the main bundle has run.
 */
export { default as SignedInLayout } from './signed-in.tsx';
export { AppShell } from './app-shell.tsx';
export { HomeRoute } from './home.tsx';
