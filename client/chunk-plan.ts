/**
 * Vite plugin: the build's chunks for a signed-in start, planned by hand where the automatic
 * split makes a phone wait. Left alone, the bundler gives every module shared by two lazy routes
 * a chunk of its own, and /home started with 14 scripts and 4 style sheets behind its layout,
 * shell and screen, most of them a kilobyte or two: over HTTP/1.1's six connections per host each
 * costs a round trip on a slow network. Four groups instead:
 *
 * - `boot-shared`: what the boot script (src/boot.ts) imports, which the main entry imports too,
 *   in one chunk rather than one per module;
 * - `profiles-key`: the discovery URL builder with the filter definitions it needs, which the
 *   boot script loads on a signed-in visit to /home while it asks for the saved filters; apart,
 *   so that read does not wait for React;
 * - `signed-in-start`: the signed-in layout, the app shell and /home (src/app/routes/signed-in-start.ts)
 *   with every module they need that the entries do not carry already. Every signed-in screen
 *   loads this chunk anyway (the layout and shell are its parents), so the modules it shares with
 *   other screens cost them nothing extra;
 * - `app`: the rest of the main entry (React, the router, the providers) in one chunk, not in
 *   pieces shared with the chunks above.
 *
 * The module sets are the static import closures, read from the module graph once it is complete
 * (buildEnd), before the bundler forms chunks with the groups' `test`.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** The route modules of the screens a signed-out visitor opens (app/router.tsx). */
const SIGNED_OUT_ROUTES = ['app/routes/signin-route.tsx', 'app/routes/auth-routes.tsx', 'app/routes/legal-routes.tsx'];

interface GraphReader {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** Every module `root` imports statically, directly or not, itself included. */
function staticClosure(graph: GraphReader, root: string): Set<string> {
  const seen = new Set<string>();
  const pending = [root];
  while (pending.length > 0) {
    const id = pending.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

export function chunkPlan(root: string): Plugin {
  const source = (file: string) => path.join(root, 'src', file);
  const bootShared = new Set<string>();
  const profilesKey = new Set<string>();
  const signedInStart = new Set<string>();
  const app = new Set<string>();
  return {
    name: 'betroth-chunk-plan',
    apply: 'build',
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'boot-shared', test: (id: string) => bootShared.has(id), priority: 3, includeDependenciesRecursively: false },
                  { name: 'profiles-key', test: (id: string) => profilesKey.has(id), priority: 2, includeDependenciesRecursively: false },
                  {
                    name: 'signed-in-start',
                    test: (id: string) => signedInStart.has(id),
                    priority: 1,
                    includeDependenciesRecursively: false,
                  },
                  { name: 'app', test: (id: string) => app.has(id), priority: 0, includeDependenciesRecursively: false },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      // A watch build runs this again: start from the new graph, not on top of the last one.
      for (const group of [bootShared, profilesKey, signedInStart, app]) group.clear();
      const boot = staticClosure(this, source('boot.ts'));
      const main = staticClosure(this, source('main.tsx'));
      boot.delete(source('boot.ts'));
      for (const id of boot) bootShared.add(id);
      for (const id of main) if (!boot.has(id)) app.add(id);
      // What a signed-out visitor's screens need stays out of both groups, or /signin would load them.
      const signedOut = new Set(SIGNED_OUT_ROUTES.flatMap((route) => [...staticClosure(this, source(route))]));
      const elsewhere = (id: string) => main.has(id) || boot.has(id) || signedOut.has(id);
      for (const id of staticClosure(this, source('features/discovery/api/profiles-key.ts'))) {
        if (!elsewhere(id)) profilesKey.add(id);
      }
      for (const id of staticClosure(this, source('app/routes/signed-in-start.ts'))) {
        if (!elsewhere(id) && !profilesKey.has(id)) signedInStart.add(id);
      }
    },
  };
}
