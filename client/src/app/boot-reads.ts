/**
 * What the boot script asks for on a signed-in visit, while the main bundle (React and the router)
 * is still downloading: on every signed-in screen the completeness and own profile the signed-in
 * layout reads; on /home the saved filters, then (for a complete profile) the first discovery page
 * made from them, then the first card's photo; on the other screens (for a complete profile) the
 * screen's own first reads (`screenReads`).
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

/** The completeness answer says the profile is complete (anything else: it is not, or unknown). */
const isComplete = (answer: unknown) =>
  Boolean(answer && typeof answer === 'object' && (answer as { is_complete?: unknown }).is_complete === true);

/** Where a signed-in visit starts: /home, and / which leads there. */
const STARTS_DISCOVERY = new Set<string>([paths.home, paths.root]);

export const startsDiscovery = (pathname: string) => STARTS_DISCOVERY.has(pathname);

const SIGNED_IN_SCREENS = new Set<string>([paths.likes, paths.matches, paths.credits, paths.profile, paths.profileEdit]);
const PROFILE_VIEW = /^\/profile\/(\d+)$/;
const CHAT = /^\/chat\/(\d+)$/;

/** A signed-in screen other than /home: its layout reads the completeness and the own profile. */
export const isSignedInScreen = (pathname: string) => SIGNED_IN_SCREENS.has(pathname) || PROFILE_VIEW.test(pathname) || CHAT.test(pathname);

/** The API reads a signed-in screen other than /home starts with, as its hooks ask for them (same URL). */
export function screenReads(pathname: string): string[] {
  if (pathname === paths.likes) return [apiPaths.likesReceived, apiPaths.likesSent, apiPaths.blocked];
  if (pathname === paths.matches) return [apiPaths.matches];
  if (pathname === paths.credits) return [apiPaths.creditPackages, apiPaths.paymentHistory];
  const profile = PROFILE_VIEW.exec(pathname);
  if (profile) return [apiPaths.profile(profile[1])];
  const chat = CHAT.exec(pathname);
  if (chat) return [apiPaths.chat(chat[1]), apiPaths.matches, apiPaths.creditPackages];
  return [];
}

/** Starts the reads for `pathname`; resolves once the first card's photo has been asked for (or there is nothing to ask). */
export async function startBootReads(pathname: string): Promise<void> {
  const token = getToken();
  if (!token || !(startsDiscovery(pathname) || isSignedInScreen(pathname))) return;
  const read = (path: string) => startEarlyRead(buildUrl(path), token);
  const completeness = read(apiPaths.completeness);
  const myProfile = read(apiPaths.myProfile);
  if (!startsDiscovery(pathname)) {
    // The edit screen's largest paint is the member's first photo, in the Photos section on top.
    if (pathname === paths.profileEdit && myProfile) preloadFirstPhoto(await myProfile.catch(() => undefined));
    // Only for a complete profile: an incomplete one is sent to the edit screen, and a refusal
    // read now could be handed to that screen's first visit after the profile is completed.
    const reads = screenReads(pathname);
    if (reads.length === 0 || !completeness || !(await completeness.then(isComplete, () => false))) return;
    const [first] = reads.map(read);
    // The first answer holds the photo the screen shows first (its largest paint on a phone).
    if (first) preloadFirstPhoto(firstShown(await first.catch(() => undefined)));
    return;
  }
  const filters = read(apiPaths.filterProfiles);
  if (!filters || !completeness) return;
  // The URL builder comes with the filter definitions, which the boot script itself does not need
  // to wait for: it loads while the filters are asked for. The page waits for the completeness
  // too: the server refuses discovery to an incomplete profile, so it is not asked then.
  const [{ profilesKey, savedFiltersFrom }, saved, complete] = await Promise.all([
    import('../features/discovery/api/profiles-key.ts'),
    filters,
    completeness.then(isComplete, () => false),
  ]);
  if (!complete) return;
  const page = read(profilesKey(savedFiltersFrom(saved)));
  if (!page) return;
  preloadFirstPhoto(toPage<Profile>(await page).results[0]);
}

/** The member a screen's first answer shows first: the first like or match, or the profile itself. */
function firstShown(answer: unknown): unknown {
  if (!answer || typeof answer !== 'object') return undefined;
  for (const list of ['likes_received', 'matches'] as const) {
    const items = (answer as Record<string, unknown>)[list];
    if (Array.isArray(items)) return items[0];
  }
  return answer;
}

/** The browser keeps the image for the screen's <img>, which then shows without another wait. */
function preloadFirstPhoto(profile: unknown): void {
  const photo = profile && typeof profile === 'object' ? profilePhotos(profile as Profile, 1)[0] : undefined;
  if (photo) new Image().src = photo;
}
