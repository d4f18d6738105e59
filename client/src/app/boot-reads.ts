/**
 * What the boot script asks for on a signed-in visit to /home, while the main bundle (React and
 * the router) is still downloading: the completeness and own profile the signed-in layout reads,
 * the saved filters, then the first discovery page made from them, then the first card's photo.
 * Without this they would start one after the other, each once the code that needs it has loaded
 * and run; with it they are usually done by the time the screen first renders.
 *
 * The answers wait in lib/early-reads.ts for the app's own requests (same URL, same session), so
 * the screens, their SWR keys and their error handling stay exactly as they are.
 */
import { apiPaths, paths } from '../config/paths.ts';
import { getToken } from '../lib/auth-storage.ts';
import { startEarlyRead } from '../lib/early-reads.ts';
import { buildUrl } from '../lib/http.ts';
import { toPage } from '../lib/pagination.ts';
import { type Profile, profilePhotos } from '../types/api.ts';

/** Where a signed-in visit starts: /home, and / which leads there. */
const STARTS_DISCOVERY = new Set<string>([paths.home, paths.root]);

export const startsDiscovery = (pathname: string) => STARTS_DISCOVERY.has(pathname);

/** Starts the reads for `pathname`; resolves once the first card's photo has been asked for (or there is nothing to ask). */
export async function startBootReads(pathname: string): Promise<void> {
  const token = getToken();
  if (!token || !startsDiscovery(pathname)) return;
  const read = (path: string) => startEarlyRead(buildUrl(path), token);
  read(apiPaths.completeness);
  read(apiPaths.myProfile);
  const filters = read(apiPaths.filterProfiles);
  if (!filters) return;
  // The URL builder comes with the filter definitions, which the boot script itself does not need
  // to wait for: it loads while the filters are asked for.
  const [{ profilesKey, savedFiltersFrom }, saved] = await Promise.all([import('../features/discovery/api/profiles-key.ts'), filters]);
  const page = read(profilesKey(savedFiltersFrom(saved)));
  if (!page) return;
  const first = toPage<Profile>(await page).results[0];
  const photo = first ? profilePhotos(first, 1)[0] : undefined;
  // The browser keeps the image for the card's <img>, which then shows without another wait.
  if (photo) new Image().src = photo;
}
