/**
 * The client's routes. Declarative routing (<BrowserRouter> + useRoutes): the app uses no loaders,
 * actions or fetchers, and leaving the data router out halves the router's share of the first load.
 *
 * The first load carries React, the router, the providers and the auth guard; the screens are
 * loaded on demand. The signed-in layout, the shell and /home are one module (signed-in-start.ts:
 * every signed-in visit needs the first two, and most start at /home); every other screen is its
 * own chunk. On each location the router starts the download of every lazy level of the match at
 * once, so nested layouts never wait for each other; a first visit to /home never loads the
 * sign-in form, and /signin never loads the socket client or the shell.
 */
import { Suspense } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { AuthGuard } from './guards/auth-guard.tsx';
import { type LazyScreen, lazyScreen } from './lazy-screen.ts';
import { AppProviders } from './providers.tsx';

const authScreens = () => import('./routes/auth-routes.tsx');
const legal = () => import('./routes/legal-routes.tsx');
const signedInStart = () => import('./routes/signed-in-start.ts');
const moderation = () => import('./routes/moderation.tsx');
const screens = {
  signin: lazyScreen(() => import('./routes/signin-route.tsx'), 'SigninRoute'),
  signup: lazyScreen(authScreens, 'SignupRoute'),
  forgotPassword: lazyScreen(authScreens, 'ForgotPasswordRoute'),
  resetPassword: lazyScreen(authScreens, 'ResetPasswordRoute'),
  privacy: lazyScreen(legal, 'PrivacyRoute'),
  terms: lazyScreen(legal, 'TermsRoute'),
  signedIn: lazyScreen(signedInStart, 'SignedInLayout'),
  appShell: lazyScreen(signedInStart, 'AppShell'),
  home: lazyScreen(signedInStart, 'HomeRoute'),
  profileView: lazyScreen(() => import('./routes/profile-view.tsx'), 'ProfileViewRoute'),
  ownProfile: lazyScreen(() => import('./routes/own-profile.tsx'), 'OwnProfileRoute'),
  profileEdit: lazyScreen(() => import('./routes/profile-edit.tsx'), 'default'),
  credits: lazyScreen(() => import('./routes/credits.tsx'), 'CreditsRoute'),
  likes: lazyScreen(() => import('./routes/likes.tsx'), 'LikesRoute'),
  matches: lazyScreen(() => import('./routes/matches.tsx'), 'MatchesRoute'),
  chat: lazyScreen(() => import('./routes/chat.tsx'), 'ChatRoute'),
  moderationArea: lazyScreen(moderation, 'ModerationArea'),
  moderationQueue: lazyScreen(moderation, 'ModerationQueueRoute'),
  moderationReport: lazyScreen(moderation, 'ModerationReportRoute'),
  accountStanding: lazyScreen(() => import('./routes/account-standing.tsx'), 'AccountStandingRoute'),
  moderationFaces: lazyScreen(moderation, 'ModerationFacesRoute'),
};

/** A route whose element loads on demand; `handle.preload` lets the router fetch it early. */
const lazyRoute = (screen: LazyScreen, route: RouteObject = {}): RouteObject => ({
  ...route,
  element: <screen.Component />,
  handle: { preload: screen.preload },
});

const routes: RouteObject[] = [
  lazyRoute(screens.signin, { path: paths.signin }),
  lazyRoute(screens.signup, { path: paths.signup }),
  lazyRoute(screens.forgotPassword, { path: paths.forgotPassword }),
  lazyRoute(screens.resetPassword, { path: paths.resetPassword }),
  lazyRoute(screens.privacy, { path: paths.privacy }),
  lazyRoute(screens.terms, { path: paths.terms }),
  {
    element: <AuthGuard />,
    children: [
      // Outside the signed-in layout: a restricted member may read nothing that layout reads.
      lazyRoute(screens.accountStanding, { path: paths.accountStanding }),
      lazyRoute(screens.signedIn, {
        children: [
          lazyRoute(screens.profileEdit, { path: paths.profileEdit }),
          lazyRoute(screens.appShell, {
            children: [
              lazyRoute(screens.home, { path: paths.home }),
              lazyRoute(screens.profileView, { path: paths.profileViewPattern }),
              lazyRoute(screens.ownProfile, { path: paths.profile }),
              lazyRoute(screens.likes, { path: paths.likes }),
              lazyRoute(screens.matches, { path: paths.matches }),
              lazyRoute(screens.chat, { path: paths.chatPattern }),
              lazyRoute(screens.credits, { path: paths.credits }),
              // The guard is the parent: neither screen renders before it knows a moderator is here.
              lazyRoute(screens.moderationArea, {
                path: paths.moderation,
                children: [
                  lazyRoute(screens.moderationQueue, { index: true }),
                  lazyRoute(screens.moderationReport, { path: paths.moderationReportChild }),
                  lazyRoute(screens.moderationFaces, { path: paths.moderationFacesChild }),
                ],
              }),
            ],
          }),
        ],
      }),
    ],
  },
  { path: paths.accountStatements, element: <Navigate to={paths.accountStanding} replace /> },
  { path: paths.root, element: <Navigate to={paths.home} replace /> },
  { path: '*', element: <Navigate to={paths.home} replace /> },
];

function preloadMatch(pathname: string): void {
  for (const match of matchRoutes(routes, pathname) ?? []) {
    (match.route.handle as { preload?: () => unknown } | undefined)?.preload?.();
  }
}

/** The app inside <BrowserRouter>: providers, then the matched screen (a spinner while it loads). */
export function App() {
  const { pathname } = useLocation();
  // Started during render on purpose: a lazy layout would otherwise fetch its child only once it
  // has loaded and rendered (a round trip per level). preload() is idempotent.
  preloadMatch(pathname);
  const element = useRoutes(routes);
  return (
    <AppProviders>
      <Suspense fallback={<FullPageSpinner />}>{element}</Suspense>
    </AppProviders>
  );
}
