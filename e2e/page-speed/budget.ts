/**
 * The page-speed budget (issue 13), never to be lowered to make a run pass: first-load
 * JavaScript at most 120 kB as sent (compressed) and Lighthouse accessibility 100 on /signin
 * and on a signed-in /home: both are counted, not timed, so e2e/page-speed.test.ts asserts them.
 * The performance goal (Lighthouse mobile performance at least 95) is a timing on a shared
 * machine, so it is measured by bench/page-speed.ts, as every speed figure of this repository is
 * (several calibrated runs, reported beside the goal).
 */
export const FIRST_LOAD_JS_BUDGET_BYTES = 120_000;
/**
 * First-load JavaScript of every other signed-in screen (/likes, /matches, /credits, /profile,
 * /profile/edit, another member's profile, a chat), as sent. Each carries what /home carries but
 * discovery's own code (the entry, the signed-in start with the layout and shell, the toaster),
 * about 108 kB, plus its own chunks: Radix's tabs and dialogs, react-hook-form on the edit
 * screen. When issue 24 first measured them they took 112 kB (/credits) to 151 kB (/profile/edit);
 * this ceiling holds them there. Their goal is Lighthouse's (bench/page-speed.ts), not this count.
 */
export const SCREEN_FIRST_LOAD_JS_BUDGET_BYTES = 155_000;
/**
 * Script files of a signed-in /home's first load, until the network is idle (client/chunk-plan.ts):
 * each is a round trip over one of HTTP/1.1's six connections on a slow network; split by module,
 * /home took 19. Today 10: the boot script and its shared chunk, the entry and its runtime, the
 * app, the discovery URL builder, the signed-in start, one shared contract chunk, the service
 * worker's registration, and the toaster fetched after the page's load.
 */
export const FIRST_LOAD_SCRIPT_FILES = 11;
export const MIN_PERFORMANCE = 95;
export const ACCESSIBILITY = 100;
